import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/** New staff, creator and company accounts are approved or rejected by admins (SPEC §6). */
export default class RegistrationPolicy extends StudioPolicy {
  list(): AuthorizerResponse {
    return false
  }

  approve(): AuthorizerResponse {
    return false
  }
}
