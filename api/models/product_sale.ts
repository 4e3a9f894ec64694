import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { fromCents, toCents } from '#support/money'
import { isAgencySide } from '#shared/roles'
import User from '#models/user'
import { withTimestamps } from '#models/mixins/timestamps'
import { dayColumn, withCreator } from '#models/mixins/columns'

/** DECIMAL(14,2) as a two-decimal string on SQLite and MySQL alike. */
const decimal = { consume: (value: unknown) => fromCents(toCents(String(value))) }

/** One product's sales by a creator on a platform in a month (E-Commerce). */
export default class ProductSale extends compose(BaseModel, withCreator, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare platform: string

  /** The first day of the month, 'YYYY-MM-01'. */
  @column(dayColumn)
  declare month: string

  @column()
  declare product: string

  @column()
  declare items: number

  @column()
  declare orders: number

  @column(decimal)
  declare gmv: string

  @column(decimal)
  declare commission: string

  @column()
  declare currency: 'KRW' | 'CNY' | 'USD'

  @column()
  declare createdBy: number | null

  /** The company account whose product sold (it reads this sale); null: the agency's only. */
  @column()
  declare companyUserId: number | null

  @belongsTo(() => User, { foreignKey: 'companyUserId' })
  declare company: BelongsTo<typeof User>

  /**
   * The sales `user` may see: every sale for the agency, a company's own
   * (the sales of its products), none for anybody else.
   */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (isAgencySide(user)) return
    if (user.role === 'company') query.where('company_user_id', user.id)
    else query.whereRaw('1 = 0')
  })
}
