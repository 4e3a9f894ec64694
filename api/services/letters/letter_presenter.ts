import type Letter from '#models/letter'
import type User from '#models/user'
import { presentPerson } from '#services/people/user_presenter'

/** A letter's sender or recipient: the person and their role. */
function correspondent(user: User | undefined) {
  const person = presentPerson(user)
  return person && user ? { ...person, role: user.role } : null
}

/** A letter as the inbox lists it (an excerpt), or whole with `withBody`. */
export function presentLetter(letter: Letter, withBody = false) {
  return {
    id: letter.id,
    subject: letter.subject,
    excerpt: letter.body.length > 120 ? `${letter.body.slice(0, 120)}…` : letter.body,
    ...(withBody ? { body: letter.body } : {}),
    from: correspondent(letter.sender),
    to: correspondent(letter.recipient),
    reply_to_id: letter.replyToId,
    read: letter.readAt !== null,
    created_at: letter.createdAt.toISO(),
  }
}

/** Somebody a letter may be written to. */
/**
 * Someone I may write to. The email only for the staff side: a creator or a
 * company writes to the staff by name, without learning their addresses.
 */
export function presentRecipient(user: User, { withEmail }: { withEmail: boolean }) {
  return {
    ...correspondent(user)!,
    ...(withEmail ? { email: user.email } : {}),
    account_type: user.accountType,
  }
}
