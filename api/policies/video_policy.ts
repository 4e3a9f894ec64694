import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Videos (video dashboard, detail, compare, lists): the agency's staff see
 * every video; a creator account sees its own creators' videos only
 * (Video.visibleTo narrows the rows); companies see none. Whoever sees the
 * videos downloads them. The admin passes through the base policy.
 */
export default class VideoPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'creator'
  }

  download(user: User): AuthorizerResponse {
    return this.view(user)
  }
}
