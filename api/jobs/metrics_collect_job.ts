import { Job } from '@rlanz/bull-queue'
import { DateTime } from 'luxon'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricCollectionService from '#services/metrics/collection_service'
import type { CollectionTrigger, PlatformKey } from '#shared/constants'

/**
 * Either a run row already created (and shown as queued) by the API, or a
 * scope; the daily schedule sends an empty payload (every account, yesterday).
 */
interface MetricsCollectPayload {
  runId?: number
  date?: string
  platform?: PlatformKey
  creatorIds?: number[]
  trigger?: CollectionTrigger
}

/**
 * The metrics collection (MetricCollectionService): daily at 13:00 in the
 * studio's time zone for yesterday's values ('metrics:collect:daily' in
 * api/jobs/registry.ts), on demand from POST /api/metrics/collect, and as
 * the delayed follow-up (trigger 'retry') of a run that deferred a paused
 * platform's accounts (api/services/metrics/collection_pauses.ts).
 * A crash fails the run row and is retried by the queue; the retry runs the
 * same row again (collection is an upsert, so nothing is counted twice).
 */
export default class MetricsCollectJob extends Job {
  static jobName = 'metrics:collect'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: MetricsCollectPayload = {}): Promise<void> {
    const run = await MetricCollectionService.collect(
      payload.runId
        ? { runId: payload.runId, trigger: 'manual' }
        : {
            date: payload.date ?? null,
            platform: payload.platform ?? null,
            creatorIds: payload.creatorIds ?? null,
            trigger: payload.trigger ?? 'schedule',
          }
    )
    this.logger.info(
      {
        runId: run.id,
        date: run.snapshotDate,
        status: run.status,
        total: run.total,
        succeeded: run.succeeded,
        failed: run.failed,
        skipped: run.skipped,
        deferred: run.deferred,
        videosFailed: run.videosFailed,
        durationMs: run.durationMs,
      },
      'metrics:collect finished'
    )
  }

  async rescue(payload: MetricsCollectPayload = {}, error: Error) {
    this.logger.error({ err: error, runId: payload.runId }, 'metrics:collect failed')
    if (!payload.runId) return
    // a run that never started (the worker died before it) is not left queued
    await MetricCollectionRun.query()
      .where('id', payload.runId)
      .whereIn('status', ['queued', 'running'])
      .update({
        status: 'failed',
        error: error.message.slice(0, 2000),
        finished_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
        updated_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
      })
  }
}
