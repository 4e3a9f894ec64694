import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/** The IP allow-list is managed by admins only (the base policy lets them through). */
export default class IpAllowlistPolicy extends StudioPolicy {
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
