import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type IssuedDocument from '#models/issued_document'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { privateLevels } from '#shared/documents'
import { isStaffSide, mayRevealLevel } from '#shared/roles'

/**
 * Issued documents (SPEC §2): the agency's staff issue, re-issue and share
 * them; managers revoke them; a creator account reads and downloads its own
 * creator's documents (IssuedDocument.visibleTo); a company account none.
 * A document that prints private data is issued, read and shared only by
 * someone who may reveal every level it prints (issuing and sharing ask
 * their security code too).
 */
export default class DocumentPolicy extends StudioPolicy {
  list(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }

  issue(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  /** Downloads the PDF: the creator's own account, or staff who may reveal all it prints. */
  read(user: User, document: IssuedDocument): AuthorizerResponse {
    if (user.role === 'creator') return true
    return (
      isStaffSide(user) &&
      privateLevels(document.tabs).every((level) => mayRevealLevel(user, level))
    )
  }

  /**
   * Makes, shows and renews public links; of one document only for those who
   * may read it whole, since the link hands its PDF to anyone who holds it.
   */
  share(user: User, document?: IssuedDocument): AuthorizerResponse {
    if (!isStaffSide(user)) return false
    return !document || this.read(user, document) === true
  }

  /** Ends a public link: any staff member (it only takes data out of reach). */
  unshare(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  revoke(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
