import type { CatalogueEntry } from '#policies/catalogue'

/** What the report screens show: the team report, its money columns, a creator's statements. */
export const REPORT_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'reports',
    policy: 'ReportPolicy',
    actions: ['teams', 'money', 'statements', 'accounts'],
  },
]
