import type { CatalogueEntry } from '#policies/catalogue'

/** The creator detail's "Import platform export" button on each platform account. */
export const METRIC_IMPORT_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'metric_imports', policy: 'MetricImportPolicy', actions: ['import'] },
]
