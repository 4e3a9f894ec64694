import type { HttpContext } from '@adonisjs/core/http'
import VideoReadService from '#services/videos/video_read_service'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { videoIdValidator, videoListValidator } from '#validators/video'

/**
 * Videos (SPEC §2 'Video Dashboard', 'Video Compare'): the REST resource
 * under /api/videos. VideoPolicy decides who; Video.visibleTo(user) which
 * rows (a creator account its own videos, companies none).
 */
export default class VideosController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'videos.validator') }
  }

  /**
   * GET /api/videos — one page of videos, the total in `x-total-count`.
   *
   * Paging and sorting (Refine simple-rest): `_start`, `_end` (at most 100
   * rows a page), `_sort` one of VIDEO_SORTS (api/shared/videos.ts:
   * published_at (default), views, likes, comments, favorites, shares,
   * views_week, views_month), `_order` asc|desc (default desc).
   * Filters (each optional; lists as `a,b` or repeated): `platform`,
   * `creator_id`, `team` (team keys), `category`, `published_from` /
   * `published_to` (upload days YYYY-MM-DD, inclusive), `tier` (0–5, the
   * views bucket of VIDEO_VIEW_TIERS), `q` (words of titles and tags, the
   * last one as a prefix), `deleted` (true/false), `id` (ids).
   */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const params = await ctx.request.validateUsing(videoListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await VideoReadService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, (row) => row)
  }

  /** GET /api/videos/:id — the video and its daily series. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { id } = await videoIdValidator.validate(ctx.params, this.#messages(ctx))
    return VideoReadService.detail(ctx.auth.getUserOrFail(), id)
  }
}
