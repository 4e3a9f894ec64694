import type { PlatformKey } from '@shared/constants'
import type { Gains } from '../../lib/metrics'
import type {
  KeywordLanguage,
  PendingReason,
  TrackingMode,
  TrackingPeriod,
  TrackingSort,
  TrackingTab,
} from '@shared/tracking'

/** One creator of GET /api/creator/v2/. */
export interface TrackingRow {
  creator_id: number
  brand_no: string
  channel_name: string
  channel_name_zh: string | null
  kind: string
  category: string
  platforms: PlatformKey[]
  fans: number
  views: number
  fans_diff: number
  views_diff: number
  fans_rate: number | null
  views_rate: number | null
  increase_fans: number | null
  increase_views: number | null
  week_rank: number | null
  month_rank: number | null
  favorite: boolean
  pending: number
}

export interface TrackingList {
  items: TrackingRow[]
  total: number
  tab: TrackingTab
  sort: TrackingSort
  order: 'asc' | 'desc'
  mode: TrackingMode
  period: TrackingPeriod
  range: { start: string; end: string; days: number }
}

export interface Milestone {
  tier: number
  reached_on: string | null
  fans: number | null
  before_history: boolean
}

/** One day of the creator's history, summed over its platforms. */
export interface DailyRecord extends Gains {
  date: string
  videos_diff: number
}

export interface PendingItem {
  id: number
  platform: PlatformKey
  uid: string | null
  channel_name: string | null
  reasons: PendingReason[]
  collect_error_code: string | null
  collect_error_detail: string | null
  last_collected_at: string | null
  collect_failed_at: string | null
}

/** GET /api/creator-tracking/:id */
export interface TrackingDetail {
  creator: {
    id: number
    brand_no: string
    channel_name: string
    channel_name_zh: string | null
    kind: string
    category: string
    total_fans: number
  }
  milestones: Milestone[]
  first_day: string | null
  daily: DailyRecord[]
  platforms: {
    range: { start: string; end: string }
    items: {
      platform: PlatformKey
      fans: number
      views: number
      fans_diff: number
      views_diff: number
      fans_share: number | null
      views_share: number | null
    }[]
    total: { fans: number; views: number }
  }
  keywords: { titles: number; words: { word: string; count: number; language: KeywordLanguage }[] }
  pending: PendingItem[]
}
