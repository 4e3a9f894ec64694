import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'
import { withEntry } from '#models/mixins/entry'
import { dayColumn } from '#models/mixins/columns'
import { decimalText } from '#models/mixins/decimal'
import type { RateSource, RevenueCurrency } from '#shared/settlement'

/** Won per unit of a currency on a date, where the rate came from and who entered it. */
export default class ExchangeRate extends compose(BaseModel, withEntry, withTimestamps) {
  @column()
  declare currency: RevenueCurrency

  @column(decimalText(4))
  declare rate: string

  @column(dayColumn)
  declare rateDate: string

  @column()
  declare source: RateSource

  @column()
  declare note: string | null
}
