import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Team from '#models/team'
import User from '#models/user'
import UserPresenter from '#services/user_presenter'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit_service'
import type { Actor } from '#services/actor'
import type { TeamKey } from '#shared/constants'

function now() {
  return DateTime.utc().toSQL({ includeOffset: false })
}

/** One member as the account page lists it. */
export interface MemberRow {
  id: number
  name: string
  email: string
  phone: string | null
  role: string
  status: string
  avatar_url: string | null
  is_manager: boolean
  joined_at: string | null
}

/**
 * Team membership (SPEC §4): joining (import) and leaving (export) one's own
 * team, and a team's managers (or admins) adding, removing and — admins
 * only — appointing the team's members.
 */
export default class TeamService {
  static async byKey(key: TeamKey) {
    const team = await Team.findBy('key', key)
    if (!team) throw new StudioException('errors.not_found', { status: 404 })
    return team
  }

  /** Joins or leaves; failures answer 'Join failed' / 'Leave failed' with the reason. */
  static async setTeam(actor: Actor, key: TeamKey, action: 'import' | 'export') {
    const team = await this.byKey(key)
    const user = actor.user
    return db.transaction(async (trx) => {
      const membership = await trx
        .from('team_memberships')
        .where('team_id', team.id)
        .where('user_id', user.id)
        .forUpdate()
        .first()
      if (action === 'import') {
        if (membership) {
          throw new StudioException('people.errors.join_failed_member', { status: 409 })
        }
        await trx.table('team_memberships').insert({
          team_id: team.id,
          user_id: user.id,
          is_manager: false,
          created_at: now(),
          updated_at: now(),
        })
      } else {
        if (!membership) {
          throw new StudioException('people.errors.leave_failed_not_member', { status: 409 })
        }
        await trx.from('team_memberships').where('id', membership.id).delete()
      }
      await AuditService.record(
        {
          action: action === 'import' ? 'team.join' : 'team.leave',
          userId: user.id,
          subjectType: 'team',
          subjectId: team.id,
          ip: actor.ip,
        },
        trx
      )
      return team
    })
  }

  /** Every team with its member and manager counts, and whether I belong to / manage it. */
  static async overview(user: User) {
    const teams = await Team.query().orderBy('sort_order').orderBy('id')
    const counts = await db
      .from('team_memberships')
      .join('users', 'users.id', 'team_memberships.user_id')
      .where('users.status', 'active')
      .groupBy('team_memberships.team_id')
      .select('team_memberships.team_id')
      .count('* as members')
      .sum({ managers: db.raw('CASE WHEN team_memberships.is_manager THEN 1 ELSE 0 END') })
    const mine = await db.from('team_memberships').where('user_id', user.id)
    const byTeam = new Map(counts.map((row: any) => [row.team_id, row]))
    const myRows = new Map(mine.map((row: any) => [row.team_id, row]))
    return teams.map((team) => {
      const count = byTeam.get(team.id) as any
      const membership = myRows.get(team.id) as any
      return {
        id: team.id,
        key: team.key,
        name: team.name,
        members: Number(count?.members ?? 0),
        managers: Number(count?.managers ?? 0),
        is_member: Boolean(membership),
        is_manager: Boolean(membership?.is_manager),
        can_manage: user.role === 'admin' || Boolean(membership?.is_manager),
      }
    })
  }

  static async members(team: Team): Promise<MemberRow[]> {
    const rows = await User.query()
      .join('team_memberships', 'team_memberships.user_id', 'users.id')
      .where('team_memberships.team_id', team.id)
      .select('users.*')
      .select({
        pivot_is_manager: 'team_memberships.is_manager',
        pivot_joined_at: 'team_memberships.created_at',
      })
      .orderBy('team_memberships.is_manager', 'desc')
      .orderBy('users.name')
    return rows.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      status: user.status,
      avatar_url: UserPresenter.avatarUrl(user),
      is_manager: Boolean(user.$extras.pivot_is_manager),
      joined_at: user.$extras.pivot_joined_at ? String(user.$extras.pivot_joined_at) : null,
    }))
  }

  /** Adds an active staff-side person; only admins may make them a manager. */
  static async addMember(actor: Actor, team: Team, userId: number, isManager: boolean) {
    return db.transaction(async (trx) => {
      const member = await User.find(userId, { client: trx })
      if (!member || member.accountType !== 'staff' || member.status !== 'active') {
        throw new StudioException('people.errors.member_not_staff', { status: 422 })
      }
      const existing = await trx
        .from('team_memberships')
        .where('team_id', team.id)
        .where('user_id', userId)
        .first()
      if (existing) throw new StudioException('people.errors.join_failed_member', { status: 409 })
      await trx.table('team_memberships').insert({
        team_id: team.id,
        user_id: userId,
        is_manager: isManager,
        created_at: now(),
        updated_at: now(),
      })
      await AuditService.record(
        {
          action: 'team.add_member',
          userId: actor.user.id,
          subjectType: 'team',
          subjectId: team.id,
          ip: actor.ip,
          meta: { member_id: userId, is_manager: isManager },
        },
        trx
      )
    })
  }

  static async setManager(actor: Actor, team: Team, userId: number, isManager: boolean) {
    const updated = await db
      .from('team_memberships')
      .where('team_id', team.id)
      .where('user_id', userId)
      .update({ is_manager: isManager, updated_at: now() })
    if (!Number(Array.isArray(updated) ? updated[0] : updated)) {
      throw new StudioException('people.errors.not_member', { status: 404 })
    }
    await AuditService.record({
      action: 'team.set_manager',
      userId: actor.user.id,
      subjectType: 'team',
      subjectId: team.id,
      ip: actor.ip,
      meta: { member_id: userId, is_manager: isManager },
    })
  }

  /** Removes a member; a manager cannot remove another manager (admins can). */
  static async removeMember(actor: Actor, team: Team, userId: number) {
    return db.transaction(async (trx) => {
      const membership = await trx
        .from('team_memberships')
        .where('team_id', team.id)
        .where('user_id', userId)
        .forUpdate()
        .first()
      if (!membership) throw new StudioException('people.errors.not_member', { status: 404 })
      if (membership.is_manager && actor.user.role !== 'admin' && userId !== actor.user.id) {
        throw new StudioException('people.errors.manager_removal', { status: 403 })
      }
      await trx.from('team_memberships').where('id', membership.id).delete()
      await AuditService.record(
        {
          action: 'team.remove_member',
          userId: actor.user.id,
          subjectType: 'team',
          subjectId: team.id,
          ip: actor.ip,
          meta: { member_id: userId },
        },
        trx
      )
    })
  }
}
