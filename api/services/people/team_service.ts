import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Team from '#models/team'
import User from '#models/user'
import Caches from '#services/caches'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import { presentTeamOverview } from '#services/people/team_presenter'
import { affectedRows } from '#support/sql'
import type { Actor } from '#support/actor'
import type { TeamKey } from '#shared/constants'

function now() {
  return DateTime.utc().toSQL({ includeOffset: false })
}

/**
 * Team membership (SPEC §4): joining (import) and leaving (export) one's own
 * team, and a team's managers (or admins) adding, removing and — admins
 * only — appointing the team's members.
 */
export default class TeamService {
  static async byKey(key: TeamKey) {
    const team = await Team.findByOrFail('key', key)
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
      Caches.afterCommit(trx, 'profiles')
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

  /**
   * Every team with its member and manager counts, whether `user` belongs to
   * it and manages it, and whether they may manage it (TeamPolicy's answer,
   * through `canManage`).
   */
  static async overview(user: User, canManage: (team: Team) => Promise<boolean>) {
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
    const overview = []
    for (const team of teams) {
      const count = byTeam.get(team.id) as any
      const membership = myRows.get(team.id) as any
      overview.push(
        presentTeamOverview(team, {
          members: Number(count?.members ?? 0),
          managers: Number(count?.managers ?? 0),
          isMember: Boolean(membership),
          isManager: Boolean(membership?.is_manager),
          canManage: await canManage(team),
        })
      )
    }
    return overview
  }

  /** A team's members, managers first, with when they joined (`pivot_*` extras). */
  static async members(team: Team) {
    return User.query()
      .join('team_memberships', 'team_memberships.user_id', 'users.id')
      .where('team_memberships.team_id', team.id)
      .select('users.*')
      .select({
        pivot_is_manager: 'team_memberships.is_manager',
        pivot_joined_at: 'team_memberships.created_at',
      })
      .orderBy('team_memberships.is_manager', 'desc')
      .orderBy('users.name')
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
      Caches.afterCommit(trx, 'profiles')
      await AuditService.log(
        actor,
        'team.add_member',
        ['team', team.id],
        { member_id: userId, is_manager: isManager },
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
    if (!affectedRows(updated)) {
      throw new StudioException('people.errors.not_member', { status: 404 })
    }
    Caches.clear('profiles')
    await AuditService.log(actor, 'team.set_manager', ['team', team.id], {
      member_id: userId,
      is_manager: isManager,
    })
  }

  /**
   * Removes a member; removing another manager needs `mayRemoveManagers`
   * (TeamPolicy: admins).
   */
  static async removeMember(
    actor: Actor,
    team: Team,
    userId: number,
    { mayRemoveManagers }: { mayRemoveManagers: boolean }
  ) {
    return db.transaction(async (trx) => {
      const membership = await trx
        .from('team_memberships')
        .where('team_id', team.id)
        .where('user_id', userId)
        .forUpdate()
        .first()
      if (!membership) throw new StudioException('people.errors.not_member', { status: 404 })
      if (membership.is_manager && !mayRemoveManagers && userId !== actor.user.id) {
        throw new StudioException('people.errors.manager_removal', { status: 403 })
      }
      await trx.from('team_memberships').where('id', membership.id).delete()
      Caches.afterCommit(trx, 'profiles')
      await AuditService.log(
        actor,
        'team.remove_member',
        ['team', team.id],
        { member_id: userId },
        trx
      )
    })
  }
}
