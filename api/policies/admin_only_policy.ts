import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/**
 * A resource only admins list, create and delete (the base policy lets them
 * through; everybody else is refused).
 */
export default abstract class AdminOnlyPolicy extends StudioPolicy {
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
