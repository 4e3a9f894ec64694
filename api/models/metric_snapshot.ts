import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { count, withCreator, withMetricCounters } from '#models/mixins/columns'
import { withDayReading, withPlatformAccount } from '#models/mixins/readings'

/**
 * One platform account's counters on one day (`snapshotDate`, the day the
 * values describe) and their differences to the day before. Written in bulk
 * by the collection (see api/services/metrics), read by the dashboards.
 */
export default class MetricSnapshot extends compose(
  BaseModel,
  withCreator,
  withPlatformAccount,
  withDayReading,
  withMetricCounters
) {
  @column({ isPrimary: true, ...count })
  declare id: number
}
