import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import OutsideCreator from '#models/outside_creator'
import OutsideVideoPoint from '#models/outside_video_point'
import Video from '#models/video'
import type { PlatformKey } from '#shared/constants'
import type { OutsideState, OutsideVideoOrigin } from '#shared/outside'
import { count, withAuthor } from '#models/mixins/columns'
import { withTimestamps } from '#models/mixins/timestamps'
import { withVideoCounters } from '#models/mixins/video_counters'

/**
 * A video the agency does not manage: one of an outside creator's uploads
 * (auto new-video crawl) or a single video tracked by its link, with its
 * newest counters, its own due time and lease (videos by link), and the
 * managed video it was connected to.
 */
export default class OutsideVideo extends compose(
  BaseModel,
  withAuthor,
  withVideoCounters,
  withTimestamps
) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare outsideCreatorId: number | null

  @belongsTo(() => OutsideCreator)
  declare outsideCreator: BelongsTo<typeof OutsideCreator>

  @column()
  declare origin: OutsideVideoOrigin

  @column()
  declare platform: PlatformKey

  @column()
  declare platformVideoId: string

  @column()
  declare title: string

  @column()
  declare channelName: string | null

  @column()
  declare url: string | null

  @column()
  declare thumbnailUrl: string | null

  @column()
  declare category: string | null

  @column.dateTime()
  declare publishedAt: DateTime | null

  @column()
  declare durationS: number | null

  @column()
  declare state: OutsideState

  @column.dateTime()
  declare nextRunAt: DateTime | null

  @column()
  declare leaseOwner: string | null

  @column.dateTime()
  declare heartbeatAt: DateTime | null

  @column({ consume: (value: unknown) => (value === null ? null : Number(value)) })
  declare connectedVideoId: number | null

  @belongsTo(() => Video, { foreignKey: 'connectedVideoId' })
  declare connectedVideo: BelongsTo<typeof Video>

  @column.dateTime()
  declare connectedAt: DateTime | null

  @column.dateTime()
  declare firstSeenAt: DateTime

  @column.dateTime()
  declare lastSeenAt: DateTime

  @hasMany(() => OutsideVideoPoint)
  declare points: HasMany<typeof OutsideVideoPoint>
}
