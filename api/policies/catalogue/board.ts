import type { CatalogueEntry } from '#policies/catalogue'

/** Permissions of the board area the admin asks about (see PERMISSION_CATALOGUE). */
export const BOARD_PERMISSIONS: CatalogueEntry[] = []
