import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy, { isStaffSide } from '#policies/studio_policy'

/**
 * The staff directory: the agency's own people see each other (name, team,
 * email, phone); only admins change a person's role, status or teams.
 */
export default class UserPolicy extends StudioPolicy {
  list(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  show(user: User, target: User): AuthorizerResponse {
    return user.id === target.id || (isStaffSide(user) && target.accountType === 'staff')
  }

  update(): AuthorizerResponse {
    return false
  }
}
