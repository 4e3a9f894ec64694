import type {
  CollectionStatus,
  CollectionTrigger,
  CreatorKind,
  DashboardSort,
  PlatformKey,
} from '@shared/constants'

/** Shapes of the dashboard and collection API (issue 4 team contract). */

export interface DateRange {
  start: string
  end: string
  days: number
}

export interface RunFailure {
  account_id: number
  creator_id: number
  platform: PlatformKey
  code: string
  message: string
}

/** One collection run (the daily 13:00 job, a resync, the CLI or a backfill). */
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

/** What every ranking row names. */
export interface CreatorRef {
  creator_id: number
  brand_no: string
  channel_name: string
  channel_name_zh: string | null
  kind: CreatorKind
  category: string
}

export interface RankingListItem extends CreatorRef {
  rank: number
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
export interface HeadlineFigures {
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  likes: number
  likes_diff: number
  comments: number
  comments_diff: number
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
