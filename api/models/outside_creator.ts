import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Creator from '#models/creator'
import OutsideCrawlRun from '#models/outside_crawl_run'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import OutsideVideo from '#models/outside_video'
import type { PlatformKey } from '#shared/constants'
import type { OutsidePurpose, OutsideState, ReplayStrategy } from '#shared/outside'
import { count, withAuthor, withTeam } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'

/** A JSON text column read as a value (null stays null; unreadable text reads as null). */
const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => {
    if (value === null || value === undefined) return null
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch {
      return null
    }
  },
}

/**
 * A creator the agency does not manage (a prospect, a competitor, a
 * benchmark) and its crawl task (SPEC §3 "Outside crawl task"): the
 * schedule's settings, the one due time `nextRunAt`, the lease of the crawl
 * in hand, its newest figures, and the managed creator it was connected to.
 * Staff who add it are its `user`; `team` is theirs.
 */
export default class OutsideCreator extends compose(
  BaseModel,
  withAuthor,
  withTeam,
  withTimestamps
) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare platform: PlatformKey

  @column()
  declare uid: string

  @column()
  declare name: string

  @column()
  declare channelUrl: string | null

  @column()
  declare avatarUrl: string | null

  @column()
  declare purpose: OutsidePurpose

  @column()
  declare note: string | null

  @column()
  declare state: OutsideState

  @column()
  declare intervalDays: number

  @column()
  declare intervalHours: number

  /** 'HH:MM' in the studio's time zone, minutes ending in 0 or 5. */
  @column(json)
  declare customTimes: string[] | null

  @column()
  declare replayStrategy: ReplayStrategy

  /** Hour of the day ('0'..'23') → what a missed slot of that hour does; the default otherwise. */
  @column(json)
  declare replayByHour: Record<string, ReplayStrategy> | null

  @column({ consume: (value: unknown) => Boolean(value) })
  declare autoVideoCrawl: boolean

  @column.dateTime()
  declare nextRunAt: DateTime | null

  @column.dateTime()
  declare nextSlotAt: DateTime | null

  @column()
  declare leaseOwner: string | null

  @column.dateTime()
  declare heartbeatAt: DateTime | null

  @column(count) declare fans: number
  @column(count) declare views: number
  @column(count) declare likes: number
  @column(count) declare comments: number
  @column(count) declare videos: number
  /** Named by hand: the default naming would read it fans_growth_7_d. */
  @column({ ...count, columnName: 'fans_growth_7d' }) declare fansGrowth7d: number

  @column()
  declare openedCount: number

  @column.dateTime()
  declare openedAt: DateTime | null

  @column.dateTime()
  declare lastRunAt: DateTime | null

  @column()
  declare lastStatus: string | null

  @column()
  declare lastError: string | null

  @column()
  declare connectedCreatorId: number | null

  @belongsTo(() => Creator, { foreignKey: 'connectedCreatorId' })
  declare connectedCreator: BelongsTo<typeof Creator>

  @column.dateTime()
  declare connectedAt: DateTime | null

  @hasMany(() => OutsideCrawlRun)
  declare runs: HasMany<typeof OutsideCrawlRun>

  @hasMany(() => OutsideCreatorSnapshot)
  declare snapshots: HasMany<typeof OutsideCreatorSnapshot>

  @hasMany(() => OutsideVideo)
  declare outsideVideos: HasMany<typeof OutsideVideo>
}
