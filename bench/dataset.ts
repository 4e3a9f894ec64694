import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import MetricRollupService from '#services/metrics/rollup_service'
import {
  addDays,
  count,
  day,
  isMysql,
  stamp,
  type BenchAccount,
  type DatasetMarker,
  type DatasetReport,
  type DatasetSpec,
  type Log,
} from '#bench/dataset_shape'
import { loadSnapshots, restorePendingIndexes } from '#bench/snapshot_load'
import { chunks } from '#support/chunks'
import {
  AD_FORMATS,
  CREATOR_CATEGORIES,
  CURRENCIES,
  PLATFORMS,
  type PlatformKey,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The bench dataset
|--------------------------------------------------------------------------
|
| `npm run bench` measures the metric endpoints on a dataset of its own:
| N creators (brand numbers BENCH-0001 …), each with 6 platform accounts,
| ad prices, and one simulated snapshot per account per day for D days
| ending yesterday, then the metric_daily_totals rollup. Creators and
| accounts go in with multi-row inserts; the snapshots come from the
| simulator (`simulateSeries`, deterministic per account) day by day for all
| accounts — the order a daily collection writes them — through LOAD DATA
| LOCAL INFILE on MySQL/MariaDB (a stream, no file; unique and foreign-key
| checks off on that session) or, failing that, multi-row INSERTs of a few
| thousand rows; on SQLite through one prepared statement in a transaction.
| On MySQL the secondary indexes of metric_snapshots are dropped for the
| load and built again afterwards in one ALTER TABLE (a sorted build: with
| InnoDB's default 128 MB buffer pool, maintaining three indexes row by row
| slows the load from ~60,000 to ~13,000 rows/s towards the end). Their
| definitions are kept in studio_settings meanwhile, so an interrupted load
| gets them back on the next run.
|
| A marker row in studio_settings ('bench.dataset') records what was built;
| the next run reuses the dataset when the marker matches and the counts
| agree, unless `rebuild` is set.
|
*/

export const BENCH_BRAND_PREFIX = 'BENCH-'
const MARKER_KEY = 'bench.dataset'
/** Bump when the dataset's shape changes, so that old datasets are rebuilt. */
const DATASET_VERSION = 1

/** Every creator has these three, plus three of the other nine (rotating), so all 12 have data. */
const CORE_PLATFORMS: PlatformKey[] = ['youtube', 'bilibili', 'douyin']
const OTHER_PLATFORMS = PLATFORMS.filter((platform) => !CORE_PLATFORMS.includes(platform))
export const PLATFORMS_PER_CREATOR = 6

export type { BenchAccount, DatasetReport } from '#bench/dataset_shape'

export default class BenchDataset {
  /** The studio_settings marker of the dataset in place, if any. */
  static async marker(): Promise<DatasetMarker | null> {
    const row = await db.from('studio_settings').where('key', MARKER_KEY).first()
    if (!row?.value) return null
    try {
      return JSON.parse(row.value) as DatasetMarker
    } catch {
      return null
    }
  }

  /** The bench accounts (id order), with their creators. */
  static async accounts(): Promise<BenchAccount[]> {
    const rows = await db
      .from('creator_platform_accounts as a')
      .join('creators as c', 'c.id', 'a.creator_id')
      .where('c.brand_no', 'like', `${BENCH_BRAND_PREFIX}%`)
      .orderBy('a.id')
      .select('a.id', 'a.creator_id', 'a.platform', 'a.uid')
    return rows.map((row) => ({
      id: Number(row.id),
      creatorId: Number(row.creator_id),
      platform: row.platform,
      uid: row.uid,
    }))
  }

  /**
   * The dataset for `creators` × 6 platforms × `days`: the one in place when
   * its marker and counts match (and `rebuild` is not set), else a new one.
   */
  static async ensure(options: {
    creators: number
    days: number
    rebuild: boolean
    method?: 'infile' | 'insert'
    log: Log
  }): Promise<DatasetReport> {
    const { log } = options
    if (isMysql()) await restorePendingIndexes(log)
    const existing = await this.marker()
    if (!options.rebuild && existing) {
      const problem = await this.#check(existing, options)
      if (!problem) return { reused: true, marker: existing }
      log(`bench dataset: rebuilding (${problem})`)
    }

    const end = day(DateTime.utc().minus({ days: 1 }))
    const spec: DatasetSpec = { creators: options.creators, days: options.days, end }
    await this.#clear(log)
    const accounts = await this.#insertCreators(spec, log)
    const loaded = await loadSnapshots(spec, accounts, options.method, log)

    log('bench dataset: rollup (MetricRollupService.rebuild) …')
    const rollupStarted = performance.now()
    await MetricRollupService.rebuild()
    const rollupSeconds = (performance.now() - rollupStarted) / 1000
    log(`bench dataset: rollup done in ${rollupSeconds.toFixed(1)} s`)

    const marker: DatasetMarker = {
      version: DATASET_VERSION,
      ...spec,
      start: addDays(end, -(spec.days - 1)),
      rows: loaded.rows,
      accounts: accounts.length,
      method: loaded.method,
      load_seconds: Number(loaded.seconds.toFixed(2)),
      rollup_seconds: Number(rollupSeconds.toFixed(2)),
      built_at: DateTime.utc().toISO()!,
    }
    await db.table('studio_settings').insert({
      key: MARKER_KEY,
      value: JSON.stringify(marker),
      updated_at: stamp(),
    })
    return { reused: false, marker }
  }

  /** Why the dataset in place cannot be reused, or null when it can. */
  static async #check(marker: DatasetMarker, wanted: { creators: number; days: number }) {
    if (marker.version !== DATASET_VERSION) return 'older dataset version'
    if (marker.creators !== wanted.creators || marker.days !== wanted.days) {
      return `marker says ${marker.creators} creators × ${marker.days} days`
    }
    const creators = count(
      await db
        .from('creators')
        .where('brand_no', 'like', `${BENCH_BRAND_PREFIX}%`)
        .count('* as total')
        .first()
    )
    if (creators !== marker.creators) return `${creators} bench creators in the database`
    const rows = count(await db.from('metric_snapshots').count('* as total').first())
    if (rows !== marker.rows) return `${rows} snapshot rows, the marker says ${marker.rows}`
    const totals = count(await db.from('metric_daily_totals').count('* as total').first())
    if (totals === 0) return 'no rollup rows'
    return null
  }

  /** Removes the previous bench data (the bench database holds nothing else worth keeping). */
  static async #clear(log: Log) {
    const started = performance.now()
    if (isMysql()) {
      await db.rawQuery('truncate table metric_snapshots')
      await db.rawQuery('truncate table metric_daily_totals')
      await db.rawQuery('truncate table metric_collection_runs')
    } else {
      await db.from('metric_snapshots').delete()
      await db.from('metric_daily_totals').delete()
      await db.from('metric_collection_runs').delete()
    }
    await db.from('creators').where('brand_no', 'like', `${BENCH_BRAND_PREFIX}%`).delete()
    await db.from('studio_settings').where('key', MARKER_KEY).delete()
    log(`bench dataset: cleared in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }

  /** Creators, their 6 accounts and ad prices, by multi-row inserts. */
  static async #insertCreators(spec: DatasetSpec, log: Log): Promise<BenchAccount[]> {
    const started = performance.now()
    const now = DateTime.utc()
    const creatorRows = Array.from({ length: spec.creators }, (_, index) => {
      const number = String(index + 1).padStart(4, '0')
      const kind = index % 20 < 12 ? 'CR' : index % 20 < 17 ? 'IP' : 'CH'
      return {
        brand_no: `${BENCH_BRAND_PREFIX}${number}`,
        kind,
        contractor_name: `Bench Contractor ${number}`,
        channel_name: `Bench Channel ${number}`,
        channel_name_zh: `测试频道${number}`,
        category: CREATOR_CATEGORIES[index % CREATOR_CATEGORIES.length],
        nationality: index % 3 === 0 ? 'CN' : 'KR',
        contract_date: day(now.minus({ days: 800 + (index % 400) })),
        end_date: day(now.plus({ days: 365 + (index % 700) })),
        // one in twenty terminated: network totals keep them, rankings do not
        contract_status: index % 20 === 19 ? 'terminated' : 'valid',
        cancel_date: index % 20 === 19 ? day(now.minus({ days: 30 + (index % 60) })) : null,
        min_monthly_videos: 4,
        total_fans: 0,
        failing: false,
        created_at: stamp(now.minus({ days: 900 - (index % 900) })),
        updated_at: stamp(now),
      }
    })
    // SQLite's multi-row insert is a compound SELECT (at most 500 terms)
    const rowsPerInsert = isMysql() ? 1000 : 200
    for (const part of chunks(creatorRows, rowsPerInsert)) {
      await db.table('creators').multiInsert(part)
    }
    const inserted = await db
      .from('creators')
      .where('brand_no', 'like', `${BENCH_BRAND_PREFIX}%`)
      .orderBy('id')
      .select('id', 'brand_no')
    const creatorIds = inserted.map((row) => Number(row.id))

    const accountRows: Record<string, unknown>[] = []
    const priceRows: Record<string, unknown>[] = []
    creatorIds.forEach((creatorId, index) => {
      const platforms = [
        ...CORE_PLATFORMS,
        OTHER_PLATFORMS[index % OTHER_PLATFORMS.length],
        OTHER_PLATFORMS[(index + 3) % OTHER_PLATFORMS.length],
        OTHER_PLATFORMS[(index + 6) % OTHER_PLATFORMS.length],
      ]
      for (const platform of platforms) {
        accountRows.push({
          creator_id: creatorId,
          platform,
          uid: `bench-${index + 1}-${platform}`,
          channel_name: `Bench ${platform} ${index + 1}`,
          fans: 0,
          active: true,
          token_status: 0,
          cookie_status: 0,
          collect_status: 0,
          created_at: stamp(now),
          updated_at: stamp(now),
        })
      }
      // four in five creators quote ad prices, in one of three currencies
      if (index % 5 !== 4) {
        const formats = 1 + (index % 3)
        for (let format = 0; format < formats; format++) {
          priceRows.push({
            creator_id: creatorId,
            platform: platforms[format],
            format: AD_FORMATS[(index + format) % AD_FORMATS.length],
            price: 100 + ((index * 7919 + format * 104729) % 9900),
            currency: CURRENCIES[(index + format) % CURRENCIES.length],
            created_at: stamp(now),
            updated_at: stamp(now),
          })
        }
      }
    })
    for (const part of chunks(accountRows, rowsPerInsert)) {
      await db.table('creator_platform_accounts').multiInsert(part)
    }
    for (const part of chunks(priceRows, rowsPerInsert)) {
      await db.table('creator_ad_prices').multiInsert(part)
    }
    const accounts = await this.accounts()
    log(
      `bench dataset: ${creatorIds.length} creators, ${accounts.length} accounts, ` +
        `${priceRows.length} ad prices in ${((performance.now() - started) / 1000).toFixed(1)} s`
    )
    return accounts
  }
}
