import type { HttpContext } from '@adonisjs/core/http'
import TrackingService from '#services/tracking/tracking_service'
import TrackingDetailService from '#services/tracking/tracking_detail_service'
import { presentTrackingRow } from '#services/tracking/tracking_presenter'
import { listEnvelope } from '#support/pagination'
import { ok } from '#support/envelope'
import {
  creatorMonthValidator,
  trackingCreatorValidator,
  trackingListValidator,
  trackingMessages,
} from '#validators/tracking'

/**
 * The SPEC §7 creator-tracking paths, in the `{status: 0, data}` envelope:
 * the same policy and services as /api/creator-tracking
 * (controllers/creator_tracking_controller.ts).
 */
export default class SpecTrackingController {
  #options(ctx: HttpContext) {
    return {
      data: { ...ctx.request.qs(), ...ctx.request.body() },
      messagesProvider: trackingMessages(ctx.i18n),
    }
  }

  /** GET /api/creator/v2/ — the tracking list: {items, total, tab, sort, order, mode, period, range}. */
  async list(ctx: HttpContext) {
    await ctx.bouncer.with('TrackingPolicy').authorize('view')
    const params = await ctx.request.validateUsing(trackingListValidator, this.#options(ctx))
    const { rows, total, ...list } = await TrackingService.list(ctx.auth.getUserOrFail(), params)
    return ok({
      ...list,
      ...listEnvelope({ rows, total }, (row) => presentTrackingRow(row, list.mode)),
    })
  }

  /** GET /api/creator/?id= — the achievement history: the day each fan tier was reached. */
  async achievements(ctx: HttpContext) {
    await ctx.bouncer.with('TrackingPolicy').authorize('view')
    const { id } = await ctx.request.validateUsing(trackingCreatorValidator, this.#options(ctx))
    return ok(await TrackingDetailService.milestones(id, ctx.auth.getUserOrFail()))
  }

  /** GET /api/creator/dashboard/month/?id=&month=YYYY-MM — a creator's month figures. */
  async month(ctx: HttpContext) {
    await ctx.bouncer.with('TrackingPolicy').authorize('view')
    const params = await ctx.request.validateUsing(creatorMonthValidator, this.#options(ctx))
    return ok(await TrackingDetailService.month(params, ctx.auth.getUserOrFail()))
  }
}
