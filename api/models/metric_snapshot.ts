import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type { PlatformKey, SnapshotSource } from '#shared/constants'

const count = { consume: (value: string | number | bigint) => Number(value) }
/** A DATE column read as 'YYYY-MM-DD' on SQLite and MySQL alike. */
export const dayColumn = {
  consume: (value: unknown) =>
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
      : String(value).slice(0, 10),
}

/**
 * One platform account's counters on one day (`snapshotDate`, the day the
 * values describe) and their differences to the day before. Written in bulk
 * by the collection (see api/services/metrics), read by the dashboards.
 */
export default class MetricSnapshot extends BaseModel {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare accountId: number

  @belongsTo(() => CreatorPlatformAccount, { foreignKey: 'accountId' })
  declare account: BelongsTo<typeof CreatorPlatformAccount>

  @column()
  declare creatorId: number

  @belongsTo(() => Creator)
  declare creator: BelongsTo<typeof Creator>

  @column()
  declare platform: PlatformKey

  /** YYYY-MM-DD */
  @column(dayColumn)
  declare snapshotDate: string

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

  @column()
  declare source: SnapshotSource

  /** The adapter that produced the values ('bilibili', 'youtube', 'simulated', …). */
  @column()
  declare adapter: string

  @column.dateTime()
  declare collectedAt: DateTime
}
