import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/** The studio log (audit log) is read by admins only. */
export default class AuditLogPolicy extends StudioPolicy {
  list(): AuthorizerResponse {
    return false
  }
}
