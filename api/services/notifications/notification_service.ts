import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import type User from '#models/user'
import { presentNotification } from '#services/notifications/notification_presenter'
import { listEnvelope, paginate } from '#support/pagination'
import { countOf } from '#support/sql'
import type { Role } from '#shared/constants'
import type { NotificationKind } from '#shared/notifications'

interface NotifyInput {
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
    const query = Notification.query().withScopes((scopes) => scopes.visibleTo(user))
    const page = await paginate(query, { offset, limit }, (mine) => mine.orderBy('id', 'desc'))
    return {
      ...listEnvelope(page, presentNotification),
      unread: await this.unread(user.id),
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
