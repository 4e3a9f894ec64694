import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ChannelStats } from '#platforms/types'
import { METRICS, type Metric, type PlatformKey, type SnapshotSource } from '#shared/constants'
import { dayOf } from '#services/metrics/rollup_service'
import { chunks } from '#support/chunks'
import { transactionRetryingDeadlocks } from '#support/sql'

type DiffColumn = `${Metric}_diff`

/**
 * One account's counters on one day, as the collection and the backfill hand
 * them to the writer. A `<metric>_diff` given explicitly is stored as is;
 * every missing one is computed against the account's previous stored
 * snapshot (the latest day before `snapshot_date`), 0 when there is none.
 */
export type SnapshotRow = {
  account_id: number
  creator_id: number
  platform: PlatformKey
  /** YYYY-MM-DD, the day the values describe. */
  snapshot_date: string
  source: SnapshotSource
  adapter: string
  collected_at: Date
} & ChannelStats &
  Partial<Record<DiffColumn, number>>

interface WriteResult {
  /** Rows of the input written (after removing repeats of one account and day). */
  written: number
  /** Later stored snapshots whose differences were recomputed because their previous day changed. */
  recomputed: number
  /** Every day whose snapshots changed (rebuild these totals), sorted. */
  dates: string[]
}

/** Rows per batch (one transaction when the caller gives none). */
export const WRITE_BATCH = 1000
/**
 * Rows per insert statement: SQLite parses (and knex binds) a long statement
 * more slowly than a few shorter ones; MySQL prefers fewer round trips.
 */
const ROWS_PER_STATEMENT = { sqlite: 200, other: 1000 }

const DIFFS = METRICS.map((metric) => `${metric}_diff` as DiffColumn)
const COLUMNS = [
  'account_id',
  'creator_id',
  'platform',
  'snapshot_date',
  ...METRICS,
  ...DIFFS,
  'source',
  'adapter',
  'collected_at',
] as const
const METRIC_OF = Object.fromEntries(
  DIFFS.map((column, index) => [column, METRICS[index]])
) as Record<DiffColumn, Metric>
const KEY_COLUMNS = new Set(['account_id', 'snapshot_date'])
const ROW_PLACEHOLDERS = `(${COLUMNS.map(() => '?').join(', ')})`
/** Above this many distinct days in one lookup, rows are fetched by (account, day) pairs. */
const DAYS_PER_LOOKUP = 20

/** A row as stored (or about to be): collected_at already in the dialect's text. */
interface StoredRow extends Record<string, unknown> {
  account_id: number
  snapshot_date: string
}

interface TimelineEntry {
  date: string
  row: StoredRow
  /** Part of the input (true) or a stored snapshot read for the computation. */
  input: boolean
  /** The input row's diffs that must be computed. */
  missing?: DiffColumn[]
}

/** The row as written (one object literal: this runs for every snapshot). */
function storedRow(s: SnapshotRow, collectedAt: string): StoredRow {
  return {
    account_id: Number(s.account_id),
    creator_id: Number(s.creator_id),
    platform: s.platform,
    snapshot_date: s.snapshot_date.length === 10 ? s.snapshot_date : dayOf(s.snapshot_date),
    fans: s.fans,
    views: s.views,
    likes: s.likes,
    comments: s.comments,
    shares: s.shares,
    danmaku: s.danmaku,
    coins: s.coins,
    forwards: s.forwards,
    recommends: s.recommends,
    videos: s.videos,
    fans_diff: s.fans_diff,
    views_diff: s.views_diff,
    likes_diff: s.likes_diff,
    comments_diff: s.comments_diff,
    shares_diff: s.shares_diff,
    danmaku_diff: s.danmaku_diff,
    coins_diff: s.coins_diff,
    forwards_diff: s.forwards_diff,
    recommends_diff: s.recommends_diff,
    videos_diff: s.videos_diff,
    source: s.source,
    adapter: s.adapter,
    collected_at: collectedAt,
  }
}

/** Whole days since 1970-01-01 of a YYYY-MM-DD (cheaper than Luxon in the hot path). */
function dayNumber(day: string) {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
}

const byDate = (a: TimelineEntry, b: TimelineEntry) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0

/**
 * Writes metric_snapshots in batches: an upsert on (account_id,
 * snapshot_date) — `on duplicate key update` on MySQL/MariaDB, `on conflict
 * … do update` on SQLite — so writing a day twice leaves one row with the
 * newer values. Differences are computed against the account's previous
 * stored day (or taken from the row), and when a later day of the account
 * already exists (D+1 after rewriting D) its differences are recomputed and
 * written in the same batch. The caller rebuilds metric_daily_totals for the
 * returned `dates` (MetricRollupService.rebuild).
 */
export default class SnapshotWriter {
  static async upsertMany(
    rows: SnapshotRow[],
    trx?: TransactionClientContract
  ): Promise<WriteResult> {
    const unique = new Map<string, SnapshotRow>()
    for (const row of rows) unique.set(`${row.account_id}|${row.snapshot_date}`, row)
    const result: WriteResult = { written: 0, recomputed: 0, dates: [] }
    const dates = new Set<string>()

    // in account order, so that a batch holds whole accounts whenever one fits
    const ordered = [...unique.values()].sort(
      (a, b) =>
        a.account_id - b.account_id ||
        (a.snapshot_date < b.snapshot_date ? -1 : a.snapshot_date > b.snapshot_date ? 1 : 0)
    )
    const parts = chunks(ordered, WRITE_BATCH)
    const split = parts.some(
      (part, index) => index > 0 && part[0].account_id === parts[index - 1].at(-1)!.account_id
    )
    // Batches in their own transactions overlap on MySQL: the server reads one's
    // index pages while the next is sent. Only when no account spans two
    // batches (its differences need the other's rows committed) — the daily
    // collection's case; a long backfill writes in order.
    const parallel = trx || split || db.connection().dialect.name.includes('sqlite') ? 1 : 2
    let next = 0
    const writer = async () => {
      while (next < parts.length) {
        const part = parts[next++]
        const outcome = trx
          ? await this.#writeBatch(trx, part)
          : await transactionRetryingDeadlocks((inner) => this.#writeBatch(inner, part))
        result.written += part.length
        result.recomputed += outcome.recomputed
        for (const day of outcome.dates) dates.add(day)
      }
    }
    await Promise.all(Array.from({ length: parallel }, writer))
    result.dates = [...dates].sort()
    return result
  }

  static async #writeBatch(client: QueryClientContract, input: SnapshotRow[]) {
    const format = client.dialect.dateTimeFormat
    const stamps = new Map<number, string>()
    const byAccount = new Map<number, TimelineEntry[]>()
    for (const source of input) {
      const time = source.collected_at.getTime()
      let collectedAt = stamps.get(time)
      if (collectedAt === undefined) {
        collectedAt = DateTime.fromMillis(time, { zone: 'utc' }).toFormat(format)
        stamps.set(time, collectedAt)
      }
      const row = storedRow(source, collectedAt)
      const missing: DiffColumn[] = []
      for (const column of DIFFS) {
        if (typeof row[column] !== 'number') missing.push(column)
      }
      const entry: TimelineEntry = { date: row.snapshot_date, row, input: true, missing }
      const list = byAccount.get(row.account_id)
      if (list) list.push(entry)
      else byAccount.set(row.account_id, [entry])
    }

    // what each account's input spans, and which stored days the computation needs
    const bounds = new Map<string, number[]>() // "min|max" → accounts
    const gapped: number[] = []
    for (const [accountId, entries] of byAccount) {
      entries.sort(byDate)
      const first = entries[0].date
      const last = entries[entries.length - 1].date
      const key = `${first}|${last}`
      const list = bounds.get(key)
      if (list) list.push(accountId)
      else bounds.set(key, [accountId])
      // the days are distinct, so they are consecutive exactly when they span as many days
      if (dayNumber(last) - dayNumber(first) + 1 !== entries.length) gapped.push(accountId)
    }

    // the previous stored day before each account's first input day and the next after its last
    const wanted: { accountId: number; date: string }[] = []
    for (const [key, accountIds] of bounds) {
      const [first, last] = key.split('|')
      for (const part of chunks(accountIds, WRITE_BATCH)) {
        const neighbours = await client
          .from('creator_platform_accounts as a')
          .whereIn('a.id', part)
          .select('a.id as account_id')
          .select(
            client.raw(
              // order by … limit 1, not max(): MariaDB reads every day of the
              // account for max() in a correlated subquery, one index entry here
              `(select s.snapshot_date from metric_snapshots s
                where s.account_id = a.id and s.snapshot_date < ?
                order by s.snapshot_date desc limit 1) as prev_date`,
              [first]
            ),
            client.raw(
              `(select s.snapshot_date from metric_snapshots s
                where s.account_id = a.id and s.snapshot_date > ?
                order by s.snapshot_date asc limit 1) as next_date`,
              [last]
            )
          )
        for (const neighbour of neighbours) {
          const accountId = Number(neighbour.account_id)
          if (neighbour.prev_date) wanted.push({ accountId, date: dayOf(neighbour.prev_date) })
          if (neighbour.next_date) wanted.push({ accountId, date: dayOf(neighbour.next_date) })
        }
      }
    }
    const stored = await this.#fetch(client, wanted)

    // stored days inside an account's input span that the input does not rewrite
    if (gapped.length) {
      for (const part of chunks(gapped, WRITE_BATCH)) {
        let low = '9999-12-31'
        let high = '0000-01-01'
        for (const accountId of part) {
          const entries = byAccount.get(accountId)!
          if (entries[0].date < low) low = entries[0].date
          if (entries[entries.length - 1].date > high) high = entries[entries.length - 1].date
        }
        const inside = await client
          .from('metric_snapshots')
          .whereIn('account_id', part)
          .where('snapshot_date', '>', low)
          .where('snapshot_date', '<', high)
          .select(...COLUMNS)
        stored.push(...inside.map((row) => this.#normalise(row, format)))
      }
    }

    for (const row of stored) {
      const entries = byAccount.get(row.account_id)
      if (!entries || entries.some((entry) => entry.date === row.snapshot_date)) continue
      entries.push({ date: row.snapshot_date, row, input: false })
    }

    // walk each account's days in order: compute the input's missing diffs,
    // recompute a stored day that follows an input day
    const writes: StoredRow[] = []
    let recomputed = 0
    const dates = new Set<string>()
    for (const entries of byAccount.values()) {
      if (entries.length > 1) entries.sort(byDate)
      for (const [index, entry] of entries.entries()) {
        const previous = index > 0 ? entries[index - 1] : null
        if (entry.input) {
          for (const column of entry.missing!) {
            const metric = METRIC_OF[column]
            entry.row[column] = previous
              ? Number(entry.row[metric]) - Number(previous.row[metric])
              : 0
          }
          writes.push(entry.row)
          dates.add(entry.date)
        } else if (previous?.input) {
          for (const metric of METRICS) {
            entry.row[`${metric}_diff`] = Number(entry.row[metric]) - Number(previous.row[metric])
          }
          writes.push(entry.row)
          dates.add(entry.date)
          recomputed++
        }
      }
    }

    const perStatement = client.dialect.name.includes('sqlite')
      ? ROWS_PER_STATEMENT.sqlite
      : ROWS_PER_STATEMENT.other
    for (const part of chunks(writes, perStatement)) await this.#upsert(client, part)
    return { recomputed, dates: [...dates] }
  }

  /** Stored snapshots by (account, day), every column. */
  static async #fetch(client: QueryClientContract, wanted: { accountId: number; date: string }[]) {
    const format = client.dialect.dateTimeFormat
    const found: StoredRow[] = []
    if (wanted.length === 0) return found
    const accountsByDate = new Map<string, number[]>()
    for (const { accountId, date } of wanted) {
      const list = accountsByDate.get(date)
      if (list) list.push(accountId)
      else accountsByDate.set(date, [accountId])
    }
    if (accountsByDate.size <= DAYS_PER_LOOKUP) {
      for (const [date, accountIds] of accountsByDate) {
        for (const part of chunks(accountIds, WRITE_BATCH)) {
          const rows = await client
            .from('metric_snapshots')
            .where('snapshot_date', date)
            .whereIn('account_id', part)
            .select(...COLUMNS)
          found.push(...rows.map((row) => this.#normalise(row, format)))
        }
      }
      return found
    }
    for (const part of chunks(wanted, 400)) {
      const pairs = part.map(() => '(?, ?)').join(', ')
      const rows = await client
        .from('metric_snapshots')
        .whereRaw(
          `(account_id, snapshot_date) in (${pairs})`,
          part.flatMap(({ accountId, date }) => [accountId, date])
        )
        .select(...COLUMNS)
      found.push(...rows.map((row) => this.#normalise(row, format)))
    }
    return found
  }

  static #normalise(row: Record<string, unknown>, format: string): StoredRow {
    const collected = row.collected_at
    return {
      ...row,
      account_id: Number(row.account_id),
      snapshot_date: dayOf(row.snapshot_date),
      collected_at:
        collected instanceof Date
          ? DateTime.fromJSDate(collected).toUTC().toFormat(format)
          : String(collected),
    }
  }

  static async #upsert(client: QueryClientContract, rows: StoredRow[]) {
    if (rows.length === 0) return
    const bindings: (string | number)[] = []
    for (const row of rows) {
      for (const column of COLUMNS) {
        bindings.push((row[column] as string | number) ?? 0)
      }
    }
    const sqlite = client.dialect.name.includes('sqlite')
    const sql = this.#upsertSql(sqlite, rows.length)
    const statement = sqlite ? await this.#sqliteStatement(client, sql) : null
    if (statement) statement.run(bindings)
    else await client.rawQuery(sql, bindings)
  }

  /**
   * On SQLite (better-sqlite3) inside a transaction, the upsert runs as a
   * prepared statement kept per connection: parsing a 200-row statement and
   * binding 5,400 values through knex for every batch costs more than the
   * insert itself. The transaction's connection is knex's own, so the
   * statement is part of the caller's transaction. Elsewhere, rawQuery.
   */
  static #prepared = new WeakMap<object, Map<string, { run(bindings: unknown[]): unknown }>>()

  static async #sqliteStatement(client: QueryClientContract, sql: string) {
    const knexTrx = client.isTransaction ? (client as any).knexClient : null
    const connection = knexTrx?.client?.acquireConnection
      ? await knexTrx.client.acquireConnection()
      : null
    if (!connection || typeof connection.prepare !== 'function') return null
    let statements = this.#prepared.get(connection)
    if (!statements) {
      statements = new Map()
      this.#prepared.set(connection, statements)
    }
    let statement = statements.get(sql)
    if (!statement) {
      statement = connection.prepare(sql) as { run(bindings: unknown[]): unknown }
      statements.set(sql, statement)
    }
    return statement
  }

  static #statements = new Map<string, string>()

  static #upsertSql(sqlite: boolean, rows: number) {
    const key = `${sqlite}|${rows}`
    let sql = this.#statements.get(key)
    if (!sql) {
      const updated = COLUMNS.filter((column) => !KEY_COLUMNS.has(column))
      const conflict = sqlite
        ? `on conflict (account_id, snapshot_date) do update set ${updated
            .map((column) => `${column} = excluded.${column}`)
            .join(', ')}`
        : `on duplicate key update ${updated
            .map((column) => `${column} = values(${column})`)
            .join(', ')}`
      const values = Array.from({ length: rows }, () => ROW_PLACEHOLDERS).join(', ')
      sql = `insert into metric_snapshots (${COLUMNS.join(', ')}) values ${values} ${conflict}`
      this.#statements.set(key, sql)
    }
    return sql
  }
}
