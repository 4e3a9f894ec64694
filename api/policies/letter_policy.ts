import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Private letters: everybody signed in reads their own. The agency's people
 * write to anybody with an active account; creators and companies write to
 * the agency's people (and answer them), not to each other.
 */
export default class LetterPolicy extends StudioPolicy {
  view(): AuthorizerResponse {
    return true
  }

  /** May write to any active account (else to the agency's staff accounts only). */
  writeToAnyone(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  send(user: User, recipient: User): AuthorizerResponse {
    if (recipient.status !== 'active' || recipient.id === user.id) return false
    if (this.writeToAnyone(user)) return true
    return recipient.accountType === 'staff'
  }
}
