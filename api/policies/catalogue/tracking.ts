import type { CatalogueEntry } from '#policies/catalogue'

/** What the Creator Tracking screen asks about. */
export const TRACKING_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'tracking', policy: 'TrackingPolicy', actions: ['view'] },
]
