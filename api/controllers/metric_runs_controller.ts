import type { HttpContext } from '@adonisjs/core/http'
import MetricRunService from '#services/metrics/run_service'
import { presentRun } from '#services/metrics/run_presenter'
import { ok } from '#support/envelope'
import {
  collectionMessages,
  collectValidator,
  runIdValidator,
  runsValidator,
} from '#validators/metrics_collection'

/**
 * Metrics collection runs (SPEC §2 dashboard 'resync data'): a manager (or
 * the admin) queues a collection for a scope (MetricPolicy 'collect'); the
 * staff side follows the runs (MetricPolicy 'runs').
 */
export default class MetricRunsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: collectionMessages(ctx.i18n) }
  }

  /** POST /api/metrics/collect {platform?, creator_ids?, date?} → 202 with the queued run. */
  async collect(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('collect')
    const input = await ctx.request.validateUsing(collectValidator, {
      data: ctx.request.body(),
      ...this.#messages(ctx),
    })
    const run = await MetricRunService.queue(input, ctx.auth.getUserOrFail())
    ctx.response.status(202)
    return ok(presentRun(run))
  }

  /** GET /api/metrics/runs?limit=10, newest first. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('runs')
    const { limit } = await ctx.request.validateUsing(runsValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const runs = await MetricRunService.list(limit ?? 10)
    return ok(runs.map((run) => presentRun(run)))
  }

  /** GET /api/metrics/runs/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('runs')
    const { id } = await ctx.request.validateUsing(runIdValidator, {
      data: ctx.params,
      ...this.#messages(ctx),
    })
    return ok(presentRun(await MetricRunService.find(id)))
  }
}
