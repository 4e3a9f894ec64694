import type { CatalogueEntry } from '#policies/catalogue'

/** Staff directory and registrations (the account page asks /api/teams/mine for managed teams). */
export const PEOPLE_PERMISSIONS: CatalogueEntry[] = [
  { resource: 'users', policy: 'UserPolicy', actions: ['list', 'update'] },
  { resource: 'registrations', policy: 'RegistrationPolicy', actions: ['list', 'approve'] },
  {
    resource: 'teams',
    policy: 'TeamPolicy',
    actions: ['join', ['appoint_manager', 'appointManager']],
  },
]
