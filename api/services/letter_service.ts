import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Letter from '#models/letter'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import NotificationService from '#services/notification_service'
import UserPresenter from '#services/user_presenter'
import { escapeLike } from '#services/creator_query'
import { isStaffSide } from '#policies/studio_policy'
import { pageWindow } from '#services/paging'
import type { Actor } from '#services/actor'

function person(user: User | undefined) {
  return user
    ? { id: user.id, name: user.name, role: user.role, avatar_url: UserPresenter.avatarUrl(user) }
    : null
}

/** Private letters between the studio's people (and to creators' and companies' accounts). */
export default class LetterService {
  static present(letter: Letter, withBody = false) {
    return {
      id: letter.id,
      subject: letter.subject,
      excerpt: letter.body.length > 120 ? `${letter.body.slice(0, 120)}…` : letter.body,
      ...(withBody ? { body: letter.body } : {}),
      from: person(letter.sender),
      to: person(letter.recipient),
      reply_to_id: letter.replyToId,
      read: letter.readAt !== null,
      created_at: letter.createdAt.toISO(),
    }
  }

  static async page(user: User, box: 'inbox' | 'sent', start: number, end: number) {
    const query = Letter.query()
    if (box === 'inbox') query.where('recipient_id', user.id).whereNull('recipient_deleted_at')
    else query.where('sender_id', user.id).whereNull('sender_deleted_at')
    const [counted] = await query.clone().count('* as total')
    const { limit } = pageWindow(start, end)
    const rows = await query
      .preload('sender')
      .preload('recipient')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(limit)
    return { total: Number(counted.$extras.total), rows }
  }

  static async unread(userId: number) {
    const row = await db
      .from('letters')
      .where('recipient_id', userId)
      .whereNull('recipient_deleted_at')
      .whereNull('read_at')
      .count('* as unread')
      .first()
    return Number(row?.unread ?? 0)
  }

  /** A letter of mine (sent or received, not deleted on my side); reading it marks it read. */
  static async open(user: User, id: number) {
    const letter = await Letter.find(id)
    const mine =
      letter &&
      ((letter.recipientId === user.id && !letter.recipientDeletedAt) ||
        (letter.senderId === user.id && !letter.senderDeletedAt))
    if (!letter || !mine) throw new StudioException('errors.not_found', { status: 404 })
    if (letter.recipientId === user.id && !letter.readAt) {
      letter.readAt = DateTime.utc()
      await letter.save()
    }
    await letter.load('sender')
    await letter.load('recipient')
    return letter
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
    return db.transaction(async (trx) => {
      const letter = await Letter.create(
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
          link: `/app/private_letter?id=${letter.id}`,
        },
        trx
      )
      return letter
    })
  }

  static async remove(user: User, id: number) {
    const letter = await this.open(user, id)
    if (letter.recipientId === user.id) letter.recipientDeletedAt = DateTime.utc()
    if (letter.senderId === user.id) letter.senderDeletedAt = DateTime.utc()
    await letter.save()
  }

  /** People I may write to: active accounts (staff-side writers), or the agency's staff. */
  static async recipients(user: User, q?: string) {
    const query = User.query().where('status', 'active').whereNot('id', user.id)
    if (!isStaffSide(user) && user.role !== 'admin') query.where('account_type', 'staff')
    if (q) {
      const like = `%${escapeLike(q)}%`
      query.where((sub) => {
        sub
          .whereRaw(`?? like ? escape '!'`, ['name', like])
          .orWhereRaw(`?? like ? escape '!'`, ['email', like])
      })
    }
    const rows = await query.orderBy('name').limit(20)
    return rows.map((row) => ({ ...person(row)!, email: row.email, account_type: row.accountType }))
  }
}
