import type { HttpContext } from '@adonisjs/core/http'
import MetricScope from '#services/metrics/metric_scope'
import { dataCenterMessages } from '#validators/data_center'

/**
 * The first steps of every metric endpoint (the dashboard, the data center
 * and a creator's charts): MetricPolicy decides the action (403 for
 * companies), and the answer is computed for the user's MetricScope (a
 * creator account sees its own creators only).
 */
export default abstract class MetricController {
  protected async scope(ctx: HttpContext, action: 'view' | 'download' = 'view') {
    await ctx.bouncer.with('MetricPolicy').authorize(action)
    return MetricScope.forUser(ctx.auth.getUserOrFail())
  }

  /** The query string, validated with the data center's messages (a 422 in the caller's language). */
  protected query(ctx: HttpContext) {
    return { data: ctx.request.qs(), messagesProvider: dataCenterMessages(ctx.i18n) }
  }
}
