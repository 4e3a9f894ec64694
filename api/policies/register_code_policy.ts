import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/** Register codes are created, listed and revoked by admins only. */
export default class RegisterCodePolicy extends StudioPolicy {
  list(): AuthorizerResponse {
    return false
  }

  create(): AuthorizerResponse {
    return false
  }

  delete(): AuthorizerResponse {
    return false
  }
}
