import type { HttpContext } from '@adonisjs/core/http'
import VideoReadService from '#services/videos/video_read_service'
import VideoDashboardService from '#services/videos/video_dashboard_service'
import VideoSearchService from '#services/videos/video_search_service'
import { videoMessages } from '#controllers/videos_controller'
import { ok, okJson } from '#support/envelope'
import { listEnvelope } from '#support/pagination'
import {
  videoDashboardValidator,
  videoIdValidator,
  videoListValidator,
  videoSuggestValidator,
} from '#validators/video'

/**
 * The SPEC §7 video paths under /api/video: parameters in the query string
 * or the body, answers in the `{status: 0, data}` envelope. The same policy
 * and services as the REST resource (controllers/videos_controller.ts).
 */
export default class SpecVideosController {
  /** The query string and the body together (form-encoded or JSON). */
  #input(ctx: HttpContext) {
    return { ...ctx.request.qs(), ...ctx.request.body() }
  }

  /** GET /api/video/list and /api/video/search (q): `{items, total}`. */
  async list(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const params = await ctx.request.validateUsing(videoListValidator, {
      data: this.#input(ctx),
      ...videoMessages(ctx),
    })
    const page = await VideoReadService.list(ctx.auth.getUserOrFail(), params)
    return ok(listEnvelope(page, (row) => row))
  }

  /** GET /api/video/detailData?id= */
  async detail(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { id } = await ctx.request.validateUsing(videoIdValidator, {
      data: this.#input(ctx),
      ...videoMessages(ctx),
    })
    return okJson(ctx.response, await VideoReadService.detail(ctx.auth.getUserOrFail(), id))
  }

  /** GET /api/video/suggest_words?q= */
  async suggest(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { q, limit } = await ctx.request.validateUsing(videoSuggestValidator, {
      data: this.#input(ctx),
      ...videoMessages(ctx),
    })
    return ok(await VideoSearchService.suggest(ctx.auth.getUserOrFail(), q, limit))
  }

  /** GET /api/video/dashboard */
  async dashboard(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const filters = await ctx.request.validateUsing(videoDashboardValidator, {
      data: this.#input(ctx),
      ...videoMessages(ctx),
    })
    return okJson(
      ctx.response,
      await VideoDashboardService.dashboard(ctx.auth.getUserOrFail(), filters)
    )
  }
}
