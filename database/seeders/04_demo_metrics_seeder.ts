import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { demoCreators } from '#database/seeders/03_demo_creators_seeder'
import CreatorTotalsService from '#services/creators/totals_service'
import MetricBackfillService from '#services/metrics/backfill_service'
import MetricRollupService from '#services/metrics/rollup_service'
import VideoBackfillService from '#services/videos/ingest/video_backfill'
import GrowthBackfill from '#services/videos/growth/growth_backfill'
import { addDays } from '#services/metrics/metric_scope'
import { COLLECT_STATUS, METRICS } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The demo creators' metrics history
|--------------------------------------------------------------------------
|
| DEMO_METRIC_DAYS days of simulated snapshots (api/platforms/simulated.ts)
| ending yesterday for every active account of the demo creators under a
| valid contract, so the dashboards' yearly figures have a full year and the
| 3-month rankings a full period. Then a handful of accounts are marked as
| failed in the last collection (yesterday carries the day before's values, collect_status 1),
| so the failed-creators filter and the alerts have something to show.
| Then the accounts' uploads of the last DEMO_VIDEO_UPLOAD_DAYS days with
| DEMO_VIDEO_DAYS days of video snapshots (VideoBackfillService: the
| simulator's hourly curves, its few deleted videos marked on their day)
| and their growth-hacking windows (GrowthBackfill: the windows already past
| taken at their due times, the ones ahead pending and queued).
| Runs once: while metric_snapshots is empty. Only creators of the demo
| agency (03_demo_creators_seeder) get simulated history, never others.
|
*/

export const DEMO_METRIC_DAYS = 400
/** Days of video snapshots, and how far back the demo accounts' uploads go (the simulator's). */
export const DEMO_VIDEO_DAYS = 30
export const DEMO_VIDEO_UPLOAD_DAYS = 30

/** How many demo accounts are left failed by the last collection, and why. */
const FAILED_ACCOUNTS = [
  'rate_limited: the platform answered -412 (too many requests); will retry at the next run',
  'auth: the cookie was rejected (logged out); enter a new cookie',
  'not_found: the channel no longer exists or is private',
  'network: connect ETIMEDOUT',
  'quota_exceeded: the daily API quota is used up',
  'bad_response: unexpected answer from the platform',
]

export default class DemoMetricsSeeder extends BaseSeeder {
  static environment = ['development', 'production']

  async run() {
    await DemoMetricsSeeder.seed()
  }

  /**
   * Backfills the demo history; returns the number of snapshots written,
   * or 0 (doing nothing) when snapshots exist or no demo creator does.
   */
  static async seed(days = DEMO_METRIC_DAYS): Promise<number> {
    if (await db.from('metric_snapshots').first()) return 0
    const creatorIds = await this.#demoCreatorIds()
    if (creatorIds.length === 0) return 0

    const result = await MetricBackfillService.backfill({ days, creatorIds })
    await this.#markFailures(creatorIds, result.until)
    return result.rows
  }

  /**
   * The demo creators' videos (see above), once: while the videos table is
   * empty (an install seeded before videos existed gets them on its next
   * start). Null when there is nothing to do.
   */
  static async seedVideos() {
    if (await db.from('videos').first()) return null
    const creatorIds = await this.#demoCreatorIds()
    if (creatorIds.length === 0) return null
    return VideoBackfillService.backfill({
      days: DEMO_VIDEO_DAYS,
      uploadDays: DEMO_VIDEO_UPLOAD_DAYS,
      creatorIds,
    })
  }

  /**
   * The growth-hacking windows of the demo videos (GrowthBackfill: taken at
   * their due times from the simulator's curves, the ones still ahead
   * pending and queued), once: while no window exists.
   */
  static async seedGrowth() {
    if (await db.from('video_growth_points').first()) return null
    if (!(await db.from('videos').where('source', 'simulated').first())) return null
    return GrowthBackfill.backfill({ days: DEMO_VIDEO_UPLOAD_DAYS })
  }

  static async #demoCreatorIds() {
    const demo = new Set(
      demoCreators().map((creator) => `${creator.brandNo}|${creator.channelName}`)
    )
    const creators = await db.from('creators').select('id', 'brand_no', 'channel_name')
    return creators
      .filter((row) => demo.has(`${row.brand_no}|${row.channel_name}`))
      .map((row) => Number(row.id))
  }

  /** Every 97th demo account (deterministic) failed yesterday's collection. */
  static async #markFailures(creatorIds: number[], lastDay: string) {
    const accounts = await db
      .from('creator_platform_accounts as a')
      .join('creators as c', 'c.id', 'a.creator_id')
      .whereIn('a.creator_id', creatorIds)
      .where('a.active', true)
      .where('c.contract_status', 'valid')
      .orderBy('a.id')
      .select('a.id', 'a.creator_id')
    const failed = accounts.filter((_, index) => index % 97 === 41).slice(0, FAILED_ACCOUNTS.length)
    if (failed.length === 0) return

    await db.transaction(async (trx) => {
      const format = trx.dialect.dateTimeFormat
      const failedAt = DateTime.utc().minus({ hours: 2 }).toFormat(format)
      const collectedAt = DateTime.utc().minus({ days: 1, hours: 2 }).toFormat(format)
      for (const [index, account] of failed.entries()) {
        // the failed day keeps the last known values (source 'carried'), as the collection does
        await trx
          .from('metric_snapshots')
          .where('account_id', account.id)
          .where('snapshot_date', lastDay)
          .delete()
        await trx.rawQuery(
          `insert into metric_snapshots (account_id, creator_id, platform, snapshot_date,
             ${METRICS.join(', ')}, ${METRICS.map((metric) => `${metric}_diff`).join(', ')},
             source, adapter, collected_at)
           select account_id, creator_id, platform, ?, ${METRICS.join(', ')},
             ${METRICS.map(() => '0').join(', ')}, 'carried', 'carried', collected_at
           from metric_snapshots where account_id = ? and snapshot_date = ?`,
          [lastDay, account.id, addDays(lastDay, -1)]
        )
        await CreatorTotalsService.refreshAccountFans(trx, [account.id], {
          collect_status: COLLECT_STATUS.FAILED,
          collect_error: FAILED_ACCOUNTS[index],
          collect_failed_at: failedAt,
          last_collected_at: collectedAt,
        })
      }
      await CreatorTotalsService.recompute(
        trx,
        failed.map((account) => Number(account.creator_id)),
        failedAt,
        { touch: false }
      )
      await MetricRollupService.rebuild([lastDay], trx)
    })
  }
}
