import type { CatalogueEntry } from '#policies/catalogue'

/** Letters are per person (who may write to whom is decided per recipient). */
export const LETTER_PERMISSIONS: CatalogueEntry[] = []
