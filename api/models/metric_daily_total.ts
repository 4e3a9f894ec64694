import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlatformKey } from '#shared/constants'

const count = { consume: (value: string | number | bigint) => Number(value) }
const day = {
  consume: (value: unknown) =>
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
      : String(value).slice(0, 10),
}

/**
 * Rollup of metric_snapshots: per day and platform, the sums over every
 * account with a snapshot that day. Rebuilt for a day whenever that day's
 * snapshots change, so the dashboards never scan the snapshot table for
 * network-wide figures.
 */
export default class MetricDailyTotal extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column(day)
  declare snapshotDate: string

  @column()
  declare platform: PlatformKey

  @column(count) declare accounts: number
  @column(count) declare creators: number

  @column(count) declare fans: number
  @column(count) declare views: number
  @column(count) declare likes: number
  @column(count) declare comments: number
  @column(count) declare shares: number
  @column(count) declare danmaku: number
  @column(count) declare coins: number
  @column(count) declare forwards: number
  @column(count) declare recommends: number
  @column(count) declare videos: number

  @column(count) declare fansDiff: number
  @column(count) declare viewsDiff: number
  @column(count) declare likesDiff: number
  @column(count) declare commentsDiff: number
  @column(count) declare sharesDiff: number
  @column(count) declare danmakuDiff: number
  @column(count) declare coinsDiff: number
  @column(count) declare forwardsDiff: number
  @column(count) declare recommendsDiff: number
  @column(count) declare videosDiff: number

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
