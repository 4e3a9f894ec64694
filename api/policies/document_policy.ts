import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Issued documents (SPEC §2): the agency's staff issue, re-issue and share
 * them; managers revoke them; a creator account reads and downloads its own
 * creator's documents (IssuedDocument.visibleTo); a company account none.
 * A document that prints private data is issued only by someone whom
 * CreatorPolicy.reveal allows that level, with their security code.
 */
export default class DocumentPolicy extends StudioPolicy {
  list(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }

  issue(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  /** Creates, copies and revokes public links. */
  share(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  revoke(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
