import type { RunJson } from '#services/metrics/run_presenter'
import type { DateRange } from '#services/metrics/metric_scope'
import type { CreatorRef, DayTotal } from '#services/metrics/daily_totals'
import type { CreatorKind, DashboardSort, HEADLINE_METRICS, PlatformKey } from '#shared/constants'

/* The dashboard's figures and the shapes of its answers. */

/** The counters the dashboard shows, each with its daily difference. */
export const FIGURES = ['fans', 'views', 'likes', 'comments', 'videos'] as const
export type Figure = (typeof FIGURES)[number]
export type FigureDiff = `${Figure}_diff`
export type Sums = Record<Figure | FigureDiff, number>

/** One day and platform of the rollup (or of a creator scope's own snapshots). */
export type DailyRow = DayTotal

export interface MetricSummary {
  value: number
  diff: number
  growth: number | null
}

export interface DashboardOverview {
  latest_date: string | null
  range: DateRange
  platform: PlatformKey | null
  total_fans: number
  youtube_fans: number
  china_fans: number
  creators: { total: number } & Record<CreatorKind, number>
  active_platforms: { count: number; platforms: PlatformKey[] }
  yearly_growth: { fans_per_channel: number; rate: number | null; channels: number; days: number }
  total_views: number
  monthly_views_per_platform: { platform: PlatformKey; avg_monthly_views: number; months: number }[]
  total_uploads: number
  avg_monthly_uploads: number
  metrics: Record<(typeof HEADLINE_METRICS)[number], MetricSummary>
  last_run: RunJson | null
}

/** One creator's figures over a range (the list's item without its rank). */
export interface CreatorFigures extends CreatorRef {
  platforms: PlatformKey[]
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  likes_diff: number
  comments_diff: number
  growth: number | null
  ad_price_krw: number | null
}

interface DashboardListItem extends CreatorFigures {
  rank: number
}

export interface DashboardList {
  range: DateRange
  sort: DashboardSort
  order: 'desc' | 'asc'
  offset: number
  limit: number
  total: number
  has_more: boolean
  items: DashboardListItem[]
}

export interface PlatformTotal extends Sums {
  platform: PlatformKey
  accounts: number
  growth: number | null
}

export interface DashboardTotals {
  range: DateRange
  platforms: PlatformTotal[]
  total: Omit<PlatformTotal, 'platform'>
}

export interface DailySeriesRow extends Sums {
  date: string
}

export interface DashboardChart {
  range: DateRange
  series: DailySeriesRow[]
}

interface RankingItem extends CreatorRef {
  rank: number
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  growth: number | null
}

export interface DashboardRanking {
  period: 'week' | 'month'
  range: DateRange
  sort: 'fans' | 'views'
  items: RankingItem[]
}
