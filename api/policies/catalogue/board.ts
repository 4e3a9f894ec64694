import type { CatalogueEntry } from '#policies/catalogue'

/** What the board screen asks before showing 'Write' and 'Pin' (per-category rights come with the categories). */
export const BOARD_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'board', policy: 'BoardPolicy', actions: ['list', 'write', 'pin'] },
]
