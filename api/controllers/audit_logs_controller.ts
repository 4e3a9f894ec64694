import type { HttpContext } from '@adonisjs/core/http'
import AuditLogService from '#services/audit/audit_log_service'
import { setTotal } from '#support/pagination'
import { auditLogListValidator } from '#validators/list'

/** The studio log (admins). */
export default class AuditLogsController {
  /** GET /api/audit-logs — newest first, paged the simple-rest way. */
  async index({ bouncer, request, response }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    const params = await request.validateUsing(auditLogListValidator, { data: request.qs() })
    const page = await AuditLogService.presentedPage(params)
    setTotal(response, page.total)
    return page.rows
  }

  /** GET /api/audit-logs/actions — the actions that occur in the log, with counts, for the filter. */
  async actions({ bouncer }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    return AuditLogService.actions()
  }
}
