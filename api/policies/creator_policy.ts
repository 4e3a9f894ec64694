import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide, mayRevealLevel } from '#shared/roles'
import type { PrivateLevel } from '#shared/constants'

/**
 * Creators (SPEC §6): only admins add, edit, delete, terminate, import and
 * change a creator's account password (the base policy lets them through);
 * managers and staff view. Private data needs the user's security code on
 * top: managers may reveal every level, staff the contact level (L1), finance
 * the contact and settlement levels (L1, L3).
 */
export default class CreatorPolicy extends StudioPolicy {
  list(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  show(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  export(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  /** The platforms in use and their account counts (GET /api/active/platform). */
  activePlatforms(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  memo(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  reveal(user: User, level: PrivateLevel): AuthorizerResponse {
    return mayRevealLevel(user, level)
  }

  create(): AuthorizerResponse {
    return false
  }

  edit(): AuthorizerResponse {
    return false
  }

  /** Starting an OAuth connect of a platform login (who may edit the creator's accounts). */
  connect(): AuthorizerResponse {
    return false
  }

  delete(): AuthorizerResponse {
    return false
  }

  terminate(): AuthorizerResponse {
    return false
  }

  import(): AuthorizerResponse {
    return false
  }

  changePassword(): AuthorizerResponse {
    return false
  }
}
