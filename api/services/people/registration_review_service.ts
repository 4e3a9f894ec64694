import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Team from '#models/team'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import NotificationService from '#services/notifications/notification_service'
import type { Actor } from '#support/actor'
import type { ApproveInput } from '#validators/people'
import type { AccountType } from '#shared/constants'

/**
 * The approval queue (SPEC §4 Staff registration, §6): an admin approves a
 * waiting account with a role and a team, or rejects it with a reason the
 * person reads when trying to sign in.
 */
export default class RegistrationReviewService {
  static async list(filters: { status?: 'pending' | 'rejected'; account_type?: AccountType }) {
    const query = User.query()
      .where('status', filters.status ?? 'pending')
      .preload('teams')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    if (filters.account_type) query.where('account_type', filters.account_type)
    return query
  }

  static async #pending(id: number, trx: any) {
    const user = await User.query({ client: trx }).where('id', id).forUpdate().firstOrFail()
    if (user.status !== 'pending') {
      throw new StudioException('people.errors.not_pending', { status: 409 })
    }
    return user
  }

  static async approve(actor: Actor, id: number, input: ApproveInput) {
    const user = await db.transaction(async (trx) => {
      const pending = await this.#pending(id, trx)
      if (pending.accountType === 'staff') {
        pending.role = input.role ?? 'staff'
      } else if (input.role && input.role !== 'staff') {
        // Creators and companies keep their own account type as their role.
        throw new StudioException('people.errors.role_for_staff_only', { status: 422 })
      }
      pending.status = 'active'
      pending.approvedBy = actor.user.id
      pending.approvedAt = DateTime.utc()
      pending.rejectedReason = null
      await pending.useTransaction(trx).save()

      if (pending.accountType === 'staff') {
        const key = input.team
        if (key) {
          const team = await Team.findByOrFail('key', key, { client: trx })
          await pending.related('teams').sync({ [team.id]: { is_manager: false } }, true, trx)
        }
        const count = await trx
          .from('team_memberships')
          .where('user_id', pending.id)
          .count('* as total')
        if (Number(count[0].total) === 0) {
          throw new StudioException('people.errors.team_required', { status: 422 })
        }
      }

      await AuditService.log(
        actor,
        'registration.approve',
        ['user', pending.id],
        { role: pending.role, team: input.team ?? null },
        trx
      )
      await NotificationService.notify(
        {
          kind: 'registration_approved',
          userIds: [pending.id],
          params: { name: pending.name },
          link: '/app/account',
        },
        trx
      )
      return pending
    })
    await user.load('teams')
    return user
  }

  static async reject(actor: Actor, id: number, reason: string) {
    return db.transaction(async (trx) => {
      const pending = await this.#pending(id, trx)
      pending.status = 'rejected'
      pending.rejectedReason = reason
      pending.approvedBy = actor.user.id
      pending.approvedAt = DateTime.utc()
      await pending.useTransaction(trx).save()
      await AuditService.log(actor, 'registration.reject', ['user', pending.id], null, trx)
      return pending
    })
  }
}
