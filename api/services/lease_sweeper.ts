import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricRollupService from '#services/metrics/rollup_service'
import Caches from '#services/caches'
import { LEASE, lapsedLeases } from '#support/lease'
import { affectedRows, countOf, sqlDateTime } from '#support/sql'

/** How often a web server sweeps (a dead run is marked within LEASE_TTL_MS + this). */
const SWEEP_EVERY_MS = Math.min(15_000, LEASE.heartbeatMs)

/**
 * Finds work whose process died (a kill -9, an OOM kill, a crashed CLI) and
 * marks it failed, with counts that are true, so it blocks nothing:
 *
 * - a collection run or backfill: failed, "abandoned"; `succeeded` is what
 *   really reached metric_snapshots since it started, and that day's totals
 *   are rebuilt from them. A queue retry of the run (BullMQ, the in-process
 *   driver) starts it again from the beginning.
 * - an import: failed, "interrupted"; created/updated are 0 because its one
 *   transaction was rolled back with the process.
 *
 * Runs at the start of every process that works with runs (the server, the
 * CLI commands), every 15 s in a web server, and before a new run is asked
 * for (so Resync never answers 409 for a dead run).
 */
export default class LeaseSweeper {
  static #timer: NodeJS.Timeout | null = null

  /** Marks every abandoned row; answers how many. */
  static async sweep() {
    const runs = await this.#abandoned('metric_collection_runs')
    for (const row of runs) await this.#abandonRun(row.id, row.owner)
    const imports = await this.#abandoned('creator_imports')
    for (const row of imports) await this.#abandonImport(row.id)
    if (runs.length || imports.length) {
      logger.warn(
        { runs: runs.map((row) => row.id), imports: imports.map((row) => row.id) },
        `marked ${runs.length} run(s) and ${imports.length} import(s) abandoned: the process running them stopped`
      )
    }
    return { runs: runs.length, imports: imports.length }
  }

  /** Sweeps now and then every 15 s until `stop` (web servers). */
  static start() {
    if (this.#timer) return
    const tick = () =>
      this.sweep().catch((error) => logger.warn({ err: error }, 'lease sweep failed'))
    tick()
    this.#timer = setInterval(tick, SWEEP_EVERY_MS)
    this.#timer.unref()
  }

  static stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** Running rows whose lease has lapsed (api/support/lease.ts), with the owner they had. */
  static #abandoned(table: 'metric_collection_runs' | 'creator_imports') {
    return lapsedLeases(table, (query) =>
      query.where('status', 'running').whereNotNull('lease_owner')
    )
  }

  static async #abandonRun(id: number, owner: string | null) {
    const run = await MetricCollectionRun.find(id)
    if (!run || run.status !== 'running') return
    const written = run.startedAt ? await this.#writtenSince(run) : 0
    const claimed = await db
      .from('metric_collection_runs')
      .where('id', id)
      .where('status', 'running')
      .update({
        status: 'failed',
        succeeded: written,
        processed: Math.max(written + run.failed + run.skipped, 0),
        error: `abandoned: the process running it (${owner ?? 'unknown'}) stopped before it finished; ${written} account(s) had been written`,
        finished_at: sqlDateTime(),
        duration_ms: run.startedAt ? Date.now() - run.startedAt.toMillis() : null,
        lease_owner: null,
        updated_at: sqlDateTime(),
      })
    if (!affectedRows(claimed)) return
    if (written > 0 || run.trigger === 'backfill') {
      // a backfill writes many days: all of them are rebuilt
      await MetricRollupService.rebuild(run.trigger === 'backfill' ? undefined : [run.snapshotDate])
      Caches.clear('creatorList')
    }
  }

  /** Snapshots of the run's scope written since it started. */
  static async #writtenSince(run: MetricCollectionRun) {
    const query = db
      .from('metric_snapshots')
      .where('snapshot_date', run.snapshotDate)
      .where('collected_at', '>=', sqlDateTime(run.startedAt!))
    if (run.platform) query.where('platform', run.platform)
    if (run.creatorIds?.length) query.whereIn('creator_id', run.creatorIds)
    return countOf(await query.count('* as total').first())
  }

  static async #abandonImport(id: number) {
    const claimed = await db
      .from('creator_imports')
      .where('id', id)
      .where('status', 'running')
      .update({ created_count: 0, updated_count: 0, lease_owner: null })
    if (!affectedRows(claimed)) return
    const { default: CreatorImportService } =
      await import('#services/creators/excel/import_service')
    await CreatorImportService.markInterrupted(id)
  }
}
