import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import StudioException from '#exceptions/studio_exception'
import MetricsCollectJob from '#jobs/metrics_collect_job'
import MetricCollectionRun from '#models/metric_collection_run'
import QueueService from '#services/queue_service'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import { presentRun } from '#services/metrics/run_presenter'
import {
  collectionMessages,
  collectValidator,
  runIdValidator,
  runsValidator,
} from '#validators/metrics_collection'
import { API_STATUS } from '#shared/constants'

const ok = <T>(data: T) => ({ status: API_STATUS.OK, data })

/**
 * Metrics collection runs (SPEC §2 dashboard 'resync data'): a manager (or
 * the admin) queues a collection for a scope (MetricPolicy 'collect'); the
 * staff side and creator accounts follow the runs (MetricPolicy 'view').
 */
export default class MetricRunsController {
  /** POST /api/metrics/collect {platform?, creator_ids?, date?} → 202 with the queued run. */
  async collect(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('collect')
    const input = await ctx.request.validateUsing(collectValidator, {
      data: ctx.request.body(),
      messagesProvider: collectionMessages(ctx.i18n),
    })
    const creatorIds = input.creator_ids?.length ? (input.creator_ids as number[]) : null
    if (creatorIds) {
      const found = await db.from('creators').whereIn('id', creatorIds).count('* as total').first()
      if (Number(found?.total ?? 0) !== creatorIds.length) {
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

    const run = await MetricCollectionService.createRun({
      ...scope,
      trigger: 'manual',
      requestedBy: ctx.auth.getUserOrFail().id,
    })
    try {
      await QueueService.dispatch(MetricsCollectJob, { runId: run.id })
    } catch (error) {
      run.merge({ status: 'failed', error: (error as Error).message.slice(0, 2000) })
      await run.save()
      throw error
    }
    ctx.response.status(202)
    return ok(presentRun(run))
  }

  /** GET /api/metrics/runs?limit=10, newest first. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('view')
    const { limit } = await ctx.request.validateUsing(runsValidator, {
      data: ctx.request.qs(),
      messagesProvider: collectionMessages(ctx.i18n),
    })
    const runs = await MetricCollectionRun.query()
      .orderBy('id', 'desc')
      .limit(limit ?? 10)
    return ok(runs.map(presentRun))
  }

  /** GET /api/metrics/runs/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('view')
    const { id } = await ctx.request.validateUsing(runIdValidator, {
      data: ctx.params,
      messagesProvider: collectionMessages(ctx.i18n),
    })
    const run = await MetricCollectionRun.find(id)
    if (!run) throw new StudioException('metrics.run_not_found', { status: 404 })
    return ok(presentRun(run))
  }
}
