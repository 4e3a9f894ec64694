import type { CatalogueEntry } from '#policies/catalogue'

/** What the Market Store and E-Commerce screens show buttons for. */
export const MARKET_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'market',
    policy: 'MarketPolicy',
    actions: ['view', 'enquire', 'manage', ['edit_offers', 'editOffers']],
  },
  { resource: 'commerce', policy: 'CommercePolicy', actions: ['view', 'write'] },
]
