import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { decimalText } from '#models/mixins/decimal'
import type { SettlementRates } from '#shared/settlement'

/** One version of the settlement rates (the id is the version); never changed once written. */
export default class SettlementRateSet extends compose(BaseModel, withCreatedAt) {
  @column({ isPrimary: true })
  declare id: number

  @column(decimalText(4))
  declare cnVatRate: string

  @column(decimalText(4))
  declare cnSurchargeRate: string

  @column(decimalText(4))
  declare cnWithholdingRate: string

  @column(decimalText(4))
  declare krIncomeTaxRate: string

  @column(decimalText(4))
  declare krLocalTaxRate: string

  @column(decimalText(2))
  declare minimumPayoutKrw: string

  @column()
  declare note: string | null

  @column()
  declare createdBy: number | null

  get rates(): SettlementRates {
    return {
      cn_vat_rate: this.cnVatRate,
      cn_surcharge_rate: this.cnSurchargeRate,
      cn_withholding_rate: this.cnWithholdingRate,
      kr_income_tax_rate: this.krIncomeTaxRate,
      kr_local_tax_rate: this.krLocalTaxRate,
      minimum_payout_krw: this.minimumPayoutKrw,
    }
  }
}
