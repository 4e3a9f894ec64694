import type { CatalogueEntry } from '#policies/catalogue'

/** What the connect-data screens ask about: the lists, and connect / confirm / revert. */
export const CONNECT_DATA_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'connect_data',
    policy: 'ConnectDataPolicy',
    actions: ['view', 'connect', 'confirm', 'revert'],
  },
]
