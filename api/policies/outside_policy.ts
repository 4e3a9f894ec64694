import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Outside tracking (SPEC §2 "Outside creators", "Outside Videos"; issue 29):
 * creators and videos the agency does not manage. The agency's staff side
 * lists, opens, adds, edits and crawls them and sets the crawler logins;
 * deleting is for managers (and admins, through the base policy); creators
 * and companies never see any of it.
 */
export default class OutsidePolicy extends StudioPolicy {
  list(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  show(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  create(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  edit(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  crawl(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  delete(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
