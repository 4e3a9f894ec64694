/*
|--------------------------------------------------------------------------
| The bench: what one run is asked to do and where it reports
|--------------------------------------------------------------------------
|
| `npm run bench` (scripts/bench.js) runs `node ace bench` against a database
| of its own; the command (api/commands/bench.ts) reads the flags and hands
| them to runBench (bench/run.ts). Figures are printed, never asserted.
|
*/

export interface BenchOptions {
  /** Seconds per endpoint (split into rounds). */
  duration: number
  /** Rounds per endpoint, each next to a /api/health round. */
  rounds: number
  connections: number
  /** Port for the measured server (the next free one from here). */
  port: number
  rebuild: boolean
  creators?: number
  days?: number
  /** Snapshot load on MySQL: 'infile' (LOAD DATA LOCAL) or 'insert'. */
  method?: string
  /** Only the endpoints whose name contains this. */
  only?: string
  loadOnly: boolean
  skipHttp: boolean
  skipIngest: boolean
  skipExplain: boolean
  /** Only the soak: this many distinct dashboard queries while RSS is sampled. */
  soak?: boolean
  soakQueries?: number
  /** MySQL: grow the buffer pool to this size (MB); it stays until the server restarts. */
  poolMb?: number
  /** The upload bench's file size in MB (bench/upload.ts; default 2048, 0 skips it in a full run). */
  uploadMb?: number
  /** The live collection's accounts (bench/collection_live.ts; default 24, 0 skips it in a full run). */
  collectAccounts?: number
  /** Outside crawl tasks of the outside bench (bench/outside.ts; default 1,000). */
  outsideTasks?: number
  /** The application's root folder (the measured server starts there). */
  appRoot: string
}

export interface BenchLogger {
  log(line: string): void
  warning(line: string): void
}

export interface BenchContext {
  options: BenchOptions
  logger: BenchLogger
}

/**
 * The speed targets the figures are held to (marked, never asserted): p95 of
 * a metric endpoint ≤ 50 ms, and its requests/s at least half of /api/health's.
 */
export const P95_TARGET_MS = 50
export const RATIO_TARGET = 0.5
/** The collection write path's target. */
export const INGEST_TARGET_PER_SECOND = 5_000
