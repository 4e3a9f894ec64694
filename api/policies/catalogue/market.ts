import type { CatalogueEntry } from '#policies/catalogue'

/** Permissions of the market area the admin asks about (see PERMISSION_CATALOGUE). */
export const MARKET_PERMISSIONS: CatalogueEntry[] = []
