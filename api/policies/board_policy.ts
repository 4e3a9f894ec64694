import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type BoardPost from '#models/board_post'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'
import type { BoardCategory } from '#shared/board'

/**
 * The board (SPEC §2 Board). Everybody with the screen reads; creators and
 * companies read notices only. Notices are written by managers (and admins),
 * the CEO column by admins, the analysis categories by the agency's staff.
 * Authors edit and delete their own posts, admins every post; managers pin.
 */
export default class BoardPolicy extends StudioPolicy {
  list(): AuthorizerResponse {
    return true
  }

  readCategory(user: User, category: BoardCategory): AuthorizerResponse {
    return isStaffSide(user) || category === 'notice'
  }

  write(user: User, category?: BoardCategory): AuthorizerResponse {
    if (!isStaffSide(user)) return false
    if (category === 'ceo_column') return false
    if (category === 'notice') return user.role === 'manager'
    return true
  }

  edit(user: User, post: BoardPost): AuthorizerResponse {
    return post.authorId === user.id && isStaffSide(user)
  }

  pin(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
