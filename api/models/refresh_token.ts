import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withTokenColumns } from '#models/mixins/columns'

export default class RefreshToken extends compose(BaseModel, withTokenColumns, withCreatedAt) {
  @column({ isPrimary: true })
  declare id: number

  /** Set when the token was exchanged for a new pair (rotation). */
  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column()
  declare ip: string | null

  @column()
  declare userAgent: string | null
}
