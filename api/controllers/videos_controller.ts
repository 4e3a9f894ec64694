import type { HttpContext } from '@adonisjs/core/http'
import VideoReadService from '#services/videos/video_read_service'
import VideoDashboardService from '#services/videos/video_dashboard_service'
import VideoSearchService from '#services/videos/video_search_service'
import VideoCompareService from '#services/videos/video_compare_service'
import { buildVideoCompareWorkbook, buildVideoListWorkbook } from '#services/videos/video_excel'
import { listResponse } from '#support/pagination'
import { bareJson } from '#support/envelope'
import { datedFileName, sendWorkbook } from '#support/xlsx'
import { areaMessages } from '#validators/messages'
import {
  videoCompareValidator,
  videoDashboardValidator,
  videoIdValidator,
  videoListValidator,
  videoSuggestValidator,
} from '#validators/video'

/** Validation messages of the video endpoints in the caller's language. */
export function videoMessages(ctx: HttpContext) {
  return { messagesProvider: areaMessages(ctx.i18n, 'videos.validator') }
}

/** The workbook's words in the caller's language. */
function videoWords(ctx: HttpContext) {
  return {
    t: (key: string) => ctx.i18n.t(`videos.${key}`),
    platformName: (key: string) => ctx.i18n.t(`dashboard.platforms.${key}`),
  }
}

/**
 * Videos (SPEC §2 'Video Dashboard', 'Video Compare'): the REST resource
 * under /api/videos. VideoPolicy decides who; Video.visibleTo(user) which
 * rows (a creator account its own videos, companies none). The SPEC §7
 * paths under /api/video answer the same services in the envelope
 * (controllers/spec_paths/videos_controller.ts).
 */
export default class VideosController {
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
      ...videoMessages(ctx),
    })
    const page = await VideoReadService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, (row) => row)
  }

  /** GET /api/videos/export — the list's filters and sort, every row (up to 10,000) as .xlsx. */
  async export(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('download')
    const params = await ctx.request.validateUsing(videoListValidator, {
      data: ctx.request.qs(),
      ...videoMessages(ctx),
    })
    const rows = await VideoReadService.all(ctx.auth.getUserOrFail(), params)
    const { t, platformName } = videoWords(ctx)
    const buffer = await buildVideoListWorkbook(rows, t, platformName)
    return sendWorkbook(ctx.response, buffer, datedFileName('videos'))
  }

  /** GET /api/videos/dashboard — tops, tiers and recent uploads under the list's filters. */
  async dashboard(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const filters = await ctx.request.validateUsing(videoDashboardValidator, {
      data: ctx.request.qs(),
      ...videoMessages(ctx),
    })
    return bareJson(
      ctx.response,
      await VideoDashboardService.dashboard(ctx.auth.getUserOrFail(), filters)
    )
  }

  /** GET /api/videos/suggest?q= — words and titles starting with what was typed. */
  async suggest(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { q, limit } = await ctx.request.validateUsing(videoSuggestValidator, {
      data: ctx.request.qs(),
      ...videoMessages(ctx),
    })
    return VideoSearchService.suggest(ctx.auth.getUserOrFail(), q, limit)
  }

  /** GET /api/videos/compare?ids=1,2,3 — up to 5 videos by hours since upload. */
  async compare(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { ids } = await ctx.request.validateUsing(videoCompareValidator, {
      data: ctx.request.qs(),
      ...videoMessages(ctx),
    })
    return bareJson(ctx.response, await VideoCompareService.compare(ctx.auth.getUserOrFail(), ids))
  }

  /** GET /api/videos/compare/export?ids= — the compare as .xlsx. */
  async compareExport(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('download')
    const { ids } = await ctx.request.validateUsing(videoCompareValidator, {
      data: ctx.request.qs(),
      ...videoMessages(ctx),
    })
    const comparison = await VideoCompareService.compare(ctx.auth.getUserOrFail(), ids)
    const { t, platformName } = videoWords(ctx)
    const buffer = await buildVideoCompareWorkbook(comparison, t, platformName)
    return sendWorkbook(ctx.response, buffer, datedFileName('video-compare'))
  }

  /** GET /api/videos/:id — the video and its daily series. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('VideoPolicy').authorize('view')
    const { id } = await videoIdValidator.validate(ctx.params, videoMessages(ctx))
    return bareJson(ctx.response, await VideoReadService.detail(ctx.auth.getUserOrFail(), id))
  }
}
