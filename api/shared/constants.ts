/**
 * Business constants and limits of SPEC §1 and §9, defined once. The API's
 * validators and the admin's forms both import this file, so a limit cannot
 * drift between the two. Keep it free of Node-only imports.
 */

export const VERSION_LABEL = '1.3.1'

/** Status codes carried in response bodies (SPEC §4, §7, §8). */
export const API_STATUS = {
  OK: 0,
  LOGIN_FAILED: 1,
  ACCOUNT_PENDING: 2,
  ACCOUNT_DISABLED: 3,
  IP_NOT_REGISTERED: -1,
  TOKEN_EXPIRED: -101,
} as const

export const LIMITS = {
  emailMax: 255,
  passwordMax: 255,
  passwordMin: 8,
  nameMax: 100,
  phoneMax: 30,
  /** A register code admits a staff sign-up: long enough not to be guessed in the sign-up limit. */
  registerCodeMin: 8,
  registerCodeMax: 64,
  tagsMax: 10,
  titleMax: { bilibili: 30, default: 80 },
  detailMax: { bilibili: 100, default: 250, long: 400 },
} as const

/** Dialogs close after the backdrop's 500 ms transition; at most 3 snackbars show at once. */
export const DIALOG_BACKDROP_TIMEOUT_MS = 500
export const MAX_SNACKBARS = 3

/** Data refreshes daily at 13:00 and reflects the 12 hours before. */
export const DATA_REFRESH_HOUR = 13

export const HEADLINE_PAGE_SIZE = 20
export const DEFAULT_WEEK_RANGE_DAYS = 7

export const FOLLOWER_TIERS = [
  1_000, 5_000, 10_000, 30_000, 50_000, 100_000, 300_000, 500_000, 1_000_000,
]
export const VIEW_TIERS = [10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000]
export const GROWTH_HACK_WINDOWS_HOURS = [6, 12, 24, 48, 60]
export const RANKING_PERIODS = ['1w', '1m', '3m'] as const

/** Token renewal (days) and cookie recheck interval (SPEC §4, §9). */
export const TOKEN_RENEWAL_DAYS = { xigua: 30, douyin: 90 } as const
export const COOKIE_RECHECK_DAYS = 30

/**
 * The interface languages. `code` is what the admin stores and shows on its
 * buttons (kr, ch, en, jp); `locale` is the BCP 47 tag the API and i18next use.
 */
export const LANGUAGES = [
  { code: 'kr', locale: 'ko', label: '한국어' },
  { code: 'ch', locale: 'zh', label: '中文' },
  { code: 'en', locale: 'en', label: 'English' },
  { code: 'jp', locale: 'ja', label: '日本語' },
] as const
export type LanguageCode = (typeof LANGUAGES)[number]['code']
export type Locale = (typeof LANGUAGES)[number]['locale']
export const DEFAULT_LANGUAGE: LanguageCode = 'en'
export const LOCALES = LANGUAGES.map((language) => language.locale) as Locale[]

/** The teams of SPEC §1, in display order. Labels live under `enum.team.<key>`. */
export const TEAMS = [
  'operations',
  'cp1',
  'cp2',
  'cp3',
  'cp4',
  'ch1',
  'ch2',
  'ch3',
  'contents_creative',
  'shortform',
  'cooperation',
  'business',
  'developer',
] as const
export type TeamKey = (typeof TEAMS)[number]

/** `finance`: a staff member who also sees and settles money (monthly settlement). */
export const ROLES = ['admin', 'manager', 'staff', 'finance', 'creator', 'company'] as const
export type Role = (typeof ROLES)[number]

export const ACCOUNT_TYPES = ['staff', 'creator', 'company'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const USER_STATUSES = ['pending', 'active', 'rejected', 'disabled'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const SEXES = ['female', 'male', 'other'] as const

/** The 12 platforms of SPEC §1. */
export const PLATFORMS = [
  'xigua',
  'bilibili',
  'haokan',
  'weibo',
  'douyin',
  'kwai',
  'tencent',
  'iqiyi',
  'netease',
  'xiaohongshu',
  'wechat_channels',
  'youtube',
] as const
export type PlatformKey = (typeof PLATFORMS)[number]

/** Register codes are all capitals (digits and dashes allowed). */
export const REGISTER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]*$/
/** Phone numbers accept digits only. */
export const PHONE_PATTERN = /^[0-9]+$/

/* ------------------------------------------------------------------ */
/* Creators (SPEC §3 "Creator / IP", §4, §5 "Creator")                 */
/* ------------------------------------------------------------------ */

/** CR creator, IP brand, CH channel — the three counts of the creator list. */
export const CREATOR_KINDS = ['CR', 'IP', 'CH'] as const
export type CreatorKind = (typeof CREATOR_KINDS)[number]

export const CREATOR_CATEGORIES = [
  'beauty',
  'fashion',
  'food',
  'travel',
  'vlog',
  'game',
  'music',
  'dance',
  'education',
  'tech',
  'pets',
  'comedy',
  'sports',
  'kids',
  'culture',
  'other',
] as const
export type CreatorCategory = (typeof CREATOR_CATEGORIES)[number]

export const CONTRACT_STATUSES = ['valid', 'terminated'] as const
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]

export const GENDERS = ['female', 'male', 'other'] as const

/** Platforms whose token, cookie and uid are set in the creator form's own tab (SPEC §2). */
export const TOKEN_PLATFORMS = ['haokan', 'bilibili', 'xigua', 'weibo', 'douyin'] as const

/** Platform token and cookie status: 0 connected, 1 cannot access (SPEC §4). */
export const ACCESS_STATUS = { CONNECTED: 0, CANNOT_ACCESS: 1 } as const

/** Cookies may be entered from 1 day after the token connected (SPEC §4). */
export const COOKIE_AFTER_TOKEN_DAYS = 1
/** Tokens and cookies about to lapse within this many days show as warnings. */
export const EXPIRY_WARNING_DAYS = 7

/** A creator counts as new in the list for this many days after being added. */
export const NEW_CREATOR_DAYS = 30

/** Ad price formats (what the dashboard's 'ad price' sort and the market store use). */
export const AD_FORMATS = ['dedicated', 'integration', 'shorts', 'live', 'post'] as const
export const CURRENCIES = ['KRW', 'CNY', 'USD'] as const

/**
 * Private data levels (SPEC §2 "Document issuing" info tabs): L1 contact,
 * L2 identity, L3 settlement. Values are encrypted at rest and masked in
 * every response until the user enters their security code.
 */
export const PRIVATE_LEVELS = {
  L1: ['phone', 'email', 'address'],
  L2: ['birth_date', 'passport_name', 'passport_no'],
  L3: ['bank_name', 'bank_account', 'tax_payer_name'],
} as const
export type PrivateLevel = keyof typeof PRIVATE_LEVELS
export type PrivateField = (typeof PRIVATE_LEVELS)[PrivateLevel][number]

/** How long revealed private data stays visible before it is masked again. */
export const REVEAL_SECONDS = 300

/** Personal security codes: 6 to 12 digits. */
export const SECURITY_CODE_PATTERN = /^[0-9]{6,12}$/

/** Audience portrait dimensions (SPEC §2 Creator detail). */
export const PORTRAIT_DIMENSIONS = ['sex', 'age', 'region', 'device', 'partition', 'label'] as const
export type PortraitDimension = (typeof PORTRAIT_DIMENSIONS)[number]
export const PORTRAIT_AUDIENCES = ['fans', 'non_fans'] as const

/**
 * Field limits of the creator form (SPEC §3, §5), shared by the API's
 * validators and the admin's form.
 */
export const CREATOR_LIMITS = {
  brandNoMax: 32,
  contractNoMax: 64,
  contractorNameMax: 100,
  channelNameMax: 150,
  textMax: 2000,
  urlMax: 255,
  addressMax: 255,
  nameMax: 100,
  passportNoMax: 20,
  bankAccountMax: 40,
  companyRefMax: 100,
  minMonthlyVideosMax: 1000,
  uidMax: 64,
  tokenMax: 4096,
  cookieMax: 30_000,
  memoMax: 2000,
  pricesMax: 60,
  priceMax: '999999999999.99',
} as const

/* ------------------------------------------------------------------ */
/* Metrics (SPEC §3 "Metrics", §9)                                     */
/* ------------------------------------------------------------------ */

/** The counters every snapshot carries; each also has a `<metric>_diff` to the day before. */
export const METRICS = [
  'fans',
  'views',
  'likes',
  'comments',
  'shares',
  'danmaku',
  'coins',
  'forwards',
  'recommends',
  'videos',
] as const
export type Metric = (typeof METRICS)[number]

/** The four the dashboards lead with (SPEC §1). */
export const HEADLINE_METRICS = ['fans', 'likes', 'views', 'comments'] as const

/**
 * How a snapshot's values were obtained. `carried`: the day's collection of
 * the account failed, so its last known values stand in (differences 0) and
 * the network's totals do not dip; a later successful resync of the day
 * replaces the row. `imported`: read from the platform's own creator-center
 * export that staff uploaded; an import never replaces a collected day
 * (COLLECTED_SOURCES). `outside`: moved from outside tracking when the
 * outside creator or video was connected to a managed one (the row carries
 * the connect's id; only days the account or video did not hold).
 */
const SNAPSHOT_SOURCES = [
  'official',
  'scraped',
  'simulated',
  'carried',
  'imported',
  'outside',
] as const
export type SnapshotSource = (typeof SNAPSHOT_SOURCES)[number]
/** The sources of a day an adapter collected: an export import keeps such a day. */
export const COLLECTED_SOURCES: readonly SnapshotSource[] = ['official', 'scraped']

/**
 * Collection runs: who started them ('retry': the follow-up of a run that
 * deferred a paused platform's accounts) and where they are.
 */
const COLLECTION_TRIGGERS = ['schedule', 'manual', 'cli', 'backfill', 'retry'] as const
export type CollectionTrigger = (typeof COLLECTION_TRIGGERS)[number]
const COLLECTION_STATUSES = ['queued', 'running', 'finished', 'failed'] as const
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number]

/** Per-account collection state: 0 collected, 1 the last collection failed. */
export const COLLECT_STATUS = { OK: 0, FAILED: 1 } as const

/** The platform dashboards of SPEC §2 (/app/platform_<key>) and the platform each shows. */
export const PLATFORM_DASHBOARD_KEYS = {
  bili: 'bilibili',
  haokan: 'haokan',
  iqiyi: 'iqiyi',
  kwai: 'kwai',
  tencent: 'tencent',
  tiktok: 'douyin',
  wang: 'netease',
  weibo: 'weibo',
  xigua: 'xigua',
  yang: 'youtube',
} as const satisfies Record<string, PlatformKey>

/** Ranking periods (SPEC §9) in days. */
export const RANKING_PERIOD_DAYS = { '1w': 7, '1m': 30, '3m': 90 } as const
export type RankingPeriod = keyof typeof RANKING_PERIOD_DAYS
/** A week or a month by name, with its length in days (the dashboard's ranking, tracking's increase). */
export const WEEK_MONTH_DAYS = {
  week: RANKING_PERIOD_DAYS['1w'],
  month: RANKING_PERIOD_DAYS['1m'],
} as const

/** What the dashboard's creator ranking sorts by (SPEC §2 Dashboard). */
export const DASHBOARD_SORTS = ['views', 'fans', 'ad_price'] as const
export type DashboardSort = (typeof DASHBOARD_SORTS)[number]

/** Rows per page of the dashboard's infinite ranking list, and its cap. */
export const DASHBOARD_PAGE_SIZE = 20
export const DASHBOARD_PAGE_MAX = 100

/**
 * Reference rates that put ad prices of different currencies on one scale
 * (KRW) for sorting; shown prices keep their own currency.
 */
export const REFERENCE_KRW_RATES = { KRW: 1, CNY: 190, USD: 1380 } as const

/** Fan tiers of SPEC §9: newbie below 1k, then one tier from each edge up. */
export const FAN_TIER_KEYS = [
  'newbie',
  '1k',
  '5k',
  '10k',
  '30k',
  '50k',
  '100k',
  '300k',
  '500k',
  '1m',
] as const

/** Longest date range the metric endpoints accept, in days. */
export const METRICS_RANGE_MAX_DAYS = 1100
