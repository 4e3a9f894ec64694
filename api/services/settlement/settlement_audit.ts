import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AuditService from '#services/audit/audit_service'
import type { Actor } from '#support/actor'
import type { AuditAction, AuditSubject } from '#shared/audit'

/**
 * A function that logs a change of one kind of settlement record: the
 * record (`subject`, its id), what names it in the log (`about`), before and
 * after.
 */
export function changeLogger<Row extends { id: number }>(
  subject: AuditSubject,
  about: (row: Row) => Record<string, unknown>
) {
  return (
    actor: Actor,
    action: AuditAction,
    row: Row,
    change: { before: unknown; after: unknown },
    trx: TransactionClientContract
  ) => AuditService.log(actor, action, [subject, row.id], { ...about(row), ...change }, trx)
}
