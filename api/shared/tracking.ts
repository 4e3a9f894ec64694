/**
 * Creator tracking (SPEC §2 'Creator Tracking', §9): the list's tabs, sorts,
 * the increase switch (count or rate), the windows and the limits the API's
 * validators and the admin share. Keep it free of Node-only imports (the
 * admin imports it through `@shared/tracking`).
 */
import { FOLLOWER_TIERS, WEEK_MONTH_DAYS } from './constants.js'

/** fav: the user's favourite creators; all: every creator the user may see. */
export const TRACKING_TABS = ['fav', 'all'] as const
export type TrackingTab = (typeof TRACKING_TABS)[number]

/**
 * growth: fans gained in the period (by count or rate, as the switch says);
 * fans and views: the newest totals; week_rank and month_rank: the place by
 * fans gained over 7 and 30 days (1 = most).
 */
export const TRACKING_SORTS = ['growth', 'fans', 'views', 'week_rank', 'month_rank'] as const
export type TrackingSort = (typeof TRACKING_SORTS)[number]

/** Whether the increase reads as a count (+1,234) or a rate (+2.1 %). */
export const TRACKING_MODES = ['count', 'rate'] as const
export type TrackingMode = (typeof TRACKING_MODES)[number]

/** The period the increase covers. */
export const TRACKING_PERIODS = WEEK_MONTH_DAYS
export type TrackingPeriod = keyof typeof TRACKING_PERIODS

export const TRACKING_ORDERS = ['asc', 'desc'] as const

export const TRACKING_PAGE_SIZE = 20
export const TRACKING_PAGE_MAX = 100
/** Most characters of the list's name search. */
export const TRACKING_QUERY_MAX = 100

/** Days of the detail's daily records. */
export const TRACKING_DAILY_DAYS = 14
/** Words of the keyword cloud, and the newest titles it reads. */
export const TRACKING_KEYWORDS_MAX = 60
export const TRACKING_KEYWORD_TITLES = 500

/** The fan tiers whose crossing the milestones date (SPEC §9). */
export const MILESTONE_TIERS = FOLLOWER_TIERS

/** Why an account is a pending item: never collected, its login fails, or its last collection failed. */
const PENDING_REASONS = ['never_collected', 'token', 'cookie', 'collect'] as const
export type PendingReason = (typeof PENDING_REASONS)[number]

/** The languages the keyword cloud tells apart. */
const KEYWORD_LANGUAGES = ['zh', 'ja', 'ko', 'en'] as const
export type KeywordLanguage = (typeof KEYWORD_LANGUAGES)[number]
