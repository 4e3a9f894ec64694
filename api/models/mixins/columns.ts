import { DateTime } from 'luxon'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { belongsTo, column, type BaseModel } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Creator from '#models/creator'
import Team from '#models/team'
import User from '#models/user'

/*
| Columns that several models share, as mixins (`compose(BaseModel, withCreator)`).
*/

type Model = NormalizeConstructor<typeof BaseModel>

/** A counter column: BIGINT and DECIMAL sums come back as strings on some drivers. */
export const count = { consume: (value: string | number | bigint) => Number(value) }

/** A DATE column read as 'YYYY-MM-DD' on SQLite and MySQL alike (null stays null). */
export const dayColumn = {
  consume: (value: unknown) =>
    value === null || value === undefined
      ? null
      : value instanceof Date
        ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
        : String(value).slice(0, 10),
}

/** The row belongs to a creator: `creator_id` and the `creator` relation. */
export function withCreator<Base extends Model>(superclass: Base) {
  class WithCreator extends superclass {
    @column()
    declare creatorId: number

    @belongsTo(() => Creator)
    declare creator: BelongsTo<typeof Creator>
  }
  return WithCreator
}

/** Who wrote or did it (a person may be gone): `user_id` and the `user` relation. */
export function withAuthor<Base extends Model>(superclass: Base) {
  class WithAuthor extends superclass {
    @column()
    declare userId: number | null

    @belongsTo(() => User)
    declare user: BelongsTo<typeof User>
  }
  return WithAuthor
}

/** The team it belongs to, if any: `team_id` and the `team` relation. */
export function withTeam<Base extends Model>(superclass: Base) {
  class WithTeam extends superclass {
    @column()
    declare teamId: number | null

    @belongsTo(() => Team)
    declare team: BelongsTo<typeof Team>
  }
  return WithTeam
}

/** A token of a token family: whose, which family, its SHA-256 and its expiry. */
export function withTokenColumns<Base extends Model>(superclass: Base) {
  class WithTokenColumns extends superclass {
    @column()
    declare userId: number

    @column()
    declare familyId: string

    /** SHA-256 of the token value; the value itself is never stored. */
    @column({ serializeAs: null })
    declare hash: string

    @column.dateTime()
    declare expiresAt: DateTime
  }
  return WithTokenColumns
}

/** The counters a channel and a video both have (platforms/types.ts EngagementCounters). */
export function withEngagementCounters<Base extends Model>(superclass: Base) {
  class WithEngagementCounters extends superclass {
    @column(count) declare views: number
    @column(count) declare likes: number
    @column(count) declare comments: number
    @column(count) declare shares: number
    @column(count) declare danmaku: number
    @column(count) declare coins: number
  }
  return WithEngagementCounters
}

/** The ten counters of a day and their differences to the day before (snapshots and their rollup). */
export function withMetricCounters<Base extends Model>(superclass: Base) {
  class WithMetricCounters extends withEngagementCounters(superclass) {
    @column(count) declare fans: number
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
  }
  return WithMetricCounters
}
