import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * The staff directory: the agency's own people see each other's active
 * profiles (name, team, email, phone); only admins see every account
 * (creators, companies, people waiting for approval or disabled) and change a
 * person's role, status or teams. Everybody reads their own profile.
 */
export default class UserPolicy extends StudioPolicy {
  profile(): AuthorizerResponse {
    return true
  }

  list(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  listEveryone(): AuthorizerResponse {
    return false
  }

  show(user: User, target: User): AuthorizerResponse {
    return (
      user.id === target.id ||
      (isStaffSide(user) && target.accountType === 'staff' && target.status === 'active')
    )
  }

  update(): AuthorizerResponse {
    return false
  }
}
