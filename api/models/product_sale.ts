import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column, scope } from '@adonisjs/lucid/orm'
import { fromCents, toCents } from '#support/money'
import { isAgencySide } from '#shared/roles'
import type User from '#models/user'
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

  /**
   * The sales `user` may see: every sale for the agency and for company
   * accounts (who read the figures), none for anybody else.
   */
  static visibleTo = scope((query, user: Pick<User, 'role'>) => {
    if (!isAgencySide(user) && user.role !== 'company') query.whereRaw('1 = 0')
  })
}
