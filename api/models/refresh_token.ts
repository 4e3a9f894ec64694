import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class RefreshToken extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare familyId: string

  /** SHA-256 of the token value; the value itself is never stored. */
  @column({ serializeAs: null })
  declare hash: string

  @column.dateTime()
  declare expiresAt: DateTime

  /** Set when the token was exchanged for a new pair (rotation). */
  @column.dateTime()
  declare usedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column()
  declare ip: string | null

  @column()
  declare userAgent: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
