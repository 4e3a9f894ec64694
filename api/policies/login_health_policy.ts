import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * The account-health centre: the agency's staff see which stored logins
 * work, lapse or were refused (of the creators they may see); managers and
 * staff, who fix them, also check them now. Finance only reads.
 */
export default class LoginHealthPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  check(user: User): AuthorizerResponse {
    return user.role === 'manager' || user.role === 'staff'
  }
}
