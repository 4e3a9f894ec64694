import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Creator tracking (SPEC §2): the staff side tracks every creator; a creator
 * account reads the same figures of its own channels only (Creator.visibleTo
 * narrows the rows); companies none. The admin passes through the base policy.
 */
export default class TrackingPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }
}
