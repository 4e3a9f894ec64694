import type { CatalogueEntry } from '#policies/catalogue'

/** What the account-health centre shows: the list, and "check now". */
export const LOGIN_HEALTH_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'login_health', policy: 'LoginHealthPolicy', actions: ['view', 'check'] },
]
