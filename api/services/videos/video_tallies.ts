import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { isAgencySide } from '#shared/roles'
import { VIDEO_VIEW_TIERS } from '#shared/videos'
import { chunks } from '#support/chunks'
import type { VideoFilters } from '#validators/video'
import { creatorsOfTeams } from '#services/videos/video_query'

/*
|--------------------------------------------------------------------------
| Video tallies
|--------------------------------------------------------------------------
|
| `video_tallies` holds, per account, category ('' for none), listed
| (deleted_on null) or not, and views tier (VIDEO_VIEW_TIERS' index, -1
| below the first), how many videos there are. The video dashboard's total
| and tier chips and the video list's total for the agency side add these
| rows up (≈ 135 k rows for 1.1 M videos) instead of counting the videos,
| which on MariaDB read every matching row once a filter other than the
| views range applies (1.5 s cold on 1.1 M videos with one platform).
|
| Filters the tallies cannot answer (words, upload days, video ids) and a
| creator account's own videos (a few hundred rows) are counted live.
|
| The video writer refreshes the accounts it wrote in its transaction (the
| tallies are never behind the videos a reader sees); `rebuild()` makes the
| whole table again (after a bulk load that bypasses the writer: the bench's
| and the tests' datasets).
|
*/

/** The views tier of `videos.views` in SQL, as viewTierOf() reads it. */
const TIER_SQL = `case ${[...VIDEO_VIEW_TIERS]
  .map((min, index) => ({ min, index }))
  .reverse()
  .map(({ min, index }) => `when views >= ${min} then ${index}`)
  .join(' ')} else -1 end`

const TALLY_COLUMNS = 'account_id, creator_id, platform, category, listed, tier, videos'

/**
 * The tallies of the videos (`where`: an SQL condition on them, or none for
 * all) written into video_tallies, as one INSERT … SELECT.
 */
export function tallyInsertSql(where = '') {
  return `insert into video_tallies (${TALLY_COLUMNS})
  select account_id, creator_id, platform, coalesce(category, ''),
    case when deleted_on is null then 1 else 0 end, ${TIER_SQL}, count(*)
  from videos ${where ? `where ${where}` : ''}
  group by 1, 2, 3, 4, 5, 6`
}

/** Filters the tallies answer; any other filter with a value is counted live. */
const TALLIED = new Set(['platform', 'creator_id', 'team', 'category', 'deleted', 'tier'])

interface TierCount {
  tier: number
  min: number
  max: number | null
  videos: number
}

export default class VideoTallies {
  /** Whether the tallies can count `filters` for `user`. */
  static answers(user: Pick<User, 'role'>, filters: object) {
    if (!isAgencySide(user)) return false
    return Object.entries(filters).every(
      ([key, value]) =>
        value === undefined ||
        (Array.isArray(value) && value.length === 0) ||
        TALLIED.has(key) ||
        key.startsWith('_')
    )
  }

  /**
   * Videos per tier under `filters` (the tier filter itself left out, as
   * the chips show every tier) and their total with it; null when the
   * tallies cannot answer (see answers()).
   */
  static async counts(
    user: Pick<User, 'role'>,
    filters: VideoFilters
  ): Promise<{ tiers: TierCount[]; total: number } | null> {
    if (!this.answers(user, filters)) return null
    const query = db.from('video_tallies').select('tier').sum('videos as videos').groupBy('tier')
    if (filters.platform?.length) query.whereIn('platform', filters.platform)
    if (filters.creator_id?.length) query.whereIn('creator_id', filters.creator_id)
    if (filters.team?.length) query.whereIn('creator_id', creatorsOfTeams(filters.team))
    if (filters.category?.length) query.whereIn('category', filters.category)
    if (filters.deleted !== undefined) query.where('listed', filters.deleted ? 0 : 1)
    const byTier = new Map<number, number>()
    for (const row of await query) byTier.set(Number(row.tier), Number(row.videos ?? 0))
    const tiers = VIDEO_VIEW_TIERS.map((min, tier) => ({
      tier,
      min,
      max: VIDEO_VIEW_TIERS[tier + 1] ?? null,
      videos: byTier.get(tier) ?? 0,
    }))
    const total =
      filters.tier === undefined
        ? [...byTier.values()].reduce((sum, videos) => sum + videos, 0)
        : (byTier.get(filters.tier) ?? 0)
    return { tiers, total }
  }

  /**
   * Counts the videos of `accountIds` again (in the writer's transaction)
   * and writes only the rows that differ, each by its primary key: the
   * collection's concurrent account transactions then lock only their own
   * rows (a delete of an account's range would also lock the gap up to the
   * next account's rows, where another transaction inserts).
   */
  static async refresh(client: QueryClientContract, accountIds: Iterable<number>) {
    for (const part of chunks([...new Set(accountIds)], 500)) {
      const counted = await client
        .from('videos')
        .whereIn('account_id', part)
        .select(
          'account_id',
          'creator_id',
          'platform',
          client.raw(`coalesce(category, '') as category`),
          client.raw('case when deleted_on is null then 1 else 0 end as listed'),
          client.raw(`${TIER_SQL} as tier`)
        )
        .count('* as videos')
        .groupByRaw('1, 2, 3, 4, 5, 6')
      const stored = await client
        .from('video_tallies')
        .whereIn('account_id', part)
        .select('account_id', 'category', 'listed', 'tier', 'videos')
      const keyOf = (row: Record<string, unknown>) =>
        `${Number(row.account_id)}|${row.category}|${Number(row.listed)}|${Number(row.tier)}`
      const before = new Map(stored.map((row) => [keyOf(row), row]))
      const added: Record<string, string | number>[] = []
      for (const row of counted) {
        const key = keyOf(row)
        const old = before.get(key)
        before.delete(key)
        const videos = Number(row.videos)
        const where = {
          account_id: Number(row.account_id),
          category: String(row.category),
          listed: Number(row.listed),
          tier: Number(row.tier),
        }
        if (!old) {
          added.push({
            ...where,
            creator_id: Number(row.creator_id),
            platform: row.platform,
            videos,
          })
        } else if (Number(old.videos) !== videos) {
          await client.from('video_tallies').where(where).update({ videos })
        }
      }
      for (const gone of before.values()) {
        await client
          .from('video_tallies')
          .where({
            account_id: Number(gone.account_id),
            category: String(gone.category),
            listed: Number(gone.listed),
            tier: Number(gone.tier),
          })
          .delete()
      }
      for (const rows of chunks(added, 200)) await client.table('video_tallies').multiInsert(rows)
    }
  }

  /** Makes the whole table again from the videos. */
  static async rebuild(client?: QueryClientContract) {
    const run = async (trx: QueryClientContract) => {
      await trx.from('video_tallies').delete()
      await trx.rawQuery(tallyInsertSql())
    }
    if (client) return run(client)
    await db.transaction(run)
  }
}
