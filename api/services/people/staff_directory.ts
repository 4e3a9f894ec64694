import User from '#models/user'
import { LIKE, containing, whereAnyLike } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { StaffListParams } from '#validators/people'

/**
 * The staff directory (SPEC §2 staff directory, §7 /api/user/list): search by
 * name, team and email, filters by role and status, paged and sorted the way
 * Refine's simple-rest asks (_start/_end/_sort/_order) or offset/limit.
 */
export default class StaffDirectory {
  /**
   * One page of the directory. Without `everyone` (admins have it) only
   * active staff accounts are listed: creator and company accounts and
   * people who cannot sign in stay out.
   */
  static async page(params: StaffListParams, options: { everyone: boolean }) {
    const query = User.query()
    if (!options.everyone) {
      query.where('account_type', 'staff').where('status', 'active')
    } else {
      if (params.account_type) query.where('account_type', params.account_type)
      if (params.status) query.where('status', params.status)
    }
    if (params.role) query.where('role', params.role)
    if (params.q) whereAnyLike(query, ['users.name', 'users.email'], containing(params.q))
    if (params.name) query.whereRaw(LIKE, ['users.name', containing(params.name)])
    if (params.email) query.whereRaw(LIKE, ['users.email', containing(params.email)])
    if (params.team) {
      query.whereHas('teams', (teams) => teams.where('key', params.team!))
    }

    const order = (params._order ?? 'asc').toLowerCase() as 'asc' | 'desc'
    return paginate(
      query,
      pageWindow(params._start ?? params.offset, params._end, { size: params.limit ?? 20 }),
      (filtered) =>
        filtered
          .preload('teams')
          .orderBy(params._sort ?? 'name', order)
          .orderBy('id', 'asc')
    )
  }
}
