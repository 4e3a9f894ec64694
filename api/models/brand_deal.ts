import { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Creator from '#models/creator'
import User from '#models/user'
import type { DealStage } from '#shared/market'
import { fromCents, toCents } from '#support/money'
import { isAgencySide } from '#shared/roles'
import { withTeam } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'

/** A brand deal: an enquiry that moves to negotiating, signed and delivered (or lost). */
export default class BrandDeal extends compose(BaseModel, withTeam, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare brand: string

  @column()
  declare contactName: string | null

  @column()
  declare contactEmail: string | null

  @column()
  declare creatorId: number | null

  @belongsTo(() => Creator)
  declare creator: BelongsTo<typeof Creator>

  @column()
  declare platform: string | null

  @column()
  declare format: string | null

  /** DECIMAL(14,2) as the database writes it ('1200000.00'); never a float. */
  @column({ consume: (value) => (value === null ? null : fromCents(toCents(String(value)))) })
  declare amount: string | null

  @column()
  declare currency: 'KRW' | 'CNY' | 'USD'

  @column()
  declare stage: DealStage

  @column()
  declare ownerId: number | null

  @belongsTo(() => User, { foreignKey: 'ownerId' })
  declare owner: BelongsTo<typeof User>

  @column()
  declare companyUserId: number | null

  @column()
  declare note: string | null

  @column.dateTime()
  declare enquiryAt: DateTime

  @column.dateTime()
  declare negotiatingAt: DateTime | null

  @column.dateTime()
  declare signedAt: DateTime | null

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column.dateTime()
  declare lostAt: DateTime | null

  /** The deals `user` may see: every deal for the agency, a company's own enquiries. */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (!isAgencySide(user)) query.where('company_user_id', user.id)
  })
}
