import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type Team from '#models/team'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Teams (SPEC §2 Account, §4 Team membership): the agency's people join and
 * leave teams themselves; a team's managers add and remove its members;
 * admins manage every team and decide who manages one.
 */
export default class TeamPolicy extends StudioPolicy {
  join(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  async manage(user: User, team: Team): Promise<AuthorizerResponse> {
    if (!isStaffSide(user)) return false
    const row = await db
      .from('team_memberships')
      .where('team_id', team.id)
      .where('user_id', user.id)
      .where('is_manager', true)
      .first()
    return Boolean(row)
  }

  appointManager(): AuthorizerResponse {
    return false
  }

  /** Removing another manager from a team (a manager may still leave it). */
  removeManager(): AuthorizerResponse {
    return false
  }
}
