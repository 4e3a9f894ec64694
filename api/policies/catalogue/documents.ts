import type { CatalogueEntry } from '#policies/catalogue'

/** Issued documents: the documents tab and its buttons. */
export const DOCUMENT_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'documents',
    policy: 'DocumentPolicy',
    actions: ['list', 'issue', 'share', 'revoke'],
  },
]
