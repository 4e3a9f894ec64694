import type { policies } from '#policies/main'
import { PEOPLE_PERMISSIONS } from '#policies/catalogue/people'
import { BOARD_PERMISSIONS } from '#policies/catalogue/board'
import { LETTER_PERMISSIONS } from '#policies/catalogue/letters'
import { ALERT_PERMISSIONS } from '#policies/catalogue/alerts'
import { MARKET_PERMISSIONS } from '#policies/catalogue/market'
import { GROWTH_PERMISSIONS } from '#policies/catalogue/growth'
import { TRACKING_PERMISSIONS } from '#policies/catalogue/tracking'
import { VIDEO_PERMISSIONS } from '#policies/catalogue/videos'
import { UPLOAD_PERMISSIONS } from '#policies/catalogue/uploads'
import { DOCUMENT_PERMISSIONS } from '#policies/catalogue/documents'
import { SETTLEMENT_PERMISSIONS } from '#policies/catalogue/settlement'
import { REPORT_PERMISSIONS } from '#policies/catalogue/reports'
import { METRIC_IMPORT_PERMISSIONS } from '#policies/catalogue/metric_imports'
import { LOGIN_HEALTH_PERMISSIONS } from '#policies/catalogue/login_health'
import { OUTSIDE_PERMISSIONS } from '#policies/catalogue/outside'
import { CONNECT_DATA_PERMISSIONS } from '#policies/catalogue/connect_data'
import { LABS_PERMISSIONS } from '#policies/catalogue/labs'

/**
 * Every resource and action the admin asks about through Refine's
 * accessControlProvider, and the policy that decides it. The permissions
 * endpoint evaluates exactly these, with the same policies the routes use,
 * so the menu, the buttons and the API always agree. Screens of the main
 * menu are added from api/shared/screens.ts (action `list`).
 */
export interface CatalogueEntry {
  resource: string
  policy: keyof typeof policies
  /** An action name, or [action name, policy method, ...arguments]. */
  actions: (string | [string, string, ...unknown[]])[]
}

export const PERMISSION_CATALOGUE: CatalogueEntry[] = [
  { resource: 'ip_allowlist', policy: 'IpAllowlistPolicy', actions: ['list', 'create', 'delete'] },
  {
    resource: 'register_codes',
    policy: 'RegisterCodePolicy',
    actions: ['list', 'create', 'delete'],
  },
  { resource: 'audit_logs', policy: 'AuditLogPolicy', actions: ['list'] },
  {
    resource: 'creators',
    policy: 'CreatorPolicy',
    actions: [
      'list',
      'show',
      'export',
      'memo',
      'create',
      'edit',
      'connect',
      'delete',
      'terminate',
      'import',
      ['change_password', 'changePassword'],
      ['reveal_l1', 'reveal', 'L1'],
      ['reveal_l2', 'reveal', 'L2'],
      ['reveal_l3', 'reveal', 'L3'],
    ],
  },
  { resource: 'metrics', policy: 'MetricPolicy', actions: ['view', 'download', 'runs', 'collect'] },
  ...PEOPLE_PERMISSIONS,
  ...BOARD_PERMISSIONS,
  ...LETTER_PERMISSIONS,
  ...ALERT_PERMISSIONS,
  ...MARKET_PERMISSIONS,
  ...GROWTH_PERMISSIONS,
  ...VIDEO_PERMISSIONS,
  ...TRACKING_PERMISSIONS,
  ...UPLOAD_PERMISSIONS,
  ...DOCUMENT_PERMISSIONS,
  ...SETTLEMENT_PERMISSIONS,
  ...REPORT_PERMISSIONS,
  ...METRIC_IMPORT_PERMISSIONS,
  ...LOGIN_HEALTH_PERMISSIONS,
  ...OUTSIDE_PERMISSIONS,
  ...CONNECT_DATA_PERMISSIONS,
  ...LABS_PERMISSIONS,
]
