import type { DateTime } from 'luxon'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, afterDelete, afterSave, column, hasMany, scope } from '@adonisjs/lucid/orm'
import db from '@adonisjs/lucid/services/db'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import VideoSnapshot from '#models/video_snapshot'
import VideoGrowthPoint from '#models/video_growth_point'
import type User from '#models/user'
import type { SnapshotSource } from '#shared/constants'
import { isAgencySide } from '#shared/roles'
import { count, dayColumn, withCreator } from '#models/mixins/columns'
import { withPlatformAccount } from '#models/mixins/readings'
import { withTimestamps } from '#models/mixins/timestamps'
import { withVideoCounters } from '#models/mixins/video_counters'
import VideoTallies from '#services/videos/video_tallies'

/**
 * One video of a tracked platform account, with its newest counters (copied
 * from its newest snapshot), the week's and month's view gains, and
 * `deletedOn` once the platform stopped listing it (never dropped).
 */
export default class Video extends compose(
  BaseModel,
  withCreator,
  withPlatformAccount,
  withVideoCounters,
  withTimestamps
) {
  @column({ isPrimary: true, ...count })
  declare id: number

  @column()
  declare platformVideoId: string

  @column()
  declare title: string

  /** Comma-separated, as the platform lists them. */
  @column()
  declare tags: string | null

  @column()
  declare category: string | null

  @column.dateTime()
  declare publishedAt: DateTime | null

  @column()
  declare durationS: number | null

  @column()
  declare thumbnailUrl: string | null

  @column()
  declare url: string | null

  @column(count) declare viewsWeek: number
  @column(count) declare viewsMonth: number

  @column()
  declare source: SnapshotSource

  @column()
  declare adapter: string

  @column.dateTime()
  declare firstSeenAt: DateTime

  @column.dateTime()
  declare lastSeenAt: DateTime

  /** YYYY-MM-DD: the day the platform no longer listed it. */
  @column(dayColumn)
  declare deletedOn: string | null

  @hasMany(() => VideoSnapshot)
  declare snapshots: HasMany<typeof VideoSnapshot>

  @hasMany(() => VideoGrowthPoint)
  declare growthPoints: HasMany<typeof VideoGrowthPoint>

  /**
   * A video saved or deleted one at a time keeps its account's tallies
   * (api/services/videos/video_tallies.ts) true; the bulk writer refreshes
   * the accounts it writes itself.
   */
  @afterSave()
  @afterDelete()
  static async refreshTallies(video: Video) {
    await VideoTallies.refresh(video.$trx ?? db.connection(), [video.accountId])
  }

  /** The videos a user may see: the agency side all, a creator account its own creators', others none. */
  static visibleTo = scope((query, user: Pick<User, 'id' | 'role'>) => {
    if (isAgencySide(user)) return
    if (user.role === 'creator') {
      query.whereIn('videos.creator_id', (sub) =>
        sub.from('creators').select('creators.id').where('creators.user_id', user.id)
      )
    } else query.whereRaw('1 = 0')
  })
}
