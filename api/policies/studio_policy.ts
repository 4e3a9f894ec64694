import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'

/**
 * Base of every policy: admins pass every check; everybody else is decided
 * by the policy's own methods. Only active accounts ever reach a policy (the
 * guard refuses tokens of pending or disabled accounts).
 */
export default abstract class StudioPolicy extends BasePolicy {
  before(user: User | null): AuthorizerResponse | undefined {
    if (user?.role === 'admin') return true
    return undefined
  }
}
