import vine from '@vinejs/vine'
import { blankToUndefined, isoDay } from '#validators/rules'
import type { Infer } from '@vinejs/vine/types'
import {
  DASHBOARD_PAGE_MAX,
  DASHBOARD_SORTS,
  PLATFORMS,
  RANKING_PERIOD_DAYS,
} from '#shared/constants'

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

/** The ranking periods of GET /api/dashboard/ranking/month and their length in days. */
export const DASHBOARD_RANKING_PERIODS = {
  week: RANKING_PERIOD_DAYS['1w'],
  month: RANKING_PERIOD_DAYS['1m'],
} as const
export type DashboardRankingPeriod = keyof typeof DASHBOARD_RANKING_PERIODS

export const DASHBOARD_ORDERS = ['desc', 'asc'] as const
export const DASHBOARD_RANKING_SORTS = ['fans', 'views'] as const
/** Rows the period ranking returns unless `limit` says otherwise. */
export const DASHBOARD_RANKING_SIZE = 10
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
