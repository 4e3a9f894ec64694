import type { CatalogueEntry } from '#policies/catalogue'

/** What the alert dashboard shows buttons for. */
export const ALERT_PERMISSIONS: CatalogueEntry[] = [
  {
    resource: 'alerts',
    policy: 'AlertPolicy',
    actions: ['view', 'handle', 'scan', ['edit_rules', 'editRules']],
  },
]
