import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import StudioPolicy from '#policies/studio_policy'

/** Everybody signed in reads and clears their own headline notifications (queries are per user). */
export default class NotificationPolicy extends StudioPolicy {
  view(): AuthorizerResponse {
    return true
  }
}
