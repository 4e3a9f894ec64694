import db from '@adonisjs/lucid/services/db'
import Team from '#models/team'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import TokenService from '#services/auth/token_service'
import type { Actor } from '#support/actor'
import type { UserUpdateInput } from '#validators/people'
import { STAFF_ROLES } from '#shared/people'

/** An admin edits a person of the directory: name, phone, role, status, teams. */
export default class UserAdminService {
  /** A person of the directory (404 when there is none). */
  static async find(id: number) {
    const user = await User.findOrFail(id)
    return user
  }

  static async withTeams(user: User) {
    await user.load('teams')
    return user
  }

  static async update(actor: Actor, id: number, input: UserUpdateInput) {
    const user = await db.transaction(async (trx) => {
      const target = await User.query({ client: trx }).where('id', id).forUpdate().firstOrFail()
      if (target.id === actor.user.id && (input.role || input.status === 'disabled')) {
        // Nobody locks themselves out of the studio by accident.
        throw new StudioException('people.errors.self_lockout', { status: 422 })
      }
      if (input.role) {
        const staffRole = (STAFF_ROLES as readonly string[]).includes(input.role)
        if (staffRole !== (target.accountType === 'staff')) {
          throw new StudioException('people.errors.role_mismatch', { status: 422 })
        }
        target.role = input.role
      }
      if (input.name !== undefined) target.name = input.name
      if (input.phone !== undefined) target.phone = input.phone ?? null
      if (input.status) {
        if (target.status === 'pending' || target.status === 'rejected') {
          throw new StudioException('people.errors.review_first', { status: 409 })
        }
        target.status = input.status
      }
      await target.useTransaction(trx).save()
      if (input.teams) {
        if (target.accountType !== 'staff' && input.teams.length) {
          throw new StudioException('people.errors.member_not_staff', { status: 422 })
        }
        const teams = await Team.query({ client: trx }).whereIn('key', input.teams)
        const current = await trx.from('team_memberships').where('user_id', target.id)
        const managerOf = new Set(current.filter((row) => row.is_manager).map((row) => row.team_id))
        await target
          .related('teams')
          .sync(
            Object.fromEntries(
              teams.map((team) => [team.id, { is_manager: managerOf.has(team.id) }])
            ),
            true,
            trx
          )
      }
      await AuditService.log(
        actor,
        'user.admin_update',
        ['user', target.id],
        { fields: Object.keys(input) },
        trx
      )
      return target
    })
    if (user.status === 'disabled') await TokenService.revokeUser(user.id)
    await user.load('teams')
    return user
  }
}
