/**
 * The JSON shapes of the video endpoints (GET /api/videos, dashboard,
 * detail, suggestions, compare), written once for the API's presenters and
 * the admin's screens (`@shared/video_api`). Types only.
 */
import type { PlatformKey } from './constants.js'
import type { VideoMetric } from './videos.js'

export type VideoCounters = Record<VideoMetric, number>

/** A video as lists, cards and the detail show it. */
export interface VideoJson extends VideoCounters {
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
  /** Index into VIDEO_VIEW_TIERS of the highest tier reached, -1 below 10k. */
  tier: number
  source: string
  deleted_on: string | null
  last_seen_at: string | null
  account_id: number
  creator: { id: number; brand_no: string | null; channel_name: string | null }
}

/** One day of a video's series. */
export interface VideoPointJson extends VideoCounters {
  date: string
  collected_at: string | null
  /** Hours between the upload and the reading (null without an upload time). */
  age_hours: number | null
  source: string
}

/** A weekly riser by rate: views_week ÷ the views before the week. */
export interface RateRiserJson extends VideoJson {
  rate: number
}

export interface VideoDashboardJson {
  weekly_top: VideoJson[]
  weekly_rate_top: RateRiserJson[]
  monthly_top: VideoJson[]
  favorites_top: VideoJson[]
  shares_top: VideoJson[]
  recent: VideoJson[]
  /** Videos per views bucket: [10k, 50k), [50k, 100k) … [5M, ∞). */
  tiers: { tier: number; min: number; max: number | null; videos: number }[]
  /** Videos matching the filters (every tier, below 10k too). */
  total: number
}

export interface VideoDetailJson {
  video: VideoJson
  series: VideoPointJson[]
}

export interface SuggestionsJson {
  words: { word: string; videos: number; views: number }[]
  titles: { id: number; title: string; views: number }[]
}

export interface ComparePointJson extends VideoCounters {
  age_hours: number
  /** daily: a daily snapshot; window: a growth-hacking window (taken or late). */
  kind: 'daily' | 'window'
  at: string | null
}

export interface CompareRowJson {
  hours: number
  /** Per video (in the asked order): its counters at its last reading at or before `hours`, null when none or when it is not that old. */
  values: (VideoCounters | null)[]
}

export interface VideoComparisonJson {
  videos: { video: VideoJson; points: ComparePointJson[] }[]
  table: CompareRowJson[]
}
