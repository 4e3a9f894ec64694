import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * The alert dashboard: the agency's staff see, acknowledge, assign and
 * resolve alerts; managers also run a scan; only admins change the rules.
 */
export default class AlertPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  /** Whoever sees the alerts handles them. */
  handle(user: User): AuthorizerResponse {
    return this.view(user)
  }

  scan(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }

  editRules(): AuthorizerResponse {
    return false
  }
}
