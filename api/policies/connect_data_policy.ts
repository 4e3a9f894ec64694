import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import StudioPolicy from '#policies/studio_policy'

/**
 * Connect data (issue 29): the staff who look after creators see the
 * connects and which outside tasks feed which creator; managers connect an
 * outside creator or video to a managed one, confirm it or take it back
 * (admins through the base policy). Finance, creators and companies neither.
 */
export default class ConnectDataPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return user.role === 'manager' || user.role === 'staff'
  }

  connect(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }

  confirm(user: User): AuthorizerResponse {
    return this.connect(user)
  }

  revert(user: User): AuthorizerResponse {
    return this.connect(user)
  }
}
