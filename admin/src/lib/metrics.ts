import type { RunPause } from '@shared/metrics'
import type {
  CollectionStatus,
  CollectionTrigger,
  CreatorCategory,
  CreatorKind,
  DashboardSort,
  Metric,
  PlatformKey,
  RankingPeriod,
} from '@shared/constants'

/**
 * Shapes of the dashboard, collection and metrics API that the dashboards,
 * the data center, the compare screens and the creator detail read: every
 * number is a JS number, dates are YYYY-MM-DD.
 */
export interface DateRange {
  start: string
  end: string
  days: number
}

/** What every list and ranking item carries. */
export interface CreatorRef {
  creator_id: number
  brand_no: string
  channel_name: string
  channel_name_zh: string | null
  kind: CreatorKind
  category: CreatorCategory | string | null
}

export interface RankedCreator extends CreatorRef {
  rank: number
  fans?: number
  fans_diff?: number
  views?: number
  views_diff?: number
  growth?: number | null
}

export interface ScoreItem extends CreatorRef {
  rank: number
  fans: number
  fans_diff: number
  views_diff: number
  fan_index: number | null
  view_index: number | null
  score: number
}

export interface GrowthSide {
  fans_start: number
  fans_end: number
  gained: number
  rate: number | null
}

/** GET /api/{brand}_dashboard_panel */
export interface DataCenterPanel {
  period: RankingPeriod
  range: DateRange
  platform: PlatformKey | null
  weekly_growth_top: RankedCreator[]
  monthly_views_top: RankedCreator[]
  monthly_fans_top: RankedCreator[]
  network: {
    fans_start: number
    fans_gained: number
    fans_growth: number | null
    views_gained: number
    creators: number
    mean_views_gained: number | null
  }
  score_ranking: ScoreItem[]
  growth_vs_youtube: {
    china: GrowthSide
    youtube: GrowthSide
    series: { date: string; china_rate: number | null; youtube_rate: number | null }[]
  }
}

/** GET /api/dashboard/category/platform */
export interface CategoryPanel {
  period: RankingPeriod
  range: DateRange
  categories: {
    category: string
    creators: number
    fans: number
    fans_diff: number
    views_diff: number
    growth: number | null
    share: number
  }[]
}

/** GET /api/dashboard/fans */
export interface FanTiers {
  platform: PlatformKey | null
  date: string | null
  tiers: { key: string; min: number; max: number | null; count: number }[]
}

/** GET /api/metrics/series */
export interface MetricSeries {
  range: DateRange
  granularity: Granularity
  mode: SeriesMode
  metrics: Metric[]
  creators: { creator_id: number; brand_no: string; channel_name: string }[]
  points: { date: string; creator_id: number | null; metric: Metric; value: number }[]
}

export type Granularity = 'day' | 'week' | 'month'
export type SeriesMode = 'value' | 'diff'

export interface PlatformFigures extends HeadlineFigures {
  platform: PlatformKey
  growth: number | null
  source?: string | null
  adapter?: string | null
}

/** GET /api/creator/dashboard/detail */
export interface CreatorDashboardDetail {
  creator_id: number
  range: DateRange
  platforms: PlatformFigures[]
  total: Omit<PlatformFigures, 'platform' | 'source' | 'adapter'>
}

/** GET /api/creator/chart/daily */
export interface CreatorDailyRow extends HeadlineFigures {
  date: string
  platform: PlatformKey
  shares: number
  danmaku: number
  coins: number
  videos: number
  videos_diff: number
  source: string
  adapter: string
}

export interface CreatorDaily {
  creator_id: number
  range: DateRange
  rows: CreatorDailyRow[]
}

/** GET /api/creator/chart/monthly */
export interface CreatorMonthly {
  creator_id: number
  months: (Gains & { month: string; videos_diff: number })[]
}

interface RunFailure {
  account_id: number
  creator_id: number
  platform: PlatformKey
  code: string
  message: string
}

/** A platform the per-platform breaker paused during a run (its accounts deferred). */
export type { RunPause }

/** One collection run (the daily 13:00 job, a resync, the CLI, a backfill or a retry). */
export interface CollectionRun {
  id: number
  snapshot_date: string
  platform: PlatformKey | null
  creator_ids: number[] | null
  trigger: CollectionTrigger
  status: CollectionStatus
  total: number
  processed: number
  succeeded: number
  failed: number
  skipped: number
  /** Accounts of a paused platform: not asked, retried later, not failed. */
  deferred: number
  /** Accounts collected whose videos could not be written. */
  videos_failed: number
  paused: RunPause[]
  duration_ms: number | null
  failures: RunFailure[]
  error: string | null
  started_at: string | null
  finished_at: string | null
  created_at: string
}

export type HeadlineMetric = 'fans' | 'likes' | 'views' | 'comments'

export interface MetricSummary {
  value: number
  diff: number
  growth: number | null
}

/** GET /api/{brand}_dashboard */
export interface DashboardOverview {
  latest_date: string | null
  range: DateRange
  platform: PlatformKey | null
  total_fans: number
  youtube_fans: number
  china_fans: number
  creators: { total: number; CR: number; IP: number; CH: number }
  active_platforms: { count: number; platforms: PlatformKey[] }
  yearly_growth: { fans_per_channel: number; rate: number | null; channels: number; days: number }
  total_views: number
  monthly_views_per_platform: { platform: PlatformKey; avg_monthly_views: number; months: number }[]
  total_uploads: number
  avg_monthly_uploads: number
  metrics: Record<HeadlineMetric, MetricSummary>
  last_run: CollectionRun | null
}

export interface RankingListItem extends CreatorRef, Gains {
  rank: number
  platforms: PlatformKey[]
  growth: number | null
  ad_price_krw: number | null
}

/** GET /api/dashboard/list */
export interface RankingListPage {
  range: DateRange
  sort: DashboardSort
  order: SortOrder
  offset: number
  limit: number
  total: number
  has_more: boolean
  items: RankingListItem[]
}

export type SortOrder = 'desc' | 'asc'

/** Fans, views, likes and comments with their gains: the figures every metric answer repeats. */
/** Fans and views with what they gained, and what likes and comments gained. */
export interface Gains {
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  likes_diff: number
  comments_diff: number
}

interface HeadlineFigures extends Gains {
  likes: number
  comments: number
}

export interface DailyRow extends HeadlineFigures {
  date: string
  videos: number
  videos_diff: number
}

/** GET /api/dashboard/chart/weekly */
export interface DailySeries {
  range: DateRange
  series: DailyRow[]
}

export interface PlatformTotalRow extends HeadlineFigures {
  platform: PlatformKey
  accounts: number
  videos: number
  videos_diff: number
  growth: number | null
}

/** GET /api/dashboard/total */
export interface PlatformTotals {
  range: DateRange
  platforms: PlatformTotalRow[]
  total: Omit<PlatformTotalRow, 'platform'>
}

export type RankingPeriodKind = 'week' | 'month'

export interface PeriodRankingItem extends CreatorRef {
  rank: number
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  growth: number | null
}

/** GET /api/dashboard/ranking/month */
export interface PeriodRanking {
  period: RankingPeriodKind
  range: DateRange
  sort: 'fans' | 'views'
  items: PeriodRankingItem[]
}
