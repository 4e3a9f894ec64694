import type { HttpContext } from '@adonisjs/core/http'
import AuditLog from '#models/audit_log'
import { auditLogListValidator, pageOf } from '#validators/list'

/** GET /api/audit-logs — the studio log, newest first, paged the simple-rest way. */
export default class AuditLogsController {
  async index({ bouncer, request, response }: HttpContext) {
    await bouncer.with('AuditLogPolicy').authorize('list')
    const params = await request.validateUsing(auditLogListValidator, { data: request.qs() })
    const { offset, limit } = pageOf(params)

    const query = AuditLog.query()
    if (params.action) query.where('action', 'like', `${params.action}%`)
    if (params.user_id) query.where('user_id', params.user_id)
    if (params.q) {
      const like = `%${params.q.replace(/[%_\\]/g, (char) => `\\${char}`)}%`
      query.where((builder) => {
        builder
          .where('ip', 'like', like)
          .orWhere('subject_id', 'like', like)
          .orWhereHas('user', (users) => {
            users.where('email', 'like', like).orWhere('name', 'like', like)
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
}
