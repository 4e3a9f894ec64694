/**
 * Outside videos (issue 29 "Outside videos"): how their growth windows are
 * read from the counters taken at each crawl, how they stand against the
 * agency's own videos of the same age, and the list's sorts and limits.
 * Shared by the API and the admin (`@shared/outside_videos`); keep it free
 * of Node-only imports.
 */
import { GROWTH_WINDOWS, GROWTH_LATE_AFTER_MINUTES } from './videos.js'

/** Sorts of the list: newest counters, views at a growth window, upload time, when added. */
export const OUTSIDE_VIDEO_SORTS = ['views', 'growth', 'published_at', 'created_at'] as const

/** The growth window the list shows and sorts by when none is named. */
export const OUTSIDE_DEFAULT_WINDOW = 24

/** Counters over time: at most this many of a video's newest points are read for its chart. */
export const OUTSIDE_POINTS_MAX = 2_000

/** A search reads at most this many videos whose title holds the words before weighing them. */
export const OUTSIDE_SEARCH_SCAN_MAX = 5_000

/** The comparison reads at most this many of the agency's newest measured videos per window. */
export const OUTSIDE_COMPARE_SAMPLE = 500

/**
 * A window read from a crawl:
 * - taken: a point within GROWTH_LATE_AFTER_MINUTES of the window;
 * - early / late: the nearest point came before / after that (its real age is shown);
 * - pending: no point yet, the video is still young enough for one;
 * - missed: no point near the window and the video is past it;
 * - undated: the platform gave no upload time, so no age is known.
 */
const OUTSIDE_WINDOW_STATUSES = ['taken', 'early', 'late', 'pending', 'missed', 'undated'] as const
export type OutsideWindowStatus = (typeof OUTSIDE_WINDOW_STATUSES)[number]

/**
 * The ages (hours since upload) a window reads its point from: half-way to
 * the windows beside it (the first window as far below as the gap above it,
 * the last as far above as the gap below), so that each point belongs to at
 * most one window — 6 h: [3, 9), 12 h: [9, 18), 24 h: [18, 36),
 * 48 h: [36, 54), 60 h: [54, 66).
 */
export function windowRange(hours: number): { from: number; to: number } {
  const windows = [...GROWTH_WINDOWS]
  const index = windows.indexOf(hours)
  if (index < 0) throw new Error(`${hours} h is not a growth window`)
  const previous = windows[index - 1]
  const next = windows[index + 1]
  const below = previous === undefined ? (next - hours) / 2 : (hours - previous) / 2
  const above = next === undefined ? (hours - previous) / 2 : (next - hours) / 2
  return { from: hours - below, to: hours + above }
}

/** A point of a video as the windows weigh it (age in hours since upload; null when unknown). */
interface AgedPoint {
  age_hours: number | null
}

/**
 * The point a window reads: among the points whose age falls in the
 * window's range, the one nearest the window (the earlier of two as near).
 * The list's growth sort reads the same point in SQL.
 */
export function windowPointOf<Point extends AgedPoint>(points: Point[], hours: number) {
  const { from, to } = windowRange(hours)
  let best: Point | null = null
  for (const point of points) {
    const age = point.age_hours
    if (age === null || age < from || age >= to) continue
    if (best === null) {
      best = point
      continue
    }
    const distance = Math.abs(age - hours)
    const bestDistance = Math.abs(best.age_hours! - hours)
    if (distance < bestDistance || (distance === bestDistance && age < best.age_hours!)) {
      best = point
    }
  }
  return best
}

/** What a window's point (or its absence) says, given the video's age now (null: no upload time). */
export function windowStatusOf(
  hours: number,
  pointAge: number | null,
  ageNow: number | null
): OutsideWindowStatus {
  if (ageNow === null) return 'undated'
  if (pointAge === null) return ageNow < windowRange(hours).to ? 'pending' : 'missed'
  const onTime = GROWTH_LATE_AFTER_MINUTES / 60
  if (pointAge > hours + onTime) return 'late'
  if (pointAge < hours - onTime) return 'early'
  return 'taken'
}

/**
 * The value at `share` (0…1) of sorted values, interpolated between the two
 * nearest ranks (Excel's QUARTILE.INC): [100, 200, 300, 400] has its first
 * quartile at 175, its median at 250, its third quartile at 325.
 */
export function quantile(sorted: number[], share: number): number | null {
  if (!sorted.length) return null
  const position = (sorted.length - 1) * share
  const lower = Math.floor(position)
  const upper = Math.ceil(position)
  const value = sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower)
  return Math.round(value * 10) / 10
}

/** Where a video stands among the agency's videos at a window: by quartile. */
const OUTSIDE_STANDINGS = ['top', 'upper', 'lower', 'bottom'] as const
export type OutsideStanding = (typeof OUTSIDE_STANDINGS)[number]

export function standingOf(
  value: number,
  quartiles: { p25: number; median: number; p75: number }
): OutsideStanding {
  if (value >= quartiles.p75) return 'top'
  if (value >= quartiles.median) return 'upper'
  if (value >= quartiles.p25) return 'lower'
  return 'bottom'
}

/** One growth window of an outside video, as GET /api/outside_videos/:id answers it. */
export interface OutsideWindowJson {
  window_hours: number
  status: OutsideWindowStatus
  /** Upload time + the window (null without an upload time). */
  due_at: string | null
  taken_at: string | null
  /** The real age of the point read (hours since upload). */
  age_hours: number | null
  views: number | null
  likes: number | null
  comments: number | null
  shares: number | null
  /** Views gained since the previous window read (null when either is missing). */
  views_gain: number | null
}

/** The agency's own videos of the same platform at one window, and this video among them. */
export interface OutsideComparisonJson {
  window_hours: number
  /** Managed videos measured at this window (the newest OUTSIDE_COMPARE_SAMPLE). */
  videos: number
  p25: number | null
  median: number | null
  p75: number | null
  /** This video's views at the window (null when not read). */
  views: number | null
  /** Share (0–100) of those videos with fewer views than this one. */
  percentile: number | null
  standing: OutsideStanding | null
}
