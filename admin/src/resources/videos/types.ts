import type { PlatformKey } from '@shared/constants'
import type { GrowthPointStatus, VideoMetric } from '@shared/videos'

/** The counters of a video (api/services/videos/video_presenter.ts). */
export type VideoCounters = Record<VideoMetric, number>

/** A video as GET /api/videos and the dashboard's cards answer it. */
export interface VideoRow extends VideoCounters {
  id: number
  platform: PlatformKey
  platform_video_id: string
  title: string
  tags: string[]
  category: string | null
  published_at: string | null
  duration_s: number | null
  thumbnail_url: string | null
  url: string | null
  views_week: number
  views_month: number
  tier: number
  source: string
  deleted_on: string | null
  last_seen_at: string | null
  account_id: number
  creator: { id: number; brand_no: string | null; channel_name: string | null }
  /** Only on the rate list of the dashboard. */
  rate?: number
}

export interface VideoDashboardData {
  weekly_top: VideoRow[]
  weekly_rate_top: VideoRow[]
  monthly_top: VideoRow[]
  favorites_top: VideoRow[]
  shares_top: VideoRow[]
  recent: VideoRow[]
  tiers: { tier: number; min: number; max: number | null; videos: number }[]
  total: number
}

export interface VideoPoint extends VideoCounters {
  date: string
  collected_at: string | null
  age_hours: number | null
  source: string
}

export interface VideoDetailData {
  video: VideoRow
  series: VideoPoint[]
}

export interface Suggestions {
  words: { word: string; videos: number; views: number }[]
  titles: { id: number; title: string; views: number }[]
}

export interface ComparePoint extends VideoCounters {
  age_hours: number
  kind: 'daily' | 'window'
  at: string | null
}

export interface VideoComparison {
  videos: { video: VideoRow; points: ComparePoint[] }[]
  table: { hours: number; values: (VideoCounters | null)[] }[]
}

/** GET /api/videos/:id/growth (the growth-hacking windows and the creator's median). */
export interface VideoGrowth {
  points: ({
    window_hours: number
    status: GrowthPointStatus
    due_at: string
    taken_at: string | null
    age_hours: number | null
  } & Partial<Record<VideoMetric, number | null>>)[]
  median: ({ window_hours: number; videos: number } & Partial<Record<VideoMetric, number | null>>)[]
  flags: { window_hours: number; metric: string; flag: 'out' | 'under'; ratio: number }[]
}

/** The list's filters, as GET /api/videos reads them. */
export interface VideoFilters {
  platform?: PlatformKey
  creator_id?: number
  team?: string
  category?: string
  published_from?: string
  published_to?: string
  tier?: number
  q?: string
  deleted?: boolean
}
