import type { CatalogueEntry } from '#policies/catalogue'

/** What the growth-hacking board and the video detail's windows show. */
export const GROWTH_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'growth', policy: 'GrowthPolicy', actions: ['view', 'board'] },
]
