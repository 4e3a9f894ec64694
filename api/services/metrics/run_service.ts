import db from '@adonisjs/lucid/services/db'
import StudioException from '#exceptions/studio_exception'
import MetricsCollectJob from '#jobs/metrics_collect_job'
import MetricCollectionRun from '#models/metric_collection_run'
import type User from '#models/user'
import QueueService from '#queue/main'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import { presentRun } from '#services/metrics/run_presenter'
import { countOf } from '#support/sql'
import studioConfig from '#config/studio'
import { SCHEDULES } from '#jobs/registry'
import { nextRun } from '#queue/schedules'
import type { PlatformKey } from '#shared/constants'
import type { CollectParams } from '#validators/metrics_collection'

/** The newest runs read to find an account's (those of other creators are passed over). */
const ACCOUNT_RUNS_SCANNED = 500

/** Collection runs asked for from the dashboard ('resync data') and their progress. */
export default class MetricRunService {
  /**
   * Queues a collection of a scope (one day, a platform, some creators) as a
   * run row: 422 for unknown creators, 409 (with the running run) while an
   * overlapping one is queued or running.
   */
  static async queue(input: CollectParams, user: User) {
    const creatorIds = input.creator_ids?.length ? (input.creator_ids as number[]) : null
    if (creatorIds) {
      const found = await db.from('creators').whereIn('id', creatorIds).count('* as total').first()
      if (countOf(found) !== creatorIds.length) {
        throw new StudioException('metrics.unknown_creators', { status: 422 })
      }
    }
    const scope = { date: input.date ?? yesterday(), platform: input.platform ?? null, creatorIds }
    const running = await MetricCollectionService.overlapping(scope)
    if (running) {
      throw new StudioException('metrics.collection_running', {
        status: 409,
        data: { run: presentRun(running) },
      })
    }

    QueueService.assertAvailable()
    const run = await MetricCollectionService.createRun({
      ...scope,
      trigger: 'manual',
      requestedBy: user.id,
    })
    try {
      await QueueService.dispatch(MetricsCollectJob, { runId: run.id })
    } catch (error) {
      run.merge({ status: 'failed', error: (error as Error).message.slice(0, 2000) })
      await run.save()
      throw error
    }
    return run
  }

  /** The newest runs first. */
  static list(limit: number) {
    return MetricCollectionRun.query().orderBy('id', 'desc').limit(limit)
  }

  /**
   * The newest runs whose scope covered a creator's account on `platform`
   * (every platform or that one; every creator or a list holding it), and
   * when the daily collection (SCHEDULES 'metrics:collect:daily') runs next.
   */
  static async forAccount(creatorId: number, platform: PlatformKey, limit: number) {
    const recent = await MetricCollectionRun.query()
      .where((scope) => scope.whereNull('platform').orWhere('platform', platform))
      .orderBy('id', 'desc')
      .limit(ACCOUNT_RUNS_SCANNED)
    const runs = recent
      .filter((run) => !run.creatorIds?.length || run.creatorIds.map(Number).includes(creatorId))
      .slice(0, limit)
    const daily = SCHEDULES.find((schedule) => schedule.key === 'metrics:collect:daily')!
    return { runs, nextRunAt: nextRun(daily.cron, studioConfig.timezone) }
  }

  /** One run (404 'metrics.run_not_found' when there is none). */
  static async find(id: number) {
    const run = await MetricCollectionRun.find(id)
    if (!run) throw new StudioException('metrics.run_not_found', { status: 404 })
    return run
  }
}
