import type { CatalogueEntry } from '#policies/catalogue'

/** What the monthly settlement screen and a creator's report show buttons for. */
export const SETTLEMENT_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'settlement',
    policy: 'SettlementPolicy',
    actions: ['view', 'manage', 'statements', ['team_totals', 'teamTotals']],
  },
]
