import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withTimestamps } from '#models/mixins/timestamps'
import { dayColumn, withCreator } from '#models/mixins/columns'
import { decimalText } from '#models/mixins/decimal'
import type { PlatformKey } from '#shared/constants'
import type { RevenueCurrency, RevenueKind } from '#shared/settlement'

/** What a platform paid for a creator in a month (one platform, kind and currency). */
export default class PlatformRevenue extends compose(BaseModel, withCreator, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  /** The first day of the month, 'YYYY-MM-01'. */
  @column(dayColumn)
  declare month: string

  @column()
  declare platform: PlatformKey

  @column()
  declare kind: RevenueKind

  @column()
  declare currency: RevenueCurrency

  @column(decimalText(2))
  declare amount: string

  @column()
  declare note: string | null

  @column()
  declare createdBy: number | null

  @column()
  declare updatedBy: number | null
}
