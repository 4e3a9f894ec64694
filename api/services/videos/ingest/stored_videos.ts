import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { VideoStats } from '#platforms/types'
import { VIDEO_METRICS, type VideoMetric } from '#shared/videos'
import { addDays } from '#services/metrics/metric_scope'
import { chunks } from '#support/chunks'
import { countersOf, type VideoAccount } from '#services/videos/ingest/video_rows'

/*
|--------------------------------------------------------------------------
| The stored videos of a batch, with their views a week and a month ago
|--------------------------------------------------------------------------
|
| One statement per group of accounts: a range of the unique index
| (account_id, platform_video_id) per account, and, when the day D is given,
| the snapshots of D−7 and D−30 looked up on their unique index
| (video_id, snapshot_date) and joined to each video in the same statement.
| These are the baselines of views_week and views_month (view_gains.ts).
|
*/

/** A listed video of an account, as the writer takes it in. */
export interface ListedVideo {
  account: VideoAccount
  item: VideoStats
}

export interface StoredVideo {
  id: number
  title: string
  tags: string | null
  deleted: boolean
  counters: Record<VideoMetric, number>
  /** Views on D−7 and D−30 (the snapshots of those days, read with the video). */
  baseline: { week?: number; month?: number }
}

/**
 * Stored videos of the batch by "account|platform video id", with their
 * views on D−7 and D−30 when `date` (D) is given (two look-ups of the
 * snapshots' unique index joined to each video, in the same statement).
 */
export async function storedVideos(
  client: QueryClientContract,
  batch: ListedVideo[],
  date?: string
) {
  const found = new Map<string, StoredVideo>()
  const byAccount = new Map<number, string[]>()
  for (const { account, item } of batch) {
    const list = byAccount.get(account.id)
    if (list) list.push(item.id)
    else byAccount.set(account.id, [item.id])
  }
  // one range of the unique index (account_id, platform_video_id) per group of accounts
  const accounts = [...byAccount.keys()]
  for (const part of chunks(accounts, 200)) {
    const videoIds = part.flatMap((accountId) => byAccount.get(accountId)!)
    const query = client
      .from('videos as v')
      .whereIn('v.account_id', part)
      .whereIn('v.platform_video_id', videoIds)
      .select(
        'v.id',
        'v.account_id',
        'v.platform_video_id',
        'v.title',
        'v.tags',
        'v.deleted_on',
        ...VIDEO_METRICS.map((metric) => `v.${metric}`)
      )
    if (date) {
      query
        .leftJoin('video_snapshots as w', (join) =>
          join.on('w.video_id', '=', 'v.id').andOnVal('w.snapshot_date', '=', addDays(date, -7))
        )
        .leftJoin('video_snapshots as m', (join) =>
          join.on('m.video_id', '=', 'v.id').andOnVal('m.snapshot_date', '=', addDays(date, -30))
        )
        .select('w.views as week_views', 'm.views as month_views')
    }
    const rows = await query
    for (const row of rows) {
      found.set(`${row.account_id}|${row.platform_video_id}`, {
        id: Number(row.id),
        title: row.title,
        tags: row.tags ?? null,
        deleted: row.deleted_on !== null && row.deleted_on !== undefined,
        counters: countersOf(row),
        baseline: {
          week:
            row.week_views === null || row.week_views === undefined
              ? undefined
              : Number(row.week_views),
          month:
            row.month_views === null || row.month_views === undefined
              ? undefined
              : Number(row.month_views),
        },
      })
    }
  }
  return found
}
