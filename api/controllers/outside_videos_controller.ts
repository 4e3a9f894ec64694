import type { HttpContext } from '@adonisjs/core/http'
import OutsideVideoReadService from '#services/outside/outside_video_read_service'
import OutsideVideoService from '#services/outside/outside_video_service'
import OutsideCrawlService from '#services/outside/crawl_service'
import {
  presentOutsideComparison,
  presentOutsideVideo,
  presentOutsideVideoDetail,
  presentOutsideVideoRun,
} from '#services/outside/outside_video_presenter'
import { actorOf } from '#support/actor'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  outsideVideoIdValidator,
  outsideVideoListValidator,
  outsideVideoStoreValidator,
  outsideVideoUpdateValidator,
} from '#validators/outside_videos'

/** Validation messages of the outside video endpoints in the caller's language. */
function messages(ctx: HttpContext) {
  return { messagesProvider: areaMessages(ctx.i18n, 'outside_videos.validator') }
}

/**
 * Outside videos (/app/outside_video; issue 29): videos of outside creators
 * (auto new-video crawl) and single videos tracked by link, under
 * /api/outside_videos. OutsidePolicy decides who, as for the outside
 * creators (one family of screens, one policy): the staff side lists, opens,
 * adds, starts and stops and crawls; deleting is for managers.
 */
export default class OutsideVideosController {
  async #id(ctx: HttpContext) {
    const { id } = await outsideVideoIdValidator.validate({ id: ctx.params.id }, messages(ctx))
    return id
  }

  /**
   * GET /api/outside_videos — one page, the total in `x-total-count`:
   * `q`, `platform`, `origin`, `state`, `outside_creator_id`,
   * `published_from` / `published_to`, `_sort` (views, growth, published_at,
   * created_at) with `window` (the growth window shown and sorted by, 24 h
   * unless named), `_order`, `_start` / `_end`.
   */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const params = await ctx.request.validateUsing(outsideVideoListValidator, {
      data: ctx.request.qs(),
      ...messages(ctx),
    })
    const page = await OutsideVideoReadService.list(params)
    return listResponse(ctx.response, page, presentOutsideVideo)
  }

  /** GET /api/outside_videos/:id — with its counters over time, windows and last crawls. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const detail = await OutsideVideoReadService.detail(await this.#id(ctx))
    return presentOutsideVideoDetail(detail)
  }

  /** GET /api/outside_videos/:id/comparison — against the agency's videos of the same age. */
  async comparison(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const { video, windows } = await OutsideVideoReadService.comparison(await this.#id(ctx))
    return presentOutsideComparison(video, windows)
  }

  /** POST /api/outside_videos {link, platform?} — 201 with the video; 409 when already tracked. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('create')
    const input = await ctx.request.validateUsing(outsideVideoStoreValidator, messages(ctx))
    const video = await OutsideVideoService.add(input, actorOf(ctx))
    ctx.response.status(201)
    return presentOutsideVideo(video)
  }

  /** PATCH /api/outside_videos/:id {state} — start or stop tracking. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const id = await this.#id(ctx)
    const input = await ctx.request.validateUsing(outsideVideoUpdateValidator, messages(ctx))
    return presentOutsideVideo(await OutsideVideoService.setState(id, input))
  }

  /** DELETE /api/outside_videos/:id — 204. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('delete')
    await OutsideVideoService.remove(await this.#id(ctx))
    return ctx.response.noContent()
  }

  /** POST /api/outside_videos/:id/crawl — crawls it now, answering the finished run. */
  async crawl(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('crawl')
    const run = await OutsideCrawlService.crawlVideoNow(await this.#id(ctx))
    return presentOutsideVideoRun(run)
  }
}
