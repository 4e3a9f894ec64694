import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { seesMoney } from '#shared/roles'

/**
 * Which teams a staff-side user's reports cover: every team (null) for
 * admins and finance; the teams a manager manages; the teams a staff member
 * belongs to. Creators and companies: none.
 */
export default class ReportScope {
  static async teamIds(user: User): Promise<number[] | null> {
    if (seesMoney(user)) return null
    if (user.role !== 'manager' && user.role !== 'staff') return []
    const query = db.from('team_memberships').where('user_id', user.id).select('team_id')
    if (user.role === 'manager') query.where('is_manager', true)
    const rows = await query
    return rows.map((row) => Number(row.team_id))
  }

  /**
   * The creators whose platform accounts the Power BI feed gives `user`:
   * every creator (null) for admins and finance; for managers and staff the
   * creators of their teams (as above) and those they upload for; for a
   * creator account its own creators; for a company none.
   */
  static async creatorIds(user: User): Promise<number[] | null> {
    if (seesMoney(user)) return null
    if (user.role === 'creator') {
      const own = await db.from('creators').where('user_id', user.id).select('id')
      return own.map((row) => Number(row.id))
    }
    if (user.role !== 'manager' && user.role !== 'staff') return []
    const teams = (await this.teamIds(user)) ?? []
    const query = db.from('creators').select('id').where('uploader_id', user.id)
    if (teams.length) query.orWhereIn('cp_team_id', teams)
    const rows = await query
    return rows.map((row) => Number(row.id))
  }
}
