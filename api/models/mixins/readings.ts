import type { DateTime } from 'luxon'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { belongsTo, column, type BaseModel } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Video from '#models/video'
import type { PlatformKey, SnapshotSource } from '#shared/constants'
import { count, dayColumn } from '#models/mixins/columns'

/*
| Columns of what is read from the platforms (account snapshots, videos and
| their snapshots and growth windows), as mixins.
*/

type Model = NormalizeConstructor<typeof BaseModel>

/** The row is about one platform account: `account_id`, the `account` relation, its `platform`. */
export function withPlatformAccount<Base extends Model>(superclass: Base) {
  class WithPlatformAccount extends superclass {
    @column()
    declare accountId: number

    @belongsTo(() => CreatorPlatformAccount, { foreignKey: 'accountId' })
    declare account: BelongsTo<typeof CreatorPlatformAccount>

    @column()
    declare platform: PlatformKey
  }
  return WithPlatformAccount
}

/** The row is about one video: `video_id`, the `video` relation and the video's `creator_id`. */
export function withVideo<Base extends Model>(superclass: Base) {
  class WithVideo extends superclass {
    @column(count)
    declare videoId: number

    @belongsTo(() => Video)
    declare video: BelongsTo<typeof Video>

    /** The video's creator (copied, for the creator's own reads). */
    @column()
    declare creatorId: number
  }
  return WithVideo
}

/** A day's reading: the day, where the values came from, which adapter read them and when. */
export function withDayReading<Base extends Model>(superclass: Base) {
  class WithDayReading extends superclass {
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
  return WithDayReading
}
