import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'

export default class IpAllowlistEntry extends compose(BaseModel, withTimestamps) {
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
}
