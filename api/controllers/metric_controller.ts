import type { HttpContext } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, MessagesProviderContact, SchemaTypes } from '@vinejs/vine/types'
import MetricScope, { type CreatorScope } from '#services/metrics/metric_scope'

/**
 * The first steps of every metric endpoint (the dashboard, the data center
 * and a creator's charts): MetricPolicy decides the action (403 for
 * companies), then the query string is validated (422), and the answer is
 * computed for the user's MetricScope (a creator account sees its own
 * creators only).
 */
export default abstract class MetricController {
  /** Words the query string's 422s in the caller's language (the default messages when unset). */
  protected messages?: (i18n: I18n) => MessagesProviderContact

  /** The user's scope and the query string as `validator` reads it, once MetricPolicy allows `action`. */
  protected async read<Schema extends SchemaTypes>(
    ctx: HttpContext,
    validator: VineValidator<Schema, any>,
    action: 'view' | 'download' = 'view'
  ): Promise<{ scope: CreatorScope; params: Infer<Schema> }> {
    await ctx.bouncer.with('MetricPolicy').authorize(action)
    const scope = await MetricScope.forUser(ctx.auth.getUserOrFail())
    const params = await ctx.request.validateUsing(validator, {
      data: ctx.request.qs(),
      messagesProvider: this.messages?.(ctx.i18n),
    })
    return { scope, params }
  }
}
