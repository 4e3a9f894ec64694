import type {
  CreatorCategory,
  CreatorKind,
  Metric,
  PlatformKey,
  RankingPeriod,
} from '@shared/constants'
import type { HeadlineFigures } from '../dashboard/types'

/** Shapes of the metrics API (contract of issue 4); every number is a JS number, dates are YYYY-MM-DD. */

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
  months: {
    month: string
    fans: number
    fans_diff: number
    views: number
    views_diff: number
    likes_diff: number
    comments_diff: number
    videos_diff: number
  }[]
}
