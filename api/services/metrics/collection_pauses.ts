import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import type MetricCollectionRun from '#models/metric_collection_run'
import type { RunPause } from '#models/metric_collection_run'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import type PlatformCircuit from '#services/platform_breaker/platform_circuit'
import type { Outcome } from '#services/metrics/collection_store'
import studioConfig from '#config/studio'
import type { PlatformKey } from '#shared/constants'

/**
 * The end of a collection run under the breaker: platforms that answered
 * normally (and did not trip) are reset; for every platform with deferred
 * accounts a follow-up run of just those accounts (same day, the platform,
 * their creators) is queued for when the pause ends — a delayed job of the
 * queue (BullMQ's delay with Redis, a queue_jobs row due then without: both
 * survive a restart). No follow-up is queued once the day could no longer be
 * collected as "yesterday" when it is due (live adapters read today's
 * counters; the next daily run takes over). Returns the run's `paused` list.
 */
export async function settlePauses(
  run: MetricCollectionRun,
  circuit: PlatformCircuit,
  deferred: Outcome[]
): Promise<RunPause[]> {
  for (const platform of circuit.answered) {
    await PlatformBreaker.reset(platform)
  }

  const byPlatform = new Map<PlatformKey, Outcome[]>()
  for (const outcome of deferred) {
    const list = byPlatform.get(outcome.account.platform) ?? []
    list.push(outcome)
    byPlatform.set(outcome.account.platform, list)
  }

  const tripped = new Set(circuit.tripped)
  const paused: RunPause[] = []
  for (const [platform, outcomes] of byPlatform) {
    const pause = circuit.pauseOf(platform) ?? outcomes[0].deferred!
    const creatorIds = [...new Set(outcomes.map((outcome) => outcome.account.creator_id))].sort(
      (a, b) => a - b
    )
    const retryAt = await queueFollowUp(run, platform, creatorIds, pause.until)
    paused.push({
      platform,
      code: pause.code,
      upstream_code: pause.upstreamCode,
      until: pause.until.toUTC().toISO()!,
      trips: pause.trips,
      tripped: tripped.has(platform),
      deferred: outcomes.length,
      retry_at: retryAt,
    })
  }
  return paused
}

/** Queues the follow-up run due at `until`; answers when it is due (ISO), or null. */
async function queueFollowUp(
  run: MetricCollectionRun,
  platform: PlatformKey,
  creatorIds: number[],
  until: DateTime
): Promise<string | null> {
  const dayThen = until.setZone(studioConfig.timezone).minus({ days: 1 }).toISODate()!
  if (dayThen > run.snapshotDate) {
    logger.info(
      { runId: run.id, platform, date: run.snapshotDate },
      'no follow-up for a paused platform: the day will be past when the pause ends'
    )
    return null
  }
  try {
    // imported here: the job imports the collection, which imports this file
    const { default: QueueService } = await import('#queue/main')
    const { default: MetricsCollectJob } = await import('#jobs/metrics_collect_job')
    const delay = Math.max(until.toMillis() - DateTime.utc().toMillis(), 0)
    await QueueService.dispatch(
      MetricsCollectJob,
      { date: run.snapshotDate, platform, creatorIds, trigger: 'retry' },
      { delay }
    )
    return until.toUTC().toISO()!
  } catch (error) {
    logger.warn(
      { err: error, runId: run.id, platform },
      'the follow-up of a paused platform could not be queued; the next daily run collects it'
    )
    return null
  }
}
