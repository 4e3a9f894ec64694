import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * The growth-hacking windows and board: the agency's staff see every new
 * video's growth; a creator account its own videos' only (Video.visibleTo
 * narrows the rows); companies none. The admin passes through the base policy.
 */
export default class GrowthPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }

  board(user: User): AuthorizerResponse {
    return this.view(user)
  }
}
