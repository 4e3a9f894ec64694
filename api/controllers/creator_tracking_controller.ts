import type { HttpContext } from '@adonisjs/core/http'
import TrackingService from '#services/tracking/tracking_service'
import TrackingDetailService from '#services/tracking/tracking_detail_service'
import { presentTrackingRow } from '#services/tracking/tracking_presenter'
import { listResponse } from '#support/pagination'
import { ok } from '#support/envelope'
import {
  trackingCreatorValidator,
  trackingListValidator,
  trackingMessages,
} from '#validators/tracking'

/**
 * Creator tracking (SPEC §2): the list as a simple-rest resource
 * (x-total-count) and one creator's detail. TrackingPolicy 'view' decides
 * who; Creator.visibleTo which creators.
 */
export default class CreatorTrackingController {
  /** GET /api/creator-tracking?tab=&sort=&mode=&period=&order=&q=&_start=&_end= */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('TrackingPolicy').authorize('view')
    const params = await ctx.request.validateUsing(trackingListValidator, {
      data: ctx.request.qs(),
      messagesProvider: trackingMessages(ctx.i18n),
    })
    const list = await TrackingService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, list, (row) => presentTrackingRow(row, list.mode))
  }

  /** GET /api/creator-tracking/:id — milestones, memos, keywords, platforms, daily records, pending items. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('TrackingPolicy').authorize('view')
    const { id } = await ctx.request.validateUsing(trackingCreatorValidator, {
      data: ctx.params,
      messagesProvider: trackingMessages(ctx.i18n),
    })
    const withMemos = await ctx.bouncer.with('CreatorPolicy').allows('memo')
    return ok(await TrackingDetailService.detail(id, ctx.auth.getUserOrFail(), withMemos))
  }
}
