import type { ResourceProps } from '@refinedev/core'
import type { TFunction } from 'i18next'
import {
  AccountBookOutlined,
  AimOutlined,
  AlertOutlined,
  AppstoreOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DiffOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LinkOutlined,
  NotificationOutlined,
  PlaySquareOutlined,
  RiseOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  HistoryOutlined,
  UserOutlined,
  UserSwitchOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons'
import { PLATFORM_DASHBOARD_KEYS } from '@shared/constants'
import type { ScreenKey } from '@shared/screens'
import { BRAND } from '../config'

/** The platform dashboards of SPEC §2 (/app/platform_<key>), as api/shared lists them. */
export const PLATFORM_DASHBOARDS = Object.keys(PLATFORM_DASHBOARD_KEYS) as Array<
  keyof typeof PLATFORM_DASHBOARD_KEYS
>

interface MenuEntry {
  name: string
  path?: string
  /** Detail, add and edit screens; the creator screens carry the id in the query string (?id=). */
  show?: string
  create?: string
  edit?: string
  screen: ScreenKey
  icon: React.ReactNode
  parent?: string
  hide?: boolean
}

/**
 * The main menu of SPEC §2, in its order, each entry a Refine resource whose
 * `list` route is the screen. Which entries a person sees follows the
 * permissions the API computes (the accessControlProvider).
 */
const MENU: MenuEntry[] = [
  { name: 'dashboard', path: '/app/dashboard', screen: 'dashboard', icon: <DashboardOutlined /> },
  {
    name: 'creators',
    path: '/app/customers',
    show: '/app/creator_info',
    create: '/app/add_creator',
    edit: '/app/modify_creator',
    screen: 'creators',
    icon: <TeamOutlined />,
  },
  {
    name: 'video_dashboard',
    path: '/app/video_dashboard',
    screen: 'video_dashboard',
    icon: <PlaySquareOutlined />,
  },
  { name: 'upload', path: '/app/upload_main', screen: 'upload', icon: <CloudUploadOutlined /> },
  { name: 'platform_dashboard', screen: 'platform_dashboard', icon: <AppstoreOutlined /> },
  ...PLATFORM_DASHBOARDS.map((key) => ({
    name: `platform_${key}`,
    path: `/app/platform_${key}`,
    screen: 'platform_dashboard' as const,
    icon: null,
    parent: 'platform_dashboard',
  })),
  {
    name: 'creator_tracking',
    path: '/app/creator_tracking',
    screen: 'creator_tracking',
    icon: <AimOutlined />,
  },
  {
    name: 'growth_board',
    path: '/app/data_analysis',
    screen: 'growth_board',
    icon: <RiseOutlined />,
  },
  {
    name: 'creator_compare',
    path: '/app/creator_compare',
    screen: 'creator_compare',
    icon: <UserSwitchOutlined />,
  },
  {
    name: 'video_compare',
    path: '/app/video_compare',
    screen: 'video_compare',
    icon: <DiffOutlined />,
  },
  {
    name: 'data_center',
    path: '/app/data_report',
    screen: 'data_center',
    icon: <DatabaseOutlined />,
  },
  {
    name: 'outside_creator',
    path: '/app/outside_creator',
    screen: 'outside_creator',
    icon: <GlobalOutlined />,
  },
  {
    name: 'outside_video',
    path: '/app/outside_video',
    screen: 'outside_video',
    icon: <VideoCameraOutlined />,
  },
  { name: 'labs', path: `/app/${BRAND}_labs`, screen: 'labs', icon: <ExperimentOutlined /> },
  { name: 'products', path: '/app/products', screen: 'products', icon: <ShoppingOutlined /> },
  { name: 'report', path: `/app/${BRAND}_report`, screen: 'report', icon: <FileTextOutlined /> },
  { name: 'account', path: '/app/account', screen: 'account', icon: <UserOutlined /> },
  {
    name: 'total_compare',
    path: '/app/total_compare',
    screen: 'total_compare',
    icon: <LineChartOutlined />,
  },
  {
    name: 'alert_dashboard',
    path: '/app/alert_dashboard',
    screen: 'alert_dashboard',
    icon: <AlertOutlined />,
  },
  {
    name: 'data_dashboard',
    path: '/app/data_dashboard',
    screen: 'data_dashboard',
    icon: <FundOutlined />,
  },
  {
    name: 'creator_adjustment',
    path: '/app/creator_adjustment',
    screen: 'creator_adjustment',
    icon: <AccountBookOutlined />,
  },
  {
    name: 'market_dashboard',
    path: '/app/market_dashboard',
    screen: 'market_dashboard',
    icon: <ShopOutlined />,
  },
  { name: 'staff', path: '/app/staff', screen: 'staff', icon: <IdcardOutlined /> },
  {
    name: 'connect_creator_data',
    path: '/app/connect_cr_data',
    screen: 'connect_creator_data',
    icon: <LinkOutlined />,
  },
  {
    name: 'connect_task_data',
    path: '/app/connect_task_data',
    screen: 'connect_task_data',
    icon: <ScheduleOutlined />,
  },
  { name: 'board', path: '/app/board', screen: 'board', icon: <NotificationOutlined /> },
  {
    name: 'studio_log',
    path: `/app/${BRAND}_studio_log`,
    screen: 'studio_log',
    icon: <HistoryOutlined />,
  },
  { name: 'settings', path: '/app/settings', screen: 'settings', icon: <SettingOutlined /> },
  {
    name: 'private_letter',
    path: '/app/private_letter',
    screen: 'private_letter',
    icon: null,
    hide: true,
  },
]

/** API resources (not menu entries) and the permission key each one is checked against. */
const API_RESOURCE_KEYS: Record<string, string> = {
  'ip-allowlist': 'ip_allowlist',
  'register-codes': 'register_codes',
  'audit-logs': 'audit_logs',
}

const SCREEN_OF = new Map(MENU.map((entry) => [entry.name, entry.screen]))

export function permissionKeyOf(resource: string) {
  return API_RESOURCE_KEYS[resource] ?? SCREEN_OF.get(resource) ?? resource
}

/** The screen people land on when they may open it (SPEC §2: the data dashboard). */
const PREFERRED_LANDING = 'data_dashboard'

/**
 * The first screen a person may open: the data dashboard when allowed, else
 * the first menu entry (in menu order) the permissions list. Unknown
 * permissions (the API could not be asked) keep the usual landing.
 */
export function landingPath(permissions: Record<string, string[]> | null): string {
  const entries = MENU.filter((entry) => entry.path && !entry.hide)
  const preferred = entries.find((entry) => entry.name === PREFERRED_LANDING)!
  if (!permissions) return preferred.path!
  const allowed = (entry: MenuEntry) => permissions[entry.screen]?.includes('list') ?? false
  if (allowed(preferred)) return preferred.path!
  return entries.find(allowed)?.path ?? '/app/account'
}

/** Resources with labels in the current language (rebuilt when it changes). */
export function buildResources(t: TFunction): ResourceProps[] {
  return MENU.map((entry) => ({
    name: entry.name,
    ...(entry.path ? { list: entry.path } : {}),
    ...(entry.show ? { show: entry.show } : {}),
    ...(entry.create ? { create: entry.create } : {}),
    ...(entry.edit ? { edit: entry.edit } : {}),
    meta: {
      label: t(`menu.${entry.name}`),
      icon: entry.icon ?? undefined,
      ...(entry.parent ? { parent: entry.parent } : {}),
      ...(entry.hide ? { hide: true } : {}),
    },
  }))
}
