import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTeam } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'

export default class RegisterCode extends compose(BaseModel, withTeam, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare note: string | null

  @column()
  declare maxUses: number | null

  @column()
  declare usedCount: number

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column()
  declare createdBy: number | null

  /** Usable: not revoked, not expired and not used up. */
  get isUsable() {
    if (this.revokedAt) return false
    if (this.expiresAt && this.expiresAt < DateTime.now()) return false
    if (this.maxUses !== null && this.usedCount >= this.maxUses) return false
    return true
  }
}
