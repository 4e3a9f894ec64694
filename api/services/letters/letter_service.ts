import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Letter from '#models/letter'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import NotificationService from '#services/notifications/notification_service'
import { containing, whereAnyLike } from '#support/like'
import { paginate, type PageWindow } from '#support/pagination'
import type { Actor } from '#support/actor'
import { countOf } from '#support/sql'

/** Private letters between the studio's people (and to creators' and companies' accounts). */
export default class LetterService {
  /** One page of `user`'s inbox or sent box, newest first. */
  static page(user: User, box: 'inbox' | 'sent', window: PageWindow) {
    const query = Letter.query().withScopes((scopes) => scopes.inBox(user, box))
    return paginate(query, window, (filtered) =>
      filtered.preload('sender').preload('recipient').orderBy('id', 'desc')
    )
  }

  /** Letters waiting in the inbox, unread. */
  static async unread(userId: number) {
    const unread = db.from('letters').where('recipient_id', userId).whereNull('read_at')
    return countOf(await unread.whereNull('recipient_deleted_at').count('* as total').first())
  }

  /** A letter of mine (sent or received, not deleted on my side); reading it marks it read. */
  static async open(user: User, id: number) {
    const letter = await Letter.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('id', id)
      .firstOrFail()
    if (letter.recipientId === user.id && !letter.readAt) {
      letter.readAt = DateTime.utc()
      await letter.save()
    }
    await letter.load('sender')
    await letter.load('recipient')
    return letter
  }

  /** The person a new letter goes to (422 when there is none). */
  static async recipient(id: number) {
    const recipient = await User.find(id)
    if (!recipient) throw new StudioException('letters.errors.recipient_unknown', { status: 422 })
    return recipient
  }

  static async send(
    actor: Actor,
    recipient: User,
    input: { subject: string; body: string; reply_to_id?: number }
  ) {
    if (input.reply_to_id !== undefined) {
      const original = await Letter.find(input.reply_to_id)
      const involved = original && [original.senderId, original.recipientId].includes(actor.user.id)
      if (!original || !involved)
        throw new StudioException('letters.errors.reply_unknown', { status: 422 })
    }
    const letter = await db.transaction(async (trx) => {
      const created = await Letter.create(
        {
          senderId: actor.user.id,
          recipientId: recipient.id,
          replyToId: input.reply_to_id ?? null,
          subject: input.subject,
          body: input.body,
        },
        { client: trx }
      )
      await NotificationService.notify(
        {
          kind: 'letter',
          userIds: [recipient.id],
          params: { name: actor.user.name, title: input.subject },
          link: `/app/private_letter?id=${created.id}`,
        },
        trx
      )
      return created
    })
    await letter.load('sender')
    await letter.load('recipient')
    return letter
  }

  static async remove(user: User, id: number) {
    const letter = await this.open(user, id)
    if (letter.recipientId === user.id) letter.recipientDeletedAt = DateTime.utc()
    if (letter.senderId === user.id) letter.senderDeletedAt = DateTime.utc()
    await letter.save()
  }

  /**
   * People `user` may write to: active accounts, only the agency's staff
   * accounts when `staffOnly` (LetterPolicy decides who may write to anyone).
   */
  static async recipients(user: User, q: string | undefined, options: { staffOnly: boolean }) {
    const query = User.query().where('status', 'active').whereNot('id', user.id)
    if (options.staffOnly) query.where('account_type', 'staff')
    if (q) whereAnyLike(query, ['name', 'email'], containing(q))
    return query.orderBy('name').limit(20)
  }
}
