import type AuditLog from '#models/audit_log'

/** One entry of the studio log with the person who acted (`user` preloaded). */
export function presentAuditLog(row: AuditLog) {
  return {
    id: row.id,
    action: row.action,
    user: row.user ? { id: row.user.id, name: row.user.name, email: row.user.email } : null,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    ip: row.ip,
    meta: row.meta,
    created_at: row.createdAt.toISO(),
  }
}
