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
 * idempotent re-run: every row an update). The day is removed afterwards,
 * so the dataset stays as built.
 */
export async function measureIngest(
  accounts: BenchAccount[],
  lastDay: string,
  log: (line: string) => void
): Promise<IngestFigure[]> {
  const day = addDays(lastDay, 1)
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
    for (const [name, note] of [
      ['SnapshotWriter.upsertMany, new day', 'inserts; diffs vs the stored day before'],
      ['SnapshotWriter.upsertMany, same day again', 're-run: every row an update'],
    ] as const) {
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

    // the whole collection: accounts query, the simulated adapter per account, writer, marks, rollup
    const started = performance.now()
    const run = await MetricCollectionService.collect({ date: day, trigger: 'cli' })
    const seconds = (performance.now() - started) / 1000
    figures.push({
      name: 'MetricCollectionService.collect (simulated)',
      rows: run.succeeded,
      seconds,
      perSecond: run.succeeded / seconds,
      note: `run ${run.status}: ${run.succeeded} ok, ${run.failed} failed, ${run.skipped} skipped; terminated creators' accounts excluded`,
    })
    log(`ingest: collection run: ${run.succeeded} snapshots in ${seconds.toFixed(2)} s`)
    await db.from('metric_collection_runs').where('id', run.id).delete()
  } finally {
    await cleanup(day)
  }
  return figures
}

/** Removes the measured day (snapshots and totals) and puts the accounts' and creators' fans back. */
async function cleanup(day: string) {
  await db.from('metric_snapshots').where('snapshot_date', day).delete()
  await MetricRollupService.rebuild([day])
  const client = db.connection()
  await CreatorTotalsService.refreshAccountFans(client, null)
  await CreatorTotalsService.recompute(client, null, sqlDateTime(), { touch: false })
}
