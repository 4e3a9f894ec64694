import type { CatalogueEntry } from '#policies/catalogue'

/** Permissions of the people area the admin asks about (see PERMISSION_CATALOGUE). */
export const PEOPLE_PERMISSIONS: CatalogueEntry[] = []
