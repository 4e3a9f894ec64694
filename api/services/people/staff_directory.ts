import User from '#models/user'
import { escapeLike } from '#services/creator_query'
import { pageWindow } from '#services/paging'
import type { StaffListParams } from '#validators/people'

/** A literal, case-insensitive substring match (as the creator search does). */
const LIKE = `?? like ? escape '!'`
const like = (value: string) => `%${escapeLike(value)}%`

/**
 * The staff directory (SPEC §2 staff directory, §7 /api/user/list): search by
 * name, team and email, filters by role and status, paged and sorted the way
 * Refine's simple-rest asks (_start/_end/_sort/_order) or offset/limit.
 */
export default class StaffDirectory {
  static async page(params: StaffListParams, options: { admin: boolean }) {
    const query = User.query()
    // Only admins see creator/company accounts and people who cannot sign in.
    if (!options.admin) {
      query.where('account_type', 'staff').where('status', 'active')
    } else {
      if (params.account_type) query.where('account_type', params.account_type)
      if (params.status) query.where('status', params.status)
    }
    if (params.role) query.where('role', params.role)
    if (params.q) {
      const term = like(params.q)
      query.where((sub) => {
        sub.whereRaw(LIKE, ['users.name', term]).orWhereRaw(LIKE, ['users.email', term])
      })
    }
    if (params.name) query.whereRaw(LIKE, ['users.name', like(params.name)])
    if (params.email) query.whereRaw(LIKE, ['users.email', like(params.email)])
    if (params.team) {
      query.whereHas('teams', (teams) => teams.where('key', params.team!))
    }

    const [counted] = await query.clone().count('* as total')
    const total = Number(counted.$extras.total)
    const { offset: start, limit } = pageWindow(
      params._start ?? params.offset,
      params._end,
      params.limit ?? 20
    )
    const order = (params._order ?? 'asc').toLowerCase() as 'asc' | 'desc'
    const rows = await query
      .preload('teams')
      .orderBy(params._sort ?? 'name', order)
      .orderBy('id', 'asc')
      .offset(start)
      .limit(limit)
    return { total, rows }
  }
}
