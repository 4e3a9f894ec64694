import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { simulateSeries } from '#platforms/simulated_model'
import CreatorTotalsService from '#services/creators/totals_service'
import MetricRollupService from '#services/metrics/rollup_service'
import { sqlDateTime } from '#support/sql'
import SnapshotWriter, { type SnapshotRow } from '#services/metrics/snapshot_writer'
import type { BenchAccount } from '#bench/dataset'
import MetricCollectionService from '#services/metrics/collection_service'

export interface IngestFigure {
  name: string
  rows: number
  seconds: number
  perSecond: number
  note?: string
}

const addDays = (value: string, days: number) =>
  DateTime.fromISO(value, { zone: 'utc' }).plus({ days }).toISODate()!

/**
 * The collection's write path on the full dataset: one new day for every
 * bench account (the day after the dataset's last), written with
 * SnapshotWriter.upsertMany (differences computed against the stored day
 * before), then the rollup of that day; then the same day again (the
 * idempotent re-run: every row an update), after one untimed pass that
 * brings the pages it touches into the database's cache. The day is removed
 * afterwards, so the dataset stays as built.
 */
export async function measureIngest(
  accounts: BenchAccount[],
  lastDay: string,
  log: (line: string) => void
): Promise<IngestFigure[]> {
  const day = addDays(lastDay, 1)
  const collectionDays = [2, 3, 4].map((offset) => addDays(lastDay, offset))
  const collectedAt = new Date()
  const simulated = performance.now()
  const rows: SnapshotRow[] = accounts.map((account) => {
    const [point] = simulateSeries(
      { id: account.id, platform: account.platform, uid: account.uid },
      day,
      day
    )
    return {
      account_id: account.id,
      creator_id: account.creatorId,
      platform: account.platform,
      snapshot_date: day,
      source: 'simulated',
      adapter: 'simulated',
      collected_at: collectedAt,
      ...point.stats,
    }
  })
  const simulateSeconds = (performance.now() - simulated) / 1000
  const figures: IngestFigure[] = [
    {
      name: 'simulateSeries (one day, every account)',
      rows: rows.length,
      seconds: simulateSeconds,
      perSecond: rows.length / simulateSeconds,
    },
  ]

  await cleanup(day)
  try {
    // one untimed pass first: the figures are those of a server whose pool holds the
    // accounts' newest index pages, as it does when it serves the studio all day
    await SnapshotWriter.upsertMany(rows)
    await cleanup(day)
    for (const [name, note] of [
      ['SnapshotWriter.upsertMany, new day', 'inserts; diffs vs the stored day before'],
      ['SnapshotWriter.upsertMany, same day again', 're-run: every row an update'],
    ] as const) {
      await settle()
      const started = performance.now()
      const result = await SnapshotWriter.upsertMany(rows)
      const written = (performance.now() - started) / 1000
      figures.push({
        name,
        rows: result.written,
        seconds: written,
        perSecond: result.written / written,
        note,
      })
      const rolled = performance.now()
      await MetricRollupService.rebuild([day])
      const rollup = (performance.now() - rolled) / 1000
      figures.push({
        name: `  + MetricRollupService.rebuild([day])`,
        rows: result.written,
        seconds: written + rollup,
        perSecond: result.written / (written + rollup),
        note: `rollup ${Math.round(rollup * 1000)} ms`,
      })
      log(`ingest: ${name}: ${result.written} rows in ${written.toFixed(2)} s`)
    }
    await cleanup(day)

    // the whole collection: accounts query, the simulated adapter per account, writer, marks,
    // rollup — three runs, each of a day never written before (no deleted rows to reuse);
    // the median is printed, the three beside it
    const runs: { seconds: number; succeeded: number; note: string }[] = []
    for (const runDay of collectionDays) {
      await settle()
      const started = performance.now()
      const run = await MetricCollectionService.collect({ date: runDay, trigger: 'cli' })
      const seconds = (performance.now() - started) / 1000
      runs.push({
        seconds,
        succeeded: run.succeeded,
        note: `run ${run.status}: ${run.succeeded} ok, ${run.failed} failed, ${run.skipped} skipped`,
      })
      log(`ingest: collection run: ${run.succeeded} snapshots in ${seconds.toFixed(2)} s`)
      await db.from('metric_collection_runs').where('id', run.id).delete()
    }
    const median = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]
    figures.push({
      name: 'MetricCollectionService.collect (simulated)',
      rows: median.succeeded,
      seconds: median.seconds,
      perSecond: median.succeeded / median.seconds,
      note:
        `median of ${runs.length} (${runs.map((run) => Math.round(run.succeeded / run.seconds)).join(', ')} rows/s); ` +
        `${median.note}; terminated creators' accounts excluded`,
    })
  } finally {
    for (const written of [day, ...collectionDays]) await cleanup(written)
  }
  return figures
}

/**
 * MySQL: waits (up to 15 s) until InnoDB has purged the rows the clean-up
 * deleted, so that a timed phase does not pay for it — a daily collection
 * does not follow a mass delete.
 */
async function settle() {
  if (!db.connection().dialect.name.startsWith('mysql')) return
  const until = Date.now() + 15_000
  while (Date.now() < until) {
    const [rows] = await db.rawQuery("show global status like 'Innodb_history_list_length'")
    if (Number((rows as { Value: string }[])[0]?.Value ?? 0) < 100) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Removes the measured day (snapshots and totals) and puts the accounts' and creators' fans back. */
async function cleanup(day: string) {
  await db.from('metric_snapshots').where('snapshot_date', day).delete()
  await MetricRollupService.rebuild([day])
  const client = db.connection()
  await CreatorTotalsService.refreshAccountFans(client, null)
  await CreatorTotalsService.recompute(client, null, sqlDateTime(), { touch: false })
}
