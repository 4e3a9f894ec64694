import type { CatalogueEntry } from '#policies/catalogue'

/** Permissions of the letters area the admin asks about (see PERMISSION_CATALOGUE). */
export const LETTER_PERMISSIONS: CatalogueEntry[] = []
