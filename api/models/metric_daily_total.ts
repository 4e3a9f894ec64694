import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlatformKey } from '#shared/constants'
import { compose } from '@adonisjs/core/helpers'
import { count, dayColumn, withMetricCounters } from '#models/mixins/columns'

/**
 * Rollup of metric_snapshots: per day and platform, the sums over every
 * account with a snapshot that day. Rebuilt for a day whenever that day's
 * snapshots change, so the dashboards never scan the snapshot table for
 * network-wide figures.
 */
export default class MetricDailyTotal extends compose(BaseModel, withMetricCounters) {
  @column({ isPrimary: true })
  declare id: number

  @column(dayColumn)
  declare snapshotDate: string

  @column()
  declare platform: PlatformKey

  @column(count) declare accounts: number
  @column(count) declare creators: number

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
