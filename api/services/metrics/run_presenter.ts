import type { DateTime } from 'luxon'
import type MetricCollectionRun from '#models/metric_collection_run'

const iso = (value: DateTime | null | undefined) => (value ? value.toUTC().toISO() : null)

/**
 * The JSON of a collection run (POST /api/metrics/collect, GET
 * /api/metrics/runs, the dashboard's `last_run`): scope, status, counters
 * (deferred: accounts of a paused platform, retried later; videos_failed:
 * accounts collected whose videos could not be written), the paused
 * platforms, duration, the first failures and ISO datetimes.
 */
export function presentRun(run: MetricCollectionRun) {
  return {
    id: run.id,
    snapshot_date: run.snapshotDate,
    platform: run.platform ?? null,
    creator_ids: run.creatorIds ?? null,
    trigger: run.trigger,
    status: run.status,
    total: Number(run.total ?? 0),
    processed: Number(run.processed ?? 0),
    succeeded: Number(run.succeeded ?? 0),
    failed: Number(run.failed ?? 0),
    skipped: Number(run.skipped ?? 0),
    deferred: Number(run.deferred ?? 0),
    // accounts collected whose videos could not be written
    videos_failed: Number(run.videosFailed ?? 0),
    // platforms paused by the per-platform breaker: why, until when, how many accounts wait
    paused: run.paused ?? [],
    duration_ms:
      run.durationMs === null || run.durationMs === undefined ? null : Number(run.durationMs),
    failures: run.failures ?? [],
    error: run.error ?? null,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    created_at: iso(run.createdAt),
  }
}

export type RunJson = ReturnType<typeof presentRun>
