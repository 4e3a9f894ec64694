import type { Role } from './constants.js'

/**
 * Every screen of the main menu (SPEC §2), keyed by the Refine resource name
 * the admin uses. Which roles may open a screen is decided here once; the
 * ScreenPolicy reads it on the server and the admin's menu follows the
 * permissions endpoint, so both always agree. Admins pass every check
 * through the base policy.
 */
export const SCREENS = [
  'dashboard',
  'data_dashboard',
  'creators',
  'video_dashboard',
  'upload',
  'platform_dashboard',
  'creator_tracking',
  'growth_board',
  'creator_compare',
  'video_compare',
  'data_center',
  'outside_creator',
  'outside_video',
  'labs',
  'products',
  'report',
  'account',
  'total_compare',
  'alert_dashboard',
  'creator_adjustment',
  'market_dashboard',
  'staff',
  'connect_creator_data',
  'connect_task_data',
  'board',
  'private_letter',
  'studio_log',
  'settings',
  // /app/test2: server health, queue driver, permissions — for the staff side only
  'diagnostics',
] as const
export type ScreenKey = (typeof SCREENS)[number]

const STAFF_SCREENS: ScreenKey[] = SCREENS.filter(
  (screen) => !['creator_adjustment', 'studio_log'].includes(screen)
)

/**
 * The monthly settlement (creator_adjustment) shows money: admins and
 * finance only. Managers see their teams' totals through the reports.
 */
export const SCREEN_ACCESS: Record<Exclude<Role, 'admin'>, ScreenKey[]> = {
  manager: STAFF_SCREENS,
  staff: STAFF_SCREENS,
  finance: [...STAFF_SCREENS, 'creator_adjustment'],
  creator: ['data_dashboard', 'report', 'account', 'private_letter', 'board', 'settings'],
  company: ['market_dashboard', 'products', 'account', 'private_letter', 'board', 'settings'],
}
