import { WEEK_MONTH_DAYS, type PlatformKey } from './constants.js'

/*
| Limits and choices of the metric endpoints (dashboard, data center, charts,
| collection runs): the validators check them, the services apply the defaults.
*/

/** The ranking periods of GET /api/dashboard/ranking/month and their length in days. */
export const DASHBOARD_RANKING_PERIODS = WEEK_MONTH_DAYS

export const DASHBOARD_ORDERS = ['desc', 'asc'] as const
export const DASHBOARD_RANKING_SORTS = ['fans', 'views'] as const
/** Rows the period ranking returns unless `limit` says otherwise. */
export const DASHBOARD_RANKING_SIZE = 10

/** Most creators one series chart compares, and most metrics it draws. */
export const SERIES_MAX_CREATORS = 10
export const SERIES_MAX_METRICS = 4
/** Most months the creator's monthly chart goes back. */
export const MONTHLY_CHART_MAX_MONTHS = 36
export const MONTHLY_CHART_DEFAULT_MONTHS = 12

export const SERIES_GRANULARITIES = ['day', 'week', 'month'] as const
export type SeriesGranularity = (typeof SERIES_GRANULARITIES)[number]
export const SERIES_MODES = ['value', 'diff'] as const
export type SeriesMode = (typeof SERIES_MODES)[number]

/** Most creators one collection request names. */
export const COLLECT_MAX_CREATORS = 1000
/** Most runs GET /api/metrics/runs returns. */
export const RUNS_MAX_LIMIT = 100

/**
 * A platform a collection run found paused or paused itself (the per-platform
 * breaker), as the run stores it and the API sends it.
 */
export interface RunPause {
  platform: PlatformKey
  /** 'rate_limited' or 'quota_exceeded'. */
  code: string
  /** The platform's own code (Bilibili -412, YouTube quotaExceeded …). */
  upstream_code: string | null
  /** Until when the platform is left alone (ISO, UTC). */
  until: string
  /** Trips in a row (the delay doubles with each). */
  trips: number
  /** Whether this run tripped it (else it was already paused when the run asked). */
  tripped: boolean
  /** Accounts of the platform this run deferred. */
  deferred: number
  /** When the follow-up run for those accounts is queued (ISO), or null when none is. */
  retry_at: string | null
}
