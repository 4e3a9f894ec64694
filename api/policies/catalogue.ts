import type { policies } from '#policies/main'

/**
 * Every resource and action the admin asks about through Refine's
 * accessControlProvider, and the policy that decides it. The permissions
 * endpoint evaluates exactly these, with the same policies the routes use,
 * so the menu, the buttons and the API always agree. Screens of the main
 * menu are added from api/shared/screens.ts (action `list`).
 */
export const PERMISSION_CATALOGUE: {
  resource: string
  policy: keyof typeof policies
  actions: string[]
}[] = [
  { resource: 'ip_allowlist', policy: 'IpAllowlistPolicy', actions: ['list', 'create', 'delete'] },
  {
    resource: 'register_codes',
    policy: 'RegisterCodePolicy',
    actions: ['list', 'create', 'delete'],
  },
  { resource: 'audit_logs', policy: 'AuditLogPolicy', actions: ['list'] },
]
