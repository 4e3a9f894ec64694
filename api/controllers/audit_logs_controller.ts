import type { HttpContext } from '@adonisjs/core/http'
import AuditLogService from '#services/audit/audit_log_service'
import { presentAuditLog } from '#services/audit/audit_log_presenter'
import { listResponse } from '#support/pagination'
import { auditLogListValidator } from '#validators/list'

/** The studio log (admins). */
export default class AuditLogsController {
  /** GET /api/audit-logs — newest first, paged the simple-rest way. */
  async index({ bouncer, request, response }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    const params = await request.validateUsing(auditLogListValidator, { data: request.qs() })
    return listResponse(response, await AuditLogService.list(params), presentAuditLog)
  }

  /** GET /api/audit-logs/actions — the actions that occur in the log, with counts, for the filter. */
  async actions({ bouncer }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    return AuditLogService.actions()
  }
}
