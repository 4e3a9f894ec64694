import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import { compose } from '@adonisjs/core/helpers'
import { count, dayColumn, withCreator, withMetricCounters } from '#models/mixins/columns'

/**
 * One platform account's counters on one day (`snapshotDate`, the day the
 * values describe) and their differences to the day before. Written in bulk
 * by the collection (see api/services/metrics), read by the dashboards.
 */
export default class MetricSnapshot extends compose(BaseModel, withCreator, withMetricCounters) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare accountId: number

  @belongsTo(() => CreatorPlatformAccount, { foreignKey: 'accountId' })
  declare account: BelongsTo<typeof CreatorPlatformAccount>

  @column()
  declare platform: PlatformKey

  /** YYYY-MM-DD */
  @column(dayColumn)
  declare snapshotDate: string

  @column()
  declare source: SnapshotSource

  /** The adapter that produced the values ('bilibili', 'youtube', 'simulated', …). */
  @column()
  declare adapter: string

  @column.dateTime()
  declare collectedAt: DateTime
}
