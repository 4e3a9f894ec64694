import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Metrics (SPEC §2 dashboards, data center, platform dashboards): staff see
 * every creator; a creator account sees the dashboards of its own channels
 * only (MetricScope narrows the queries); companies see none. Admins and
 * managers may start a collection (the dashboard's 'resync data'); the
 * collection runs (every creator id and failure) are for the staff side.
 * The admin passes through the base policy.
 */
export default class MetricPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }

  /** Whoever sees a dashboard downloads it. */
  download(user: User): AuthorizerResponse {
    return this.view(user)
  }

  runs(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  collect(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
