import type { PlatformKey } from '@shared/constants'
import type { OutsideState, OutsideVideoOrigin } from '@shared/outside'
import type { OutsideComparisonJson, OutsideWindowJson } from '@shared/outside_videos'

/** A row of GET /api/outside_videos (and the head of the detail). */
export interface OutsideVideoRow {
  id: number
  origin: OutsideVideoOrigin
  platform: PlatformKey
  platform_video_id: string
  title: string
  channel_name: string | null
  url: string | null
  thumbnail_url: string | null
  published_at: string | null
  duration_s: number | null
  views: number
  likes: number
  comments: number
  favorites: number
  shares: number
  danmaku: number
  coins: number
  state: OutsideState
  crawling: boolean
  next_run_at: string | null
  last_seen_at: string | null
  created_at: string | null
  window_views?: number | null
  outside_creator: { id: number; name: string; uid: string; platform: PlatformKey } | null
}

interface OutsidePoint {
  taken_at: string
  age_hours: number | null
  views: number
  likes: number
  comments: number
  shares: number
}

interface OutsideRun {
  id: number
  trigger: string
  status: 'running' | 'succeeded' | 'failed' | 'deferred'
  started_at: string
  finished_at: string | null
  duration_ms: number | null
  views: number | null
  error_code: string | null
  error_message: string | null
}

/** GET /api/outside_videos/:id */
export interface OutsideVideoDetailData extends OutsideVideoRow {
  points: OutsidePoint[]
  windows: OutsideWindowJson[]
  runs: OutsideRun[]
}

/** GET /api/outside_videos/:id/comparison */
export interface OutsideComparisonData {
  id: number
  platform: PlatformKey
  windows: OutsideComparisonJson[]
}
