import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withCreatedAt } from '#models/mixins/timestamps'
import { withCreator } from '#models/mixins/columns'
import { withEntry } from '#models/mixins/entry'
import { decimalText } from '#models/mixins/decimal'

/**
 * A correction of a confirmed statement, in won (before Korean tax; negative
 * takes back). The statement itself never changes: the first run of a later
 * month takes the correction in (`appliedSettlementId`).
 */
export default class SettlementAdjustment extends compose(
  BaseModel,
  withEntry,
  withCreator,
  withCreatedAt
) {
  @column()
  declare settlementId: number

  @column(decimalText(2))
  declare amountKrw: string

  @column()
  declare reason: string

  @column()
  declare appliedSettlementId: number | null
}
