import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'

/**
 * Importing a platform's own creator-center export into an account's daily
 * figures (issue 28 §4): the staff who look after creators' channels —
 * managers and staff (admins through the base policy). Finance, creators and
 * companies do not write metrics.
 */
export default class MetricImportPolicy extends StudioPolicy {
  import(user: User): AuthorizerResponse {
    return user.role === 'manager' || user.role === 'staff'
  }
}
