import type { HttpContext } from '@adonisjs/core/http'
import AuditLog from '#models/audit_log'
import { auditLogListValidator, pageOf } from '#validators/list'

/**
 * A literal (sub)string match on SQLite and MySQL alike: SQLite has no
 * default escape character and MySQL reads backslashes in literals, so the
 * escape character is named, and is one neither treats specially.
 */
const LIKE = `?? like ? escape '!'`
function escapeLike(value: string) {
  return value.replace(/[!%_]/g, (char) => `!${char}`)
}

/** GET /api/audit-logs — the studio log, newest first, paged the simple-rest way. */
export default class AuditLogsController {
  async index({ bouncer, request, response }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    const params = await request.validateUsing(auditLogListValidator, { data: request.qs() })
    const { offset, limit } = pageOf(params)

    const query = AuditLog.query()
    if (params.action) query.whereRaw(LIKE, ['audit_logs.action', `${escapeLike(params.action)}%`])
    if (params.user_id) query.where('user_id', params.user_id)
    if (params.q) {
      const like = `%${escapeLike(params.q)}%`
      query.where((builder) => {
        builder
          .whereRaw(LIKE, ['audit_logs.ip', like])
          .orWhereRaw(LIKE, ['audit_logs.subject_id', like])
          .orWhereHas('user', (users) => {
            users.whereRaw(LIKE, ['users.email', like]).orWhereRaw(LIKE, ['users.name', like])
          })
      })
    }

    const total = await query.clone().count('* as total').first()
    const rows = await query.preload('user').orderBy('id', 'desc').offset(offset).limit(limit)
    response.header('x-total-count', String(total?.$extras.total ?? 0))
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      user: row.user ? { id: row.user.id, name: row.user.name, email: row.user.email } : null,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      ip: row.ip,
      meta: row.meta,
      created_at: row.createdAt.toISO(),
    }))
  }

  /** GET /api/audit-logs/actions — the actions that occur in the log, with counts, for the filter. */
  async actions({ bouncer }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    const rows = await AuditLog.query()
      .select('action')
      .count('* as total')
      .groupBy('action')
      .orderBy('action', 'asc')
    return rows.map((row) => ({ action: row.action, total: Number(row.$extras.total) }))
  }
}
