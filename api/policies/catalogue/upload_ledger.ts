import type { CatalogueEntry } from '#policies/catalogue'

/** The upload ledger: sending and submitting uploads, and reading the records and stats. */
export const UPLOAD_LEDGER_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'upload_ledger', policy: 'UploadLedgerPolicy', actions: ['upload', 'records'] },
]
