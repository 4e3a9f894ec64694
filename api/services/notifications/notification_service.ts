import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import type User from '#models/user'
import { presentNotification } from '#services/notifications/notification_presenter'
import { countOf } from '#support/sql'
import type { Role } from '#shared/constants'
import type { NotificationKind } from '#shared/notifications'

export interface NotifyInput {
  kind: NotificationKind
  /** Recipients: these users and/or every active user of these roles. */
  userIds?: number[]
  roles?: Role[]
  /** Values the admin's wording of the kind interpolates (title, creator name, …). */
  params?: Record<string, string | number | null>
  /** Admin path the notification opens, e.g. /app/board?id=5. */
  link?: string | null
  /** The same key is never notified twice to the same user. */
  dedupeKey?: string | null
}

const sqlNow = () => DateTime.utc().toSQL({ includeOffset: false })

/**
 * Headline notifications (SPEC §7 /api/headline-notifications): one row per
 * recipient, written in the caller's transaction so that a rolled-back
 * change never announces itself. The header polls for them.
 */
export default class NotificationService {
  static async notify(input: NotifyInput, trx?: TransactionClientContract): Promise<number> {
    const client = trx ?? db
    const ids = new Set(input.userIds ?? [])
    if (input.roles?.length) {
      const rows = await client
        .from('users')
        .whereIn('role', input.roles)
        .where('status', 'active')
        .select('id')
      for (const row of rows) ids.add(row.id)
    }
    if (!ids.size) return 0
    let recipients = [...ids]
    if (input.dedupeKey) {
      const seen = await client
        .from('notifications')
        .whereIn('user_id', recipients)
        .where('dedupe_key', input.dedupeKey)
        .select('user_id')
      const already = new Set(seen.map((row) => row.user_id))
      recipients = recipients.filter((id) => !already.has(id))
    }
    if (!recipients.length) return 0
    const params = input.params ? JSON.stringify(input.params) : null
    const createdAt = sqlNow()
    await client.table('notifications').multiInsert(
      recipients.map((userId) => ({
        user_id: userId,
        kind: input.kind,
        params,
        link: input.link ?? null,
        dedupe_key: input.dedupeKey ?? null,
        created_at: createdAt,
      }))
    )
    return recipients.length
  }

  /** A page of `user`'s notifications, newest first, with the totals the header shows. */
  static async page(user: User, offset: number, limit: number) {
    const userId = user.id
    const [items, totals] = await Promise.all([
      Notification.query()
        .withScopes((scopes) => scopes.visibleTo(user))
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit),
      db
        .from('notifications')
        .where('user_id', userId)
        .count('* as total')
        .sum({ unread: db.raw('CASE WHEN read_at IS NULL THEN 1 ELSE 0 END') }),
    ])
    return {
      items: items.map((item) => presentNotification(item)),
      total: Number(totals[0].total),
      unread: Number(totals[0].unread ?? 0),
      offset,
      limit,
    }
  }

  /** The user's notifications not read yet. */
  static async unread(userId: number) {
    const unread = db.from('notifications').where('user_id', userId).whereNull('read_at')
    return countOf(await unread.count('* as total').first())
  }

  /** Marks one (or, without an id, every) notification of the user read. */
  static async markRead(userId: number, id?: number) {
    const query = db.from('notifications').where('user_id', userId).whereNull('read_at')
    if (id !== undefined) query.where('id', id)
    await query.update({ read_at: sqlNow() })
  }
}
