import type { HttpContext } from '@adonisjs/core/http'
import GrowthReadService from '#services/videos/growth/growth_read_service'
import { presentBoardEntry } from '#services/videos/growth/growth_presenter'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { growthBoardValidator, growthVideoValidator } from '#validators/growth'
import { bareJson } from '#support/envelope'

/**
 * The growth-hacking windows (SPEC §2 'GrowthHacking Board', §9): a video's
 * 6/12/24/48/60-hour points against its creator's median, and the board of
 * new videos. GrowthPolicy decides who; Video.visibleTo(user) which rows.
 */
export default class GrowthController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'growth.validator') }
  }

  /** GET /api/videos/:id/growth → { points, median, flags } */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('GrowthPolicy').authorize('view')
    const { id } = await growthVideoValidator.validate(ctx.params, this.#messages(ctx))
    return bareJson(ctx.response, await GrowthReadService.ofVideo(ctx.auth.getUserOrFail(), id))
  }

  /** GET /api/growth-board?days=&platform=&creator_id=&team=&flag=&_start=&_end= */
  async board(ctx: HttpContext) {
    await ctx.bouncer.with('GrowthPolicy').authorize('board')
    const params = await ctx.request.validateUsing(growthBoardValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await GrowthReadService.board(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentBoardEntry)
  }
}
