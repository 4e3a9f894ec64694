/**
 * Videos (SPEC §2 'Video Dashboard', 'GrowthHacking Board', 'Video Compare',
 * §9): the counters every video keeps, the growth-hacking windows, the view
 * tiers and the limits the API and the admin share. Keep it free of
 * Node-only imports (the admin imports it through `@shared/videos`).
 */
import { GROWTH_HACK_WINDOWS_HOURS, VIEW_TIERS } from './constants.js'

/** The counters of a video, in display order (favorites are the platforms' "saves"). */
export const VIDEO_METRICS = [
  'views',
  'likes',
  'comments',
  'favorites',
  'shares',
  'danmaku',
  'coins',
] as const
export type VideoMetric = (typeof VIDEO_METRICS)[number]

/** Hours after upload at which a new video is measured (SPEC §9). */
export const GROWTH_WINDOWS = GROWTH_HACK_WINDOWS_HOURS
/** A video is "new" (gets growth-hacking windows) when first seen within this many hours of upload. */
export const GROWTH_NEW_VIDEO_HOURS = Math.max(...GROWTH_HACK_WINDOWS_HOURS)

/** pending: not due yet; taken: measured on time; late: measured after its window (real age kept); missed: the video was gone. */
const GROWTH_POINT_STATUSES = ['pending', 'taken', 'late', 'missed'] as const
export type GrowthPointStatus = (typeof GROWTH_POINT_STATUSES)[number]

/**
 * A window measured more than this long after it was due counts as late
 * (the job's own delay and a busy queue stay under it).
 */
export const GROWTH_LATE_AFTER_MINUTES = 30

/**
 * A word search counts its matches up to this many: a list's total of
 * VIDEO_SEARCH_COUNT_CAP + 1 means "more than that" (shown as "10,000+"),
 * so that a common word does not count a hundred thousand videos for a
 * figure nobody pages through.
 */
export const VIDEO_SEARCH_COUNT_CAP = 10_000

/** Views tiers of SPEC §9 (10k … 5M). */
export const VIDEO_VIEW_TIERS = VIEW_TIERS

/** Index of the highest tier a view count has reached, -1 below the first. */
export function viewTierOf(views: number) {
  let tier = -1
  VIDEO_VIEW_TIERS.forEach((threshold, index) => {
    if (views >= threshold) tier = index
  })
  return tier
}

/** At most this many videos side by side in the video compare. */
export const VIDEO_COMPARE_MAX = 5
/** Rapid-rise and monthly top lists. */
export const VIDEO_TOP_SIZE = 10
/** Suggestions returned for a search prefix. */
export const VIDEO_SUGGEST_MAX = 10

/** Sorts of the video lists. */
export const VIDEO_SORTS = [
  'published_at',
  'views',
  'likes',
  'comments',
  'favorites',
  'shares',
  'views_week',
  'views_month',
] as const

/** Length limits of what the platforms send (longer values are cut, not refused). */
export const VIDEO_FIELD_MAX = {
  platformVideoId: 64,
  title: 500,
  category: 60,
  url: 1000,
  tags: 2000,
} as const
