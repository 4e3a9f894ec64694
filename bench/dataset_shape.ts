import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { METRICS } from '#shared/constants'
import type { PlatformKey } from '#shared/constants'

/* What the bench dataset's builder and its snapshot loader share. */

/** The secondary indexes of metric_snapshots while a MySQL load runs without them. */
export const PENDING_INDEXES_KEY = 'bench.dataset.indexes'
/** Days simulated per pass (all accounts × this many days held in memory). */
export const WINDOW_DAYS = 61
/** Rows per multi-row INSERT when LOAD DATA is not available. */
export const INSERT_ROWS = 4000
/** Bytes per LOAD DATA packet. */
export const STREAM_CHUNK = 1 << 20

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

export type Log = (line: string) => void

export const day = (value: DateTime) => value.toISODate()!
export const addDays = (value: string, days: number) =>
  day(DateTime.fromISO(value, { zone: 'utc' }).plus({ days }))

export function isMysql() {
  return db.connection().dialect.name.startsWith('mysql')
}

export function stamp(value: DateTime = DateTime.utc()) {
  return value.toUTC().toFormat('yyyy-LL-dd HH:mm:ss')
}

export function count(row: unknown) {
  return Number((row as { total?: unknown } | undefined)?.total ?? 0)
}
