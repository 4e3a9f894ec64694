import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type Settlement from '#models/settlement'
import StudioPolicy from '#policies/studio_policy'
import { seesMoney } from '#shared/roles'

/**
 * Monthly settlement: money is for admins (the base policy) and finance. A
 * creator account reads its own confirmed and paid statements; a manager
 * the totals of the teams they manage; company accounts and staff nothing.
 */
export default class SettlementPolicy extends StudioPolicy {
  /** Every statement, the revenue and the exchange rates. */
  view(user: User): AuthorizerResponse {
    return seesMoney(user)
  }

  /** Run a month, confirm, mark paid, correct; enter revenue, rates and exchange rates. */
  manage(user: User): AuthorizerResponse {
    return seesMoney(user)
  }

  /** The statements list (the service scopes it: a creator sees its own). */
  statements(user: User): AuthorizerResponse {
    return seesMoney(user) || user.role === 'creator'
  }

  /** One statement; `settlement.creator` must be loaded. */
  show(user: User, settlement: Settlement): AuthorizerResponse {
    if (seesMoney(user)) return true
    return (
      user.role === 'creator' &&
      settlement.status !== 'draft' &&
      settlement.creator?.userId === user.id
    )
  }

  teamTotals(user: User): AuthorizerResponse {
    return seesMoney(user) || user.role === 'manager'
  }
}
