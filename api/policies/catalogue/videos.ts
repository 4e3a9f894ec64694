import type { CatalogueEntry } from '#policies/catalogue'

/** What the video dashboard, detail, compare and video lists show buttons for. */
export const VIDEO_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'videos', policy: 'VideoPolicy', actions: ['view', 'download'] },
]
