import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { AlertKind, AlertSeverity, AlertStatus } from '#shared/alerts'
import { isAgencySide } from '#shared/roles'
import { withTimestamps } from '#models/mixins/timestamps'
import { dayColumn, withCreator } from '#models/mixins/columns'

export default class Alert extends compose(BaseModel, withCreator, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare kind: AlertKind

  @column()
  declare severity: AlertSeverity

  @column()
  declare accountId: number | null

  @column()
  declare platform: string | null

  @column(dayColumn)
  declare day: string

  @column({ serializeAs: null })
  declare dedupeKey: string

  @column({
    prepare: (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? JSON.parse(value) : {}),
  })
  declare figures: Record<string, number | string | null>

  @column()
  declare status: AlertStatus

  @column()
  declare assigneeId: number | null

  @belongsTo(() => User, { foreignKey: 'assigneeId' })
  declare assignee: BelongsTo<typeof User>

  @column()
  declare acknowledgedBy: number | null

  @belongsTo(() => User, { foreignKey: 'acknowledgedBy' })
  declare acknowledger: BelongsTo<typeof User>

  @column.dateTime()
  declare acknowledgedAt: DateTime | null

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column()
  declare note: string | null

  @column.dateTime()
  declare lastSeenAt: DateTime

  /** The alerts `user` may see: the agency's people see every alert, others none. */
  static visibleTo = scope((query, user: Pick<User, 'role'>) => {
    if (!isAgencySide(user)) query.whereRaw('1 = 0')
  })
}
