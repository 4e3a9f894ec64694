import type { HttpContext } from '@adonisjs/core/http'
import AuditService from '#services/audit/audit_service'
import CreatorExportService from '#services/creators/excel/export'
import CreatorImportService from '#services/creators/excel/import_service'
import { presentCreatorImport } from '#services/creators/excel/import_presenter'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '#services/creators/excel/columns'
import { inspectWorkbookFile } from '#services/creators/excel/inspect'
import { buildTemplate } from '#services/creators/excel/template'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { datedFileName, hasXlsxName, sendWorkbook } from '#support/xlsx'
import { creatorListValidator } from '#validators/creator'
import { withUpload } from '#support/uploads'
import { checkWorkbook, workbookRefusal } from '#support/workbook_guard'

/** A 4xx answer whose message comes from resources/lang/<locale>/import.json. */
function refuse(ctx: HttpContext, status: number, key: string, data: Record<string, unknown> = {}) {
  return ctx.response.status(status).send({ status, message: ctx.i18n.t(`import.${key}`, data) })
}

const TOO_LARGE = { max: IMPORT_MAX_BYTES / 1024 / 1024 }

/**
 * What a creators workbook may unpack to, counted as it really inflates (the
 * sizes a zip claims can lie): a full 50,000-row file is ~60 MB of sheet.
 */
const CREATORS_WORKBOOK = {
  entryBytes: 128 * 1024 * 1024,
  totalBytes: 192 * 1024 * 1024,
  rows: IMPORT_MAX_ROWS + 10,
}

/**
 * Excel for creators: the import template, the list export, uploads of a
 * filled template (run by CreatorImportJob) and their progress.
 */
export default class CreatorImportsController {
  /** GET /api/creators/template */
  async template(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    return sendWorkbook(ctx.response, await buildTemplate(), datedFileName('creators-template'))
  }

  /** GET /api/creators/export — the list's filters, every page, masked private data only; titles in the user's language. */
  async export(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('export')
    const filters = await ctx.request.validateUsing(creatorListValidator)
    const { rows, buffer } = await CreatorExportService.workbook(
      filters,
      ctx.auth.getUserOrFail(),
      (key, data) => ctx.i18n.t(key, data)
    )
    await AuditService.log(actorOf(ctx), 'creator.export', ['creator', null], { rows })
    return sendWorkbook(ctx.response, buffer, datedFileName('creators-export'))
  }

  /** POST /api/creators/imports (multipart `file`) → 202 {id}; the job does the work. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('import')
    return withUpload(
      ctx,
      IMPORT_MAX_BYTES,
      () => this.#queue(ctx),
      () => refuse(ctx, 413, 'errors.too_large', TOO_LARGE)
    )
  }

  async #queue(ctx: HttpContext) {
    // the extension in any case; the bytes are checked below
    const file = ctx.request.file('file', { size: IMPORT_MAX_BYTES })
    if (!file || !file.tmpPath) {
      if (file?.errors.some((error) => error.type === 'size')) {
        return refuse(ctx, 413, 'errors.too_large', TOO_LARGE)
      }
      return refuse(ctx, 422, 'errors.file_required')
    }
    if (!hasXlsxName(file.clientName)) return refuse(ctx, 422, 'errors.not_xlsx')
    if (!file.isValid) {
      const tooLarge = file.errors.some((error) => error.type === 'size')
      return tooLarge
        ? refuse(ctx, 413, 'errors.too_large', TOO_LARGE)
        : refuse(ctx, 422, 'errors.not_xlsx')
    }
    const problem = await inspectWorkbookFile(file.tmpPath)
    if (problem) {
      const status = problem.key === 'too_large' ? 413 : 422
      return refuse(ctx, status, `errors.${problem.key}`, 'data' in problem ? problem.data : {})
    }
    const inflated = await checkWorkbook(file.tmpPath, CREATORS_WORKBOOK)
    if (inflated) {
      const refusal = workbookRefusal(inflated, 'errors.unreadable')
      return refuse(ctx, refusal.status, refusal.key, refusal.data)
    }
    const record = await CreatorImportService.queueUpload(file, actorOf(ctx))
    return ctx.response.status(202).send(ok({ id: record.id }))
  }

  /** GET /api/creators/imports/:id — progress and the error report in the caller's language. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('import')
    const record = await CreatorImportService.find(Number(ctx.params.id))
    return ok(presentCreatorImport(record, ctx.i18n))
  }
}
