import { withLease } from '#support/lease'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { simulateSeries } from '#platforms/simulated_model'
import MetricCollectionRun from '#models/metric_collection_run'
import CreatorTotalsService from '#services/creators/totals_service'
import { chunks } from '#support/chunks'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import MetricRollupService from '#services/metrics/rollup_service'
import SnapshotWriter, { type SnapshotRow } from '#services/metrics/snapshot_writer'
import { addDays } from '#services/metrics/metric_scope'
import type { ChannelStats } from '#platforms/types'
import type { PlatformKey } from '#shared/constants'

interface BackfillOptions {
  /** Number of days, ending on `until`. */
  days: number
  /** Last day (YYYY-MM-DD); yesterday in the studio's time zone by default. */
  until?: string | null
  platform?: PlatformKey | null
  creatorIds?: number[] | null
  /** Called after each written group with the rows written so far. */
  onProgress?: (written: number, total: number) => void | Promise<void>
}

interface BackfillResult {
  runId: number
  from: string
  until: string
  days: number
  accounts: number
  rows: number
  durationMs: number
  /** Rows written per second (snapshots and the rollup). */
  rowsPerSecond: number
}

/** Rows held in memory and written per transaction. */
const ROWS_PER_GROUP = 20_000

/**
 * One simulated day as a SnapshotRow, its diffs against the day before
 * (left to the writer on the window's first day: the stored day before, or 0).
 * One object literal per row keeps this hot loop cheap.
 */
function backfillRow(
  account: { id: number; creator_id: number; platform: PlatformKey },
  date: string,
  s: ChannelStats,
  p: ChannelStats | null,
  collectedAt: Date
): SnapshotRow {
  return {
    account_id: account.id,
    creator_id: account.creator_id,
    platform: account.platform,
    snapshot_date: date,
    source: 'simulated',
    adapter: 'simulated',
    collected_at: collectedAt,
    ...s,
    ...(p
      ? {
          fans_diff: s.fans - p.fans,
          views_diff: s.views - p.views,
          likes_diff: s.likes - p.likes,
          comments_diff: s.comments - p.comments,
          shares_diff: s.shares - p.shares,
          danmaku_diff: s.danmaku - p.danmaku,
          coins_diff: s.coins - p.coins,
          forwards_diff: s.forwards - p.forwards,
          recommends_diff: s.recommends - p.recommends,
          videos_diff: s.videos - p.videos,
        }
      : {}),
  }
}

/**
 * History from the simulator (api/platforms/simulated.ts) for the demo, the
 * bench and `node ace metrics:backfill`: for every active account of a valid
 * creator (optionally one platform or some creators), `days` snapshots
 * ending on `until`, with the daily differences given explicitly (the first
 * day is diffed against the stored day before, 0 when there is none), then
 * the window's totals, the accounts' fans (their newest snapshot) and the
 * creators' total fans. Running it again rewrites the same rows. Recorded
 * as a collection run with trigger 'backfill'.
 */
export default class MetricBackfillService {
  static async backfill(options: BackfillOptions): Promise<BackfillResult> {
    const started = Date.now()
    const days = Math.max(1, Math.floor(options.days))
    const until = options.until ?? yesterday()
    const from = addDays(until, -(days - 1))
    const selected = await MetricCollectionService.accountsQuery({
      platform: options.platform,
      creatorIds: options.creatorIds,
    })
      .orderBy('a.id')
      .select('a.id', 'a.creator_id', 'a.platform', 'a.uid')
    const accounts = selected.map((row) => ({
      id: Number(row.id),
      creator_id: Number(row.creator_id),
      platform: row.platform as PlatformKey,
      uid: row.uid as string | null,
    }))

    const run = await MetricCollectionRun.create({
      snapshotDate: until,
      platform: options.platform ?? null,
      creatorIds: options.creatorIds?.length ? options.creatorIds : null,
      trigger: 'backfill',
      status: 'running',
      total: accounts.length,
      processed: 0,
      succeeded: 0,
      failed: 0,
      skipped: 0,
      startedAt: DateTime.utc(),
    })

    const written = await withLease('metric_collection_runs', run.id, async () => {
      const total = accounts.length * days
      const collectedAt = new Date()
      const perGroup = Math.max(1, Math.floor(ROWS_PER_GROUP / days))
      let done = 0
      for (let start = 0; start < accounts.length; start += perGroup) {
        const group = accounts.slice(start, start + perGroup)
        const rows: SnapshotRow[] = []
        for (const account of group) {
          let previous: ChannelStats | null = null
          for (const { date, stats } of simulateSeries(account, from, until)) {
            rows.push(backfillRow(account, date, stats, previous, collectedAt))
            previous = stats
          }
        }
        await db.transaction((trx) => SnapshotWriter.upsertMany(rows, trx))
        done += rows.length
        await options.onProgress?.(done, total)
      }

      const dates: string[] = []
      for (let day = from; day <= until; day = addDays(day, 1)) dates.push(day)
      await MetricRollupService.rebuild(dates)
      await this.#refreshAccounts(accounts.map((account) => account.id))
      return done
    })

    const durationMs = Date.now() - started
    run.merge({
      status: 'finished',
      processed: accounts.length,
      succeeded: accounts.length,
      durationMs,
      failures: [],
      finishedAt: DateTime.utc(),
    })
    await run.save()
    return {
      runId: run.id,
      from,
      until,
      days,
      accounts: accounts.length,
      rows: written,
      durationMs,
      rowsPerSecond: Math.round(written / Math.max(durationMs / 1000, 0.001)),
    }
  }

  /** Accounts' fans from their newest snapshot and when they were filled, then their creators' total fans. */
  static async #refreshAccounts(accountIds: number[]) {
    await db.transaction(async (trx) => {
      const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
      await CreatorTotalsService.refreshAccountFans(trx, accountIds, { last_collected_at: stamp })
      const creators = new Set<number>()
      for (const part of chunks(accountIds, 500)) {
        const rows = await trx
          .from('creator_platform_accounts')
          .whereIn('id', part)
          .select('creator_id')
        for (const row of rows) creators.add(Number(row.creator_id))
      }
      await CreatorTotalsService.recompute(trx, [...creators], stamp, { touch: false })
    })
  }
}
