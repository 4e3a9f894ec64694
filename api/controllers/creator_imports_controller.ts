import type { HttpContext } from '@adonisjs/core/http'
import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import CreatorImport from '#models/creator_import'
import StudioException from '#exceptions/studio_exception'
import CreatorImportJob from '#jobs/creator_import_job'
import AuditService from '#services/audit_service'
import CreatorExportService from '#services/creator_export_service'
import CreatorImportService from '#services/creator_import_service'
import QueueService from '#services/queue_service'
import {
  IMPORT_MAX_BYTES,
  XLSX_MIME,
  buildTemplate,
  datedFileName,
  inspectWorkbookFile,
} from '#services/creator_excel'
import { creatorListValidator } from '#validators/creator'
import { API_STATUS } from '#shared/constants'

/** A 4xx answer whose message comes from resources/lang/<locale>/import.json. */
function refuse(ctx: HttpContext, status: number, key: string, data: Record<string, unknown> = {}) {
  return ctx.response.status(status).send({ status, message: ctx.i18n.t(`import.${key}`, data) })
}

function sendWorkbook(ctx: HttpContext, buffer: Buffer, fileName: string) {
  ctx.response.header('content-type', XLSX_MIME)
  ctx.response.header('content-disposition', `attachment; filename="${fileName}"`)
  ctx.response.header('cache-control', 'no-store')
  return ctx.response.send(buffer)
}

/**
 * Excel for creators: the import template, the list export, uploads of a
 * filled template (run by CreatorImportJob) and their progress.
 */
export default class CreatorImportsController {
  /** GET /api/creators/template */
  async template(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    return sendWorkbook(ctx, await buildTemplate(), datedFileName('creators-template'))
  }

  /** GET /api/creators/export — the list's filters, every page, masked private data only. */
  async export(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('export')
    const filters = await ctx.request.validateUsing(creatorListValidator)
    const { rows, buffer } = await CreatorExportService.workbook(filters, ctx.auth.user!)
    await AuditService.fromRequest(ctx, {
      action: 'creator.export',
      subjectType: 'creator',
      meta: { rows },
    })
    return sendWorkbook(ctx, buffer, datedFileName('creators-export'))
  }

  /** POST /api/creators/imports (multipart `file`) → 202 {id}; the job does the work. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('import')
    const file = ctx.request.file('file', { size: IMPORT_MAX_BYTES, extnames: ['xlsx'] })
    if (!file || !file.tmpPath) {
      if (file?.errors.some((error) => error.type === 'size')) {
        return refuse(ctx, 413, 'errors.too_large', { max: IMPORT_MAX_BYTES / 1024 / 1024 })
      }
      if (file?.errors.some((error) => error.type === 'extname')) {
        return refuse(ctx, 422, 'errors.not_xlsx')
      }
      return refuse(ctx, 422, 'errors.file_required')
    }
    if (!file.isValid) {
      const tooLarge = file.errors.some((error) => error.type === 'size')
      return tooLarge
        ? refuse(ctx, 413, 'errors.too_large', { max: IMPORT_MAX_BYTES / 1024 / 1024 })
        : refuse(ctx, 422, 'errors.not_xlsx')
    }
    const problem = await inspectWorkbookFile(file.tmpPath)
    if (problem) {
      const status = problem.key === 'too_large' ? 413 : 422
      return refuse(ctx, status, `errors.${problem.key}`, 'data' in problem ? problem.data : {})
    }

    const folder = CreatorImportService.uploadsFolder()
    await mkdir(folder, { recursive: true })
    await CreatorImportService.pruneStaleUploads()
    const name = `${randomUUID()}.xlsx`
    await file.move(folder, { name })
    const clientName = [...(file.clientName || 'creators.xlsx')]
      .filter((char) => char.charCodeAt(0) >= 0x20)
      .join('')
    const record = await CreatorImport.create({
      userId: ctx.auth.user!.id,
      fileName: clientName.slice(0, 255),
      filePath: `storage/imports/${name}`,
      status: 'pending',
    })
    try {
      await QueueService.dispatch(CreatorImportJob, { importId: record.id })
    } catch (error) {
      await CreatorImportService.markInterrupted(record.id)
      throw error
    }
    await AuditService.fromRequest(ctx, {
      action: 'creator.import_upload',
      subjectType: 'creator_import',
      subjectId: record.id,
      meta: { file_name: record.fileName },
    })
    return ctx.response.status(202).send({ status: API_STATUS.OK, data: { id: record.id } })
  }

  /** GET /api/creators/imports/:id — progress and the error report in the caller's language. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('import')
    const record = await CreatorImport.find(ctx.params.id)
    if (!record) throw new StudioException('errors.not_found', { status: 404 })
    return { status: API_STATUS.OK, data: CreatorImportService.present(record, ctx.i18n) }
  }
}
