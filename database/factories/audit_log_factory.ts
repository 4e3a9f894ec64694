import factory from '@adonisjs/lucid/factories'
import AuditLog from '#models/audit_log'
import { UserFactory } from '#database/factories/user_factory'

/** An event from 192.0.2.1 by nobody in particular; relation: user (who acted). */
export const AuditLogFactory = factory
  .define(AuditLog, () => ({
    action: 'test.event',
    userId: null,
    subjectType: null,
    subjectId: null,
    ip: '192.0.2.1',
    meta: null,
  }))
  .relation('user', () => UserFactory)
  .build()
