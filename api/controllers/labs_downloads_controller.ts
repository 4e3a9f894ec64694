import type { HttpContext } from '@adonisjs/core/http'
import DataExportService from '#services/labs/data_export_service'
import VideoDownloadService from '#services/labs/video_download_service'
import { presentDataExport, presentVideoDownload } from '#services/labs/labs_downloads_presenter'
import { ok } from '#support/envelope'
import { listResponse, pageWindow } from '#support/pagination'
import { XLSX_MIME } from '#support/xlsx'
import { areaMessages } from '#validators/messages'
import {
  dataExportValidator,
  videoDownloadListValidator,
  videoDownloadValidator,
} from '#validators/labs_downloads'

/**
 * The Labs screen's downloads (SPEC §2 'Labs'): the weekly or monthly data
 * workbook (queued, followed, downloaded) and YouTube videos saved to
 * storage (requested, listed, downloaded, deleted). LabsPolicy decides who.
 */
export default class LabsDownloadsController {
  #messages(ctx: HttpContext, area: 'data' | 'video') {
    return { messagesProvider: areaMessages(ctx.i18n, `labs.${area}.validator`) }
  }

  #t(ctx: HttpContext) {
    return (key: string, data?: Record<string, unknown>) => ctx.i18n.t(key, data)
  }

  /** POST /api/labs/data_exports {granularity, start, end, creator_ids, fields} → 202 */
  async storeExport(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('exportData')
    const params = await ctx.request.validateUsing(dataExportValidator, this.#messages(ctx, 'data'))
    const record = await DataExportService.queue(ctx.auth.getUserOrFail(), params, ctx.i18n.locale)
    return ctx.response.status(202).send(ok(presentDataExport(record, this.#t(ctx))))
  }

  /** GET /api/labs/data_exports/:id — its progress. */
  async showExport(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('exportData')
    const record = await DataExportService.find(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    return ok(presentDataExport(record, this.#t(ctx)))
  }

  /** GET /api/labs/data_exports/:id/file — the finished workbook. */
  async exportFile(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('exportData')
    const { record, path } = await DataExportService.file(
      ctx.auth.getUserOrFail(),
      Number(ctx.params.id)
    )
    const name = `figures-${record.granularity}-${record.startDate}-${record.endDate}.xlsx`
    ctx.response.header('content-type', XLSX_MIME)
    ctx.response.header('cache-control', 'no-store')
    return ctx.response.attachment(path, name)
  }

  /** GET /api/labs/video_downloads?_start=&_end= — the studio's downloads, newest first. */
  async indexVideos(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('downloadVideo')
    const params = await videoDownloadListValidator.validate(
      ctx.request.qs(),
      this.#messages(ctx, 'video')
    )
    const page = await VideoDownloadService.list(
      pageWindow(params._start, params._end, { size: 20, max: 100 })
    )
    const user = ctx.auth.getUserOrFail()
    return listResponse(ctx.response, page, (row) => presentVideoDownload(row, this.#t(ctx), user))
  }

  /** POST /api/labs/video_downloads {link} → 202 new, 200 the download already in hand. */
  async storeVideo(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('downloadVideo')
    const { link } = await ctx.request.validateUsing(
      videoDownloadValidator,
      this.#messages(ctx, 'video')
    )
    const user = ctx.auth.getUserOrFail()
    const { record, created } = await VideoDownloadService.request(user, link)
    await record.load('user')
    return ctx.response
      .status(created ? 202 : 200)
      .send(ok({ ...presentVideoDownload(record, this.#t(ctx), user), created }))
  }

  /** GET /api/labs/video_downloads/:id/file — the saved video. */
  async videoFile(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('downloadVideo')
    const { record, path } = await VideoDownloadService.file(Number(ctx.params.id))
    ctx.response.header('cache-control', 'no-store')
    // the name is the video's title as the downloader wrote it (any language: RFC 5987)
    return ctx.response.attachment(path, record.fileName ?? record.videoId)
  }

  /** DELETE /api/labs/video_downloads/:id — the download and its file. */
  async destroyVideo(ctx: HttpContext) {
    await ctx.bouncer.with('LabsPolicy').authorize('downloadVideo')
    await VideoDownloadService.delete(ctx.auth.getUserOrFail(), Number(ctx.params.id))
    return ok(null)
  }
}
