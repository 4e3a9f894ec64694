import vine from '@vinejs/vine'
import { blankToUndefined, isoDay } from '#validators/rules'
import type { Infer } from '@vinejs/vine/types'
import { DASHBOARD_PAGE_MAX, DASHBOARD_SORTS, PLATFORMS } from '#shared/constants'
import { DASHBOARD_ORDERS, DASHBOARD_RANKING_SORTS } from '#shared/metrics'

/*
|--------------------------------------------------------------------------
| Dashboard (SPEC §2 Dashboard, §7 /api/{brand}_dashboard, /api/dashboard/*)
|--------------------------------------------------------------------------
|
| Days are 'YYYY-MM-DD' strings (the metric tables compare them as text on
| SQLite and MySQL alike). Whether start ≤ end and the range is not too long
| is MetricScope.range's check (422 'metrics.invalid_range').
|
*/

const day = () => vine.string().trim().parse(blankToUndefined).use(isoDay()).optional()
const platform = () => vine.enum(PLATFORMS).parse(blankToUndefined).optional()

/** Deepest offset the list pages to (far beyond any studio's creator count). */
const OFFSET_MAX = 1_000_000

const rangeFields = { start: day(), end: day() }

/** GET /api/{brand}_dashboard, /api/dashboard/chart/weekly, /api/dashboard/download */
export const dashboardRangeValidator = vine.compile(
  vine.object({ ...rangeFields, platform: platform() })
)
export type DashboardRangeParams = Infer<typeof dashboardRangeValidator>

/** GET /api/dashboard/total: every platform, so no platform filter. */
export const dashboardTotalValidator = vine.compile(vine.object(rangeFields))
export type DashboardTotalParams = Infer<typeof dashboardTotalValidator>

/** GET /api/dashboard/list (and /api/dashboard/sort) */
export const dashboardListValidator = vine.compile(
  vine.object({
    ...rangeFields,
    platform: platform(),
    sort: vine.enum(DASHBOARD_SORTS).parse(blankToUndefined).optional(),
    order: vine.enum(DASHBOARD_ORDERS).parse(blankToUndefined).optional(),
    offset: vine.number().withoutDecimals().min(0).max(OFFSET_MAX).optional(),
    limit: vine.number().withoutDecimals().min(1).max(DASHBOARD_PAGE_MAX).optional(),
  })
)
export type DashboardListParams = Infer<typeof dashboardListValidator>

/** GET /api/dashboard/ranking/month(/) */
export const dashboardRankingValidator = vine.compile(
  vine.object({
    period: vine
      .enum(['week', 'month'] as const)
      .parse(blankToUndefined)
      .optional(),
    date: day(),
    platform: platform(),
    sort: vine.enum(DASHBOARD_RANKING_SORTS).parse(blankToUndefined).optional(),
    limit: vine.number().withoutDecimals().min(1).max(DASHBOARD_PAGE_MAX).optional(),
  })
)
export type DashboardRankingParams = Infer<typeof dashboardRankingValidator>
