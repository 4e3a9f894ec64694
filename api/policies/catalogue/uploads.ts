import type { CatalogueEntry } from '#policies/catalogue'

/**
 * The Upload Station: sending and submitting uploads, and reading the records
 * and stats (the answer's resource keeps its name, `upload_ledger`).
 */
export const UPLOAD_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'upload_ledger', policy: 'UploadPolicy', actions: ['upload', 'records'] },
]
