/**
 * The growth-hacking board (SPEC §2 'GrowthHacking Board', §9): how the
 * windows are swept, how a creator's median is formed and how a video is
 * flagged against it. Shared by the API and the admin (`@shared/growth`);
 * keep it free of Node-only imports.
 */
import type { GrowthPointStatus, VideoMetric } from './videos.js'

/** The sweep takes pending windows at least this long past due (the delayed job had its chance). */
export const GROWTH_SWEEP_GRACE_MINUTES = 10
/** How often the sweep runs (cron), and the discovery pass of new uploads. */
export const GROWTH_SWEEP_CRON = '*/10 * * * *'
export const GROWTH_DISCOVERY_CRON = '5 * * * *'
/** A window still pending this long after it was due is given up (marked missed). */
export const GROWTH_GIVE_UP_HOURS = 48
/** A creator's median is read over at most this many of its previous videos per window. */
export const GROWTH_MEDIAN_VIDEOS = 30
/** Fewer previous videos than this at a window: no median, no flag. */
export const GROWTH_MEDIAN_MIN_VIDEOS = 3
/** The counter a video is flagged on. */
export const GROWTH_FLAG_METRIC: VideoMetric = 'views'

/** out: at or above the surge multiple of the median; under: at or below the under ratio. */
const GROWTH_FLAGS = ['out', 'under'] as const
export type GrowthFlagKind = (typeof GROWTH_FLAGS)[number]

/** The board's filter: a flag, or videos without one. */
export const GROWTH_BOARD_FLAG_FILTERS = ['out', 'under', 'none'] as const

/** The board lists videos uploaded in the last `days` (default, limits). */
export const GROWTH_BOARD_DAYS = { default: 7, min: 1, max: 30 } as const
/** At most this many videos are weighed when the board filters by flag. */
export const GROWTH_BOARD_FLAG_SCAN_MAX = 5_000

/** Counters at a window (null while pending or missed, or for a median without videos). */
export type GrowthCounters = Record<VideoMetric, number | null>

/** One growth-hacking window of a video, as GET /api/videos/:id/growth answers it. */
export type GrowthPointJson = {
  window_hours: number
  status: GrowthPointStatus
  due_at: string | null
  taken_at: string | null
  /** Hours since upload when measured (a late window keeps its real age). */
  age_hours: number | null
} & GrowthCounters

/** The creator's median at a window over `videos` previous videos. */
export type WindowMedian = { window_hours: number; videos: number } & GrowthCounters

/** A measured window against the median: out (≥ surge multiple) or under (≤ under ratio). */
export interface GrowthFlag {
  window_hours: number
  metric: string
  flag: GrowthFlagKind
  value: number
  median: number
  ratio: number
  videos: number
}

/** A video's growth: its windows, its creator's median and its flags. */
export interface GrowthJson {
  points: GrowthPointJson[]
  median: WindowMedian[]
  flags: GrowthFlag[]
}

/** The middle value (mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
