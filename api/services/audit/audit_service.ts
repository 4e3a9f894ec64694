import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditLog from '#models/audit_log'
import type { Actor } from '#support/actor'
import Caches from '#services/caches'
import type { AuditAction, AuditSubject } from '#shared/audit'

interface AuditEntry {
  action: AuditAction
  userId?: number | null
  subjectType?: AuditSubject | null
  subjectId?: string | number | null
  ip?: string | null
  meta?: Record<string, unknown> | null
}

/**
 * Writes the audit log (who did what, to which subject, from where). Never
 * put secrets in `meta`: the log is readable by admins in the studio log.
 */
export default class AuditService {
  static async record(entry: AuditEntry, trx?: TransactionClientContract) {
    const log = await AuditLog.create(
      {
        action: entry.action,
        userId: entry.userId ?? null,
        subjectType: entry.subjectType ?? null,
        subjectId:
          entry.subjectId === null || entry.subjectId === undefined
            ? null
            : String(entry.subjectId),
        ip: entry.ip ?? null,
        meta: entry.meta ?? null,
      },
      { client: trx }
    )
    Caches.afterCommit(trx, 'auditLog')
    return log
  }

  /** Records an action of `actor` (who and from where). */
  static async by(
    actor: Actor,
    entry: Omit<AuditEntry, 'userId' | 'ip'>,
    trx?: TransactionClientContract
  ) {
    return this.record({ ...entry, userId: actor.user.id, ip: actor.ip }, trx)
  }

  /**
   * Records `action` of `actor` on one subject (`[type, id]`, or null):
   * `AuditService.log(actor, 'alert.resolve', ['alert', alert.id])`.
   */
  static async log(
    actor: Actor,
    action: AuditAction,
    subject: [type: AuditSubject, id: string | number | null] | null,
    meta: Record<string, unknown> | null = null,
    trx?: TransactionClientContract
  ) {
    const [subjectType, subjectId] = subject ?? [null, null]
    return this.by(actor, { action, subjectType, subjectId, meta }, trx)
  }

  /** Records an action of the signed-in user of this request. */
  static async fromRequest(
    ctx: HttpContext,
    entry: Omit<AuditEntry, 'userId' | 'ip'>,
    trx?: TransactionClientContract
  ) {
    return this.record({ ...entry, userId: ctx.auth.user?.id ?? null, ip: ctx.request.ip() }, trx)
  }
}
