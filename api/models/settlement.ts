import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withTimestamps } from '#models/mixins/timestamps'
import { count, dayColumn, withCreator } from '#models/mixins/columns'
import { decimalText } from '#models/mixins/decimal'
import SettlementRateSet from '#models/settlement_rate_set'
import SettlementAdjustment from '#models/settlement_adjustment'
import type { StatementLine } from '#services/settlement/settlement_math'
import type { SettlementStatus, SettlementStep } from '#shared/settlement'
import { seesMoney } from '#shared/roles'
import type User from '#models/user'

const json = {
  prepare: (value: unknown) => JSON.stringify(value),
  consume: (value: string | object) => (typeof value === 'string' ? JSON.parse(value) : value),
}
const won = decimalText(2)

/** What a statement keeps of the rules it was computed with (printed on it). */
interface SettlementRules {
  rate_set_id: number
  rates: Record<string, string>
  /** The order of operations (statements computed before it could change: the default). */
  steps?: SettlementStep[]
  rounding: Record<string, { places: number; mode: string }>
  order: string[]
}

/** One creator's statement for one month (SPEC §3 'Revenue statement'). */
export default class Settlement extends compose(BaseModel, withCreator, withTimestamps) {
  @column({ isPrimary: true })
  declare id: number

  /** The first day of the month, 'YYYY-MM-01'. */
  @column(dayColumn)
  declare month: string

  @column()
  declare status: SettlementStatus

  @column()
  declare rateSetId: number

  @belongsTo(() => SettlementRateSet, { foreignKey: 'rateSetId' })
  declare rateSet: BelongsTo<typeof SettlementRateSet>

  /** The day whose exchange rates (the latest on or before it) the statement used. */
  @column(dayColumn)
  declare rateDate: string

  @column({ consume: (value: unknown) => Boolean(value) })
  declare individual: boolean

  @column(count) declare monthFans: number
  @column(count) declare monthlyIncrease: number
  @column(count) declare views: number
  @column(count) declare videoCount: number

  @column(decimalText(2)) declare adRatio: string | null
  @column(decimalText(2)) declare otherRatio: string | null

  @column(won) declare platformTotalKrw: string
  @column(won) declare chinaTaxKrw: string
  @column(won) declare afterTaxKrw: string
  @column(won) declare monthlyRevenueKrw: string
  @column(won) declare carryOverKrw: string
  @column(won) declare adjustmentsKrw: string
  @column(won) declare settleableTotalKrw: string
  @column(won) declare krIncomeTaxKrw: string
  @column(won) declare krLocalTaxKrw: string
  @column(won) declare creatorTotalKrw: string
  @column(won) declare settledKrw: string
  @column(won) declare carriedForwardKrw: string

  @column(json)
  declare lines: StatementLine[]

  @column(json)
  declare rules: SettlementRules

  @column() declare computedBy: number | null
  @column() declare confirmedBy: number | null
  @column.dateTime() declare confirmedAt: DateTime | null
  @column() declare paidBy: number | null
  @column.dateTime() declare paidAt: DateTime | null

  /** Corrections of this statement (made after it was confirmed). */
  @hasMany(() => SettlementAdjustment, { foreignKey: 'settlementId' })
  declare adjustments: HasMany<typeof SettlementAdjustment>

  /** Corrections of earlier statements that this one took in. */
  @hasMany(() => SettlementAdjustment, { foreignKey: 'appliedSettlementId' })
  declare appliedAdjustments: HasMany<typeof SettlementAdjustment>

  /** Statements `user` may see: all for money roles; a creator its own confirmed and paid ones. */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (seesMoney(user)) return
    if (user.role !== 'creator') {
      query.whereRaw('1 = 0')
      return
    }
    query
      .whereIn('status', ['confirmed', 'paid'])
      .whereIn('creator_id', (owned) =>
        owned.from('creators').select('id').where('user_id', user.id)
      )
  })
}
