import { Readable } from 'node:stream'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { simulateSeries } from '#platforms/simulated_model'
import type { ChannelStats } from '#platforms/types'
import MetricRollupService from '#services/metrics/rollup_service'
import {
  AD_FORMATS,
  CREATOR_CATEGORIES,
  CURRENCIES,
  METRICS,
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
/** The secondary indexes of metric_snapshots while a MySQL load runs without them. */
const PENDING_INDEXES_KEY = 'bench.dataset.indexes'
/** Bump when the dataset's shape changes, so that old datasets are rebuilt. */
const DATASET_VERSION = 1

/** Every creator has these three, plus three of the other nine (rotating), so all 12 have data. */
const CORE_PLATFORMS: PlatformKey[] = ['youtube', 'bilibili', 'douyin']
const OTHER_PLATFORMS = PLATFORMS.filter((platform) => !CORE_PLATFORMS.includes(platform))
export const PLATFORMS_PER_CREATOR = 6

/** Days simulated per pass (all accounts × this many days held in memory). */
const WINDOW_DAYS = 61
/** Rows per multi-row INSERT when LOAD DATA is not available. */
const INSERT_ROWS = 4000
/** Bytes per LOAD DATA packet. */
const STREAM_CHUNK = 1 << 20

const DIFFS = METRICS.map((metric) => `${metric}_diff`)
export const SNAPSHOT_COLUMNS = [
  'account_id',
  'creator_id',
  'platform',
  'snapshot_date',
  ...METRICS,
  ...DIFFS,
  'source',
  'adapter',
  'collected_at',
]

export interface DatasetSpec {
  creators: number
  days: number
  /** The newest snapshot date, YYYY-MM-DD. */
  end: string
}

export interface DatasetMarker extends DatasetSpec {
  version: number
  rows: number
  accounts: number
  /** YYYY-MM-DD of the first snapshot date. */
  start: string
  method: string
  load_seconds: number
  rollup_seconds: number
  built_at: string
}

export interface BenchAccount {
  id: number
  creatorId: number
  platform: PlatformKey
  uid: string
}

export interface DatasetReport {
  reused: boolean
  marker: DatasetMarker
}

type Log = (line: string) => void

const day = (value: DateTime) => value.toISODate()!
const addDays = (value: string, days: number) =>
  day(DateTime.fromISO(value, { zone: 'utc' }).plus({ days }))

function chunks<T>(items: T[], size: number): T[][] {
  const parts: T[][] = []
  for (let index = 0; index < items.length; index += size) {
    parts.push(items.slice(index, index + size))
  }
  return parts
}

function isMysql() {
  return db.connection().dialect.name.startsWith('mysql')
}

function stamp(value: DateTime = DateTime.utc()) {
  return value.toUTC().toFormat('yyyy-LL-dd HH:mm:ss')
}

function count(row: unknown) {
  return Number((row as { total?: unknown } | undefined)?.total ?? 0)
}

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
    if (isMysql()) await this.#restorePendingIndexes(log)
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
    const loaded = await this.#loadSnapshots(spec, accounts, options.method, log)

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

  /**
   * The simulated snapshots, day by day for every account, as text lines
   * (tab-separated, in SNAPSHOT_COLUMNS order). Differences to the day
   * before; 0 on an account's first day. Also reports each account's
   * values on the last day (for the accounts' and creators' fans).
   */
  static *lines(
    spec: DatasetSpec,
    accounts: BenchAccount[],
    last: Map<number, ChannelStats>
  ): Generator<string[]> {
    const start = addDays(spec.end, -(spec.days - 1))
    for (let offset = 0; offset < spec.days; offset += WINDOW_DAYS) {
      const from = addDays(start, offset)
      const to = addDays(start, Math.min(spec.days, offset + WINDOW_DAYS) - 1)
      const first = offset === 0
      // one day before the window, for the first day's differences
      const series = accounts.map((account) => {
        const points = simulateSeries(
          { id: account.id, platform: account.platform, uid: account.uid },
          first ? from : addDays(from, -1),
          to
        )
        return first ? [null, ...points] : points
      })
      const length = series[0].length - 1
      for (let index = 1; index <= length; index++) {
        const date = series[0][index]!.date
        const collected = `${addDays(date, 1)} 04:00:00`
        const lines: string[] = []
        for (const [a, account] of accounts.entries()) {
          const point = series[a][index]!
          const previous = series[a][index - 1]
          const stats = point.stats
          let line = `${account.id}\t${account.creatorId}\t${account.platform}\t${point.date}`
          for (const metric of METRICS) line += `\t${stats[metric]}`
          for (const metric of METRICS) {
            line += `\t${previous ? stats[metric] - previous.stats[metric] : 0}`
          }
          line += `\tsimulated\tsimulated\t${collected}\n`
          lines.push(line)
          if (date === spec.end) last.set(account.id, stats)
        }
        yield lines
      }
    }
  }

  static async #loadSnapshots(
    spec: DatasetSpec,
    accounts: BenchAccount[],
    method: 'infile' | 'insert' | undefined,
    log: Log
  ) {
    const expected = accounts.length * spec.days
    log(
      `bench dataset: loading ${expected.toLocaleString('en')} snapshots ` +
        `(${accounts.length} accounts × ${spec.days} days) …`
    )
    const last = new Map<number, ChannelStats>()
    const started = performance.now()
    let used: string
    let rows: number
    if (isMysql()) {
      const outcome = await this.#loadMysql(spec, accounts, last, method, log, started)
      used = outcome.method
      rows = outcome.rows
    } else {
      rows = await this.#loadSqlite(spec, accounts, last, log, started)
      used = 'sqlite prepared insert'
    }
    const seconds = (performance.now() - started) / 1000
    log(
      `bench dataset: ${rows.toLocaleString('en')} snapshots in ${seconds.toFixed(1)} s = ` +
        `${Math.round(rows / seconds).toLocaleString('en')} rows/s (${used})`
    )
    await this.#updateFans(accounts, last)
    return { rows, seconds, method: used }
  }

  static #progress(log: Log, rows: number, expected: number, started: number) {
    const seconds = (performance.now() - started) / 1000
    log(
      `  ${rows.toLocaleString('en')} / ${expected.toLocaleString('en')} rows, ` +
        `${Math.round(rows / seconds).toLocaleString('en')} rows/s`
    )
  }

  /** MySQL/MariaDB: one LOAD DATA LOCAL INFILE per window of days on a session of its own. */
  static async #loadMysql(
    spec: DatasetSpec,
    accounts: BenchAccount[],
    last: Map<number, ChannelStats>,
    method: 'infile' | 'insert' | undefined,
    log: Log,
    started: number
  ) {
    const { default: mysql } = await import('mysql2')
    const config = db.manager.get(db.primaryConnectionName)!.config.connection as Record<
      string,
      unknown
    >
    const connection = mysql.createConnection({
      host: config.host as string,
      port: Number(config.port ?? 3306),
      user: config.user as string,
      password: (config.password as string) ?? '',
      database: config.database as string,
      charset: 'utf8mb4',
      timezone: 'Z',
    })
    const query = (sql: string, options: Record<string, unknown> = {}) =>
      new Promise<any>((resolve, reject) =>
        connection.query({ sql, ...options }, (error: Error | null, result: unknown) =>
          error ? reject(error) : resolve(result)
        )
      )
    const expected = accounts.length * spec.days
    const columns = SNAPSHOT_COLUMNS.join(', ')
    try {
      await query('set session unique_checks = 0')
      await query('set session foreign_key_checks = 0')
      await this.#dropIndexes(query, log)
      let rows = 0
      let useInfile = method !== 'insert'
      const days = this.lines(spec, accounts, last)
      const perStatement = Math.max(1, Math.floor(200_000 / accounts.length))
      const insertLines = async (lines: string[]) => {
        for (const part of chunks(lines, INSERT_ROWS)) {
          const values = part.map((line) => {
            const fields = line.slice(0, -1).split('\t')
            const sql = fields.map((field, index) =>
              index === 2 || index === 3 || index >= 24 ? connection.escape(field) : field
            )
            return `(${sql.join(',')})`
          })
          const result = await query(
            `insert into metric_snapshots (${columns}) values ${values.join(',')}`
          )
          rows += Number(result.affectedRows)
        }
      }
      let reported = 0
      let done = false
      while (!done) {
        // the days of one statement, simulated while the server reads the stream
        const taken: string[][] = []
        const take = function* () {
          while (taken.length < perStatement) {
            const next = days.next()
            if (next.done) {
              done = true
              return
            }
            taken.push(next.value)
            yield next.value
          }
        }
        if (useInfile) {
          try {
            const result = await query(
              `load data local infile 'bench_snapshots.tsv' into table metric_snapshots
               character set utf8mb4 fields terminated by '\\t' lines terminated by '\\n'
               (${columns})`,
              { infileStreamFactory: () => this.#stream(take()) }
            )
            rows += Number(result.affectedRows)
          } catch (error) {
            if (rows > 0) throw error
            log(
              `bench dataset: LOAD DATA LOCAL INFILE refused (${(error as Error).message}); ` +
                `using multi-row INSERTs of ${INSERT_ROWS} rows`
            )
            useInfile = false
            Array.from(take()) // the rest of this statement's days
            await insertLines(taken.flat())
          }
        } else {
          Array.from(take()) // simulate this statement's days
          await insertLines(taken.flat())
        }
        if (rows - reported >= 500_000) {
          reported = rows
          this.#progress(log, rows, expected, started)
        }
      }
      this.#progress(log, rows, expected, started)
      const indexed = performance.now()
      await this.#restorePendingIndexes(log, query)
      const indexSeconds = (performance.now() - indexed) / 1000
      const used = useInfile ? 'LOAD DATA LOCAL INFILE' : 'multi-row INSERT'
      return {
        rows,
        method: `${used} without secondary indexes + index build ${indexSeconds.toFixed(1)} s`,
      }
    } finally {
      await new Promise((resolve) => connection.end(() => resolve(null)))
    }
  }

  /** Drops every secondary index of metric_snapshots, remembering them first. */
  static async #dropIndexes(query: (sql: string) => Promise<any>, log: Log) {
    const rows: {
      Key_name: string
      Non_unique: number
      Column_name: string
      Seq_in_index: number
    }[] = await query('show index from metric_snapshots')
    const indexes = new Map<string, { name: string; unique: boolean; columns: string[] }>()
    for (const row of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
      if (row.Key_name === 'PRIMARY') continue
      const index = indexes.get(row.Key_name) ?? {
        name: row.Key_name,
        unique: Number(row.Non_unique) === 0,
        columns: [],
      }
      index.columns.push(row.Column_name)
      indexes.set(row.Key_name, index)
    }
    if (indexes.size === 0) return
    await db.from('studio_settings').where('key', PENDING_INDEXES_KEY).delete()
    await db.table('studio_settings').insert({
      key: PENDING_INDEXES_KEY,
      value: JSON.stringify([...indexes.values()]),
      updated_at: stamp(),
    })
    await query(
      `alter table metric_snapshots ${[...indexes.keys()].map((name) => `drop index \`${name}\``).join(', ')}`
    )
    log(`bench dataset: dropped ${indexes.size} secondary indexes for the load`)
  }

  /** Builds again the indexes a load dropped (also after an interrupted one). */
  static async #restorePendingIndexes(log: Log, query?: (sql: string) => Promise<any>) {
    const row = await db.from('studio_settings').where('key', PENDING_INDEXES_KEY).first()
    if (!row?.value) return
    const wanted = JSON.parse(row.value) as { name: string; unique: boolean; columns: string[] }[]
    const [shown] = await db.rawQuery('show index from metric_snapshots')
    const present = new Set(shown.map((index: { Key_name: string }) => index.Key_name))
    const missing = wanted.filter((index) => !present.has(index.name))
    if (missing.length) {
      log(`bench dataset: building ${missing.length} indexes of metric_snapshots …`)
      const sql = `alter table metric_snapshots ${missing
        .map(
          (index) =>
            `add ${index.unique ? 'unique ' : ''}index \`${index.name}\` (${index.columns.map((column) => `\`${column}\``).join(', ')})`
        )
        .join(', ')}`
      if (query) await query(sql)
      else await db.rawQuery(sql)
    }
    await db.from('studio_settings').where('key', PENDING_INDEXES_KEY).delete()
  }

  static #stream(dayLines: Iterable<string[]>) {
    return Readable.from(
      (function* () {
        let buffer = ''
        for (const lines of dayLines) {
          for (const line of lines) {
            buffer += line
            if (buffer.length >= STREAM_CHUNK) {
              yield Buffer.from(buffer)
              buffer = ''
            }
          }
        }
        if (buffer) yield Buffer.from(buffer)
      })(),
      { objectMode: false }
    )
  }

  /** SQLite: one prepared statement, one transaction per window of days. */
  static async #loadSqlite(
    spec: DatasetSpec,
    accounts: BenchAccount[],
    last: Map<number, ChannelStats>,
    log: Log,
    started: number
  ) {
    const knex = db.connection().getWriteClient()
    const connection = await (knex as any).client.acquireConnection()
    const expected = accounts.length * spec.days
    try {
      const statement = connection.prepare(
        `insert into metric_snapshots (${SNAPSHOT_COLUMNS.join(', ')})
         values (${SNAPSHOT_COLUMNS.map(() => '?').join(', ')})`
      )
      const insertDays = connection.transaction((dayLines: string[][]) => {
        for (const lines of dayLines) {
          for (const line of lines) {
            const fields: (string | number)[] = line.slice(0, -1).split('\t')
            for (let index = 0; index < fields.length; index++) {
              if (index !== 2 && index !== 3 && index < 24) fields[index] = Number(fields[index])
            }
            statement.run(fields)
          }
        }
      })
      let rows = 0
      let batch: string[][] = []
      for (const lines of this.lines(spec, accounts, last)) {
        batch.push(lines)
        rows += lines.length
        if (batch.length >= 30) {
          insertDays(batch)
          batch = []
          this.#progress(log, rows, expected, started)
        }
      }
      if (batch.length) insertDays(batch)
      return rows
    } finally {
      await (knex as any).client.releaseConnection(connection)
    }
  }

  /** The accounts' and creators' fans as of the last day, as a collection leaves them. */
  static async #updateFans(accounts: BenchAccount[], last: Map<number, ChannelStats>) {
    const byCreator = new Map<number, number>()
    for (const account of accounts) {
      const fans = last.get(account.id)?.fans ?? 0
      byCreator.set(account.creatorId, (byCreator.get(account.creatorId) ?? 0) + fans)
    }
    const collected = stamp()
    for (const part of chunks(accounts, 500)) {
      const cases = part.map(
        (account) => `when ${account.id} then ${last.get(account.id)?.fans ?? 0}`
      )
      await db.rawQuery(
        `update creator_platform_accounts set fans = case id ${cases.join(' ')} end,
         last_collected_at = ? where id in (${part.map((account) => account.id).join(',')})`,
        [collected]
      )
    }
    for (const part of chunks([...byCreator], 500)) {
      const cases = part.map(([id, fans]) => `when ${id} then ${fans}`)
      await db.rawQuery(
        `update creators set total_fans = case id ${cases.join(' ')} end
         where id in (${part.map(([id]) => id).join(',')})`
      )
    }
  }
}
