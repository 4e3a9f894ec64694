import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import type User from '#models/user'
import type { NotificationKind } from '#shared/notifications'
import { withCreatedAt } from '#models/mixins/timestamps'

/** One headline notification of one person. */
export default class Notification extends compose(BaseModel, withCreatedAt) {
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

  /** A person sees their own notifications only. */
  static visibleTo = scope((query, user: Pick<User, 'id'>) => {
    query.where('notifications.user_id', user.id)
  })
}
