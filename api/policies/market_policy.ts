import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type BrandDeal from '#models/brand_deal'
import StudioPolicy from '#policies/studio_policy'
import { isStaffSide } from '#shared/roles'

/**
 * Market Store: the agency's staff work every deal; a company account sends
 * enquiries and follows its own; ad prices are set by managers and admins.
 */
export default class MarketPolicy extends StudioPolicy {
  view(user: User): AuthorizerResponse {
    return isStaffSide(user) || user.role === 'company'
  }

  /** Whoever sees the market sends enquiries. */
  enquire(user: User): AuthorizerResponse {
    return this.view(user)
  }

  manage(user: User): AuthorizerResponse {
    return isStaffSide(user)
  }

  show(user: User, deal: BrandDeal): AuthorizerResponse {
    return isStaffSide(user) || deal.companyUserId === user.id
  }

  editOffers(user: User): AuthorizerResponse {
    return user.role === 'manager'
  }
}
