import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { SnapshotSource } from '#shared/constants'
import type { GrowthPointStatus } from '#shared/videos'
import { count } from '#models/mixins/columns'
import { withVideo } from '#models/mixins/readings'
import { withTimestamps } from '#models/mixins/timestamps'

const nullableCount = {
  consume: (value: string | number | bigint | null) => (value === null ? null : Number(value)),
}

/**
 * One growth-hacking window of a new video (6, 12, 24, 48 or 60 hours after
 * upload): when it is due, whether it was measured on time, late (with its
 * real age) or missed, and the counters then (null while pending).
 */
export default class VideoGrowthPoint extends compose(BaseModel, withVideo, withTimestamps) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare windowHours: number

  @column.dateTime()
  declare dueAt: DateTime

  @column()
  declare status: GrowthPointStatus

  @column.dateTime()
  declare takenAt: DateTime | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare ageHours: number | null

  @column(nullableCount) declare views: number | null
  @column(nullableCount) declare likes: number | null
  @column(nullableCount) declare comments: number | null
  @column(nullableCount) declare favorites: number | null
  @column(nullableCount) declare shares: number | null
  @column(nullableCount) declare danmaku: number | null
  @column(nullableCount) declare coins: number | null

  @column()
  declare source: SnapshotSource | null
}
