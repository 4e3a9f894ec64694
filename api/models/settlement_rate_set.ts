import { compose } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withEntry } from '#models/mixins/entry'
import { decimalText } from '#models/mixins/decimal'
import { SETTLEMENT_RATE_KEYS, type SettlementRates, type SettlementStep } from '#shared/settlement'

/**
 * The rate columns, one per key of SETTLEMENT_RATE_KEYS (`cn_vat_rate` is the
 * property `cnVatRate`): shares with 4 decimals, amounts in won (`_krw`) with 2.
 */
export const RATE_COLUMNS = SETTLEMENT_RATE_KEYS.map((key) => ({
  key,
  property: string.camelCase(key),
  places: key.endsWith('_krw') ? 2 : 4,
}))

/** The steps, stored comma-separated in their order. */
const stepsColumn = {
  prepare: (steps: readonly SettlementStep[]) => steps.join(','),
  consume: (value: string) => value.split(',') as SettlementStep[],
}

/**
 * One version of the settlement rates and the order of operations (the id is
 * the version); never changed once written.
 */
export default class SettlementRateSet extends compose(BaseModel, withEntry, withCreatedAt) {
  /** Rate columns (see RATE_COLUMNS, registered below the class). */
  declare cnVatRate: string
  declare cnSurchargeRate: string
  declare cnWithholdingRate: string
  declare krIncomeTaxRate: string
  declare krLocalTaxRate: string
  declare minimumPayoutKrw: string

  /** The order of operations, one of ALLOWED_SETTLEMENT_ORDERS. */
  @column(stepsColumn)
  declare steps: SettlementStep[]

  @column()
  declare note: string | null

  get rates(): SettlementRates {
    const columns = this as unknown as Record<string, string>
    return Object.fromEntries(
      RATE_COLUMNS.map(({ key, property }) => [key, columns[property]])
    ) as unknown as SettlementRates
  }
}

SettlementRateSet.boot()
for (const { property, places } of RATE_COLUMNS) {
  SettlementRateSet.$addColumn(property, decimalText(places))
}
