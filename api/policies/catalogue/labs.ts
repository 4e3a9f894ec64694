import type { CatalogueEntry } from '#policies/catalogue'

/** The Labs tools: the thumbnail resizer, the data download and the YouTube download. */
export const LABS_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'labs',
    policy: 'LabsPolicy',
    actions: ['resize', ['export_data', 'exportData'], ['download_video', 'downloadVideo']],
  },
]
