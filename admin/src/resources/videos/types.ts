import type { PlatformKey } from '@shared/constants'
import type { GrowthPointStatus, VideoMetric } from '@shared/videos'
import type {
  ComparePointJson,
  SuggestionsJson,
  VideoComparisonJson,
  VideoCounters as Counters,
  VideoDashboardJson,
  VideoDetailJson,
  VideoJson,
} from '@shared/video_api'

/* The video endpoints' answers (api/shared/video_api.ts), as the screens name them. */

export type VideoCounters = Counters
/** A video of a list or card (`rate` only on the dashboard's rate list). */
export type VideoRow = VideoJson & { rate?: number }
export type VideoDashboardData = VideoDashboardJson
export type VideoDetailData = VideoDetailJson
export type Suggestions = SuggestionsJson
export type ComparePoint = ComparePointJson
export type VideoComparison = VideoComparisonJson

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
