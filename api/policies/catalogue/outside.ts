import type { CatalogueEntry } from '#policies/catalogue'

/** What the Outside creators and Outside videos screens ask about. */
export const OUTSIDE_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'outside_creators',
    policy: 'OutsidePolicy',
    actions: ['list', 'show', 'create', 'edit', 'crawl', 'delete'],
  },
]
