import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { SCREEN_ACCESS } from '#shared/screens'

/**
 * The Video Upload Station (SPEC §2): whoever may open the upload screen
 * (the staff side; admins through the base policy) uses the station and
 * its helpers — the creators' login checks, the platforms' categories, tag
 * suggestions, events and topics. Creators and companies do not upload.
 */
export default class UploadPolicy extends StudioPolicy {
  use(user: User): AuthorizerResponse {
    return user.role !== 'admin' && SCREEN_ACCESS[user.role].includes('upload')
  }
}
