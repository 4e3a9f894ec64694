import type { CatalogueEntry } from '#policies/catalogue'

/** Permissions of the alerts area the admin asks about (see PERMISSION_CATALOGUE). */
export const ALERT_PERMISSIONS: CatalogueEntry[] = []
