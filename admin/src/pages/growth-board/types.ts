import type { PlatformKey } from '@shared/constants'
import type { GrowthFlagKind } from '@shared/growth'
import type { GrowthPointStatus, VideoMetric } from '@shared/videos'

/** One growth-hacking window (GET /api/videos/:id/growth `points`). */
export type GrowthPoint = {
  window_hours: number
  status: GrowthPointStatus
  due_at: string | null
  taken_at: string | null
  age_hours: number | null
} & Record<VideoMetric, number | null>

/** The creator's median at a window over `videos` previous videos. */
export type WindowMedian = { window_hours: number; videos: number } & Record<
  VideoMetric,
  number | null
>

export interface GrowthFlag {
  window_hours: number
  metric: string
  flag: GrowthFlagKind
  value: number
  median: number
  ratio: number
  videos: number
}

/** A video's growth: exactly what GET /api/videos/:id/growth answers. */
export interface Growth {
  points: GrowthPoint[]
  median: WindowMedian[]
  flags: GrowthFlag[]
}

/** One row of GET /api/growth-board. */
export interface BoardRow {
  id: number
  platform: PlatformKey
  title: string
  published_at: string | null
  deleted_on: string | null
  url: string | null
  views: number
  creator: { id: number; brand_no: string | null; channel_name: string | null }
  growth: Growth
}
