/*
| Outside tracking (SPEC §2 "Outside creators", §3 "Outside crawl task", §4,
| §5, §9; issue 29): creators and videos the agency does not manage, read on
| a schedule of their own. Both sides (validators, scheduler, admin) read
| these.
*/

/** SPEC §4: an outside creator's crawl task is running or stopped. */
export const OUTSIDE_STATES = ['running', 'stopped'] as const
export type OutsideState = (typeof OUTSIDE_STATES)[number]

/** Why the agency tracks it (a label for the list and its filter). */
export const OUTSIDE_PURPOSES = ['prospect', 'competitor', 'benchmark', 'other'] as const
export type OutsidePurpose = (typeof OUTSIDE_PURPOSES)[number]

/**
 * What a missed scraping slot does (per hour of the day, with a default):
 * run once late, skip it, or catch up every missed slot one by one.
 */
export const REPLAY_STRATEGIES = ['late', 'skip', 'catch_up'] as const
export type ReplayStrategy = (typeof REPLAY_STRATEGIES)[number]

/** SPEC §5, §9: scraping minutes end in 0 or 5. */
export const CRAWL_MINUTE_STEP = 5
/** 'HH:MM' with a minute ending in 0 or 5 (SPEC §5 "Outside crawl"). */
const CRAWL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5][05]$/
export function isCrawlTime(value: string) {
  return CRAWL_TIME_PATTERN.test(value)
}

export const OUTSIDE_LIMITS = {
  /** Parking interval: days between crawl days (1 = every day). */
  intervalDaysMax: 30,
  /** Hours between crawls on a crawl day (0 = only the custom times). */
  intervalHoursMax: 24,
  /** Custom scraping times per task. */
  customTimesMax: 24,
  /** Links or uids in one bulk add. */
  bulkMax: 200,
  uidMax: 100,
  nameMax: 120,
  noteMax: 500,
  urlMax: 500,
} as const

/** How a crawl came about. */
const CRAWL_TRIGGERS = ['schedule', 'late', 'catch_up', 'manual'] as const
export type CrawlTrigger = (typeof CRAWL_TRIGGERS)[number]

/** How a crawl ended: read, failed (with its reason) or deferred by the platform's brake. */
const CRAWL_RUN_STATUSES = ['running', 'succeeded', 'failed', 'deferred'] as const
export type CrawlRunStatus = (typeof CRAWL_RUN_STATUSES)[number]

/** A tracked video: from an outside creator's uploads (auto new-video crawl) or added by its link. */
export const OUTSIDE_VIDEO_ORIGINS = ['creator', 'link'] as const
export type OutsideVideoOrigin = (typeof OUTSIDE_VIDEO_ORIGINS)[number]
