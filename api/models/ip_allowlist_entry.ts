import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class IpAllowlistEntry extends BaseModel {
  static table = 'ip_allowlist_entries'

  @column({ isPrimary: true })
  declare id: number

  /** An IPv4 or IPv6 range in CIDR notation (a single address is stored as /32 or /128). */
  @column()
  declare cidr: string

  @column()
  declare note: string | null

  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
