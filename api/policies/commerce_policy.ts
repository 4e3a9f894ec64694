import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/** E-Commerce: the agency's staff record and import sales; company accounts read the figures. */
export default class CommercePolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'company'
  }

  write(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }
}
