import { DateTime } from 'luxon'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import type User from '#models/user'
import type { NotificationKind } from '#shared/notifications'

/** One headline notification of one person. */
export default class Notification extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: NotificationKind

  @column({
    prepare: (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : {}),
  })
  declare params: Record<string, string | number | null>

  @column()
  declare link: string | null

  @column({ serializeAs: null })
  declare dedupeKey: string | null

  @column.dateTime()
  declare readAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** A person sees their own notifications only. */
  static visibleTo = scope((query, user: Pick<User, 'id'>) => {
    query.where('notifications.user_id', user.id)
  })
}
