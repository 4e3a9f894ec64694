import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricsCache from '#services/metrics/metrics_cache'
import { presentRun, type RunJson } from '#services/metrics/run_presenter'
import MetricScope, {
  addDays,
  type CreatorScope,
  type DateRange,
} from '#services/metrics/metric_scope'
import { dayOf } from '#services/metrics/rollup_service'
import type { DashboardWorkbookData } from '#services/metrics/dashboard_excel'
import {
  DASHBOARD_RANKING_PERIODS,
  DASHBOARD_RANKING_SIZE,
  type DashboardListParams,
  type DashboardRangeParams,
  type DashboardRankingParams,
  type DashboardTotalParams,
} from '#validators/dashboard'
import {
  CREATOR_KINDS,
  DASHBOARD_PAGE_SIZE,
  HEADLINE_METRICS,
  PLATFORMS,
  REFERENCE_KRW_RATES,
  type CreatorKind,
  type DashboardSort,
  type PlatformKey,
} from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The dashboard's numbers (SPEC §2 Dashboard; issue 4 team contract)
|--------------------------------------------------------------------------
|
| Network-wide figures come from metric_daily_totals (the rollup: one row per
| day and platform), so they never scan the snapshots. Per-creator figures
| read metric_snapshots on two days only — the range's end and the day
| before its start — through the (snapshot_date, platform, creator_id)
| index: gain = value(end) − value(start − 1), which is exactly the sum of
| the daily diffs in the range. An account missing on one of those two days
| is completed from its own snapshots inside the range (first value − its
| diff, last value). A creator account's scope cannot use the rollup: the
| same per-day sums are then computed from its own creators' snapshots.
|
| Every answer is cached whole by MetricsCache (invalidated whenever the
| rollup changes) under a key of the endpoint, the scope and the params.
|
*/

/** The counters the dashboard shows, each with its daily difference. */
const FIGURES = ['fans', 'views', 'likes', 'comments', 'videos'] as const
type Figure = (typeof FIGURES)[number]
type FigureDiff = `${Figure}_diff`
type Sums = Record<Figure | FigureDiff, number>

/** One day and platform of the rollup (or of a creator scope's own snapshots). */
interface DailyRow extends Sums {
  date: string
  platform: PlatformKey
  accounts: number
}

/** Average days per month, for "average monthly" figures. */
const DAYS_PER_MONTH = 30.4375
/** Days of the "yearly" window. */
const YEAR_DAYS = 365
/** Ids per `where in` list (well under SQLite's bound-variable limit). */
const ID_CHUNK = 500

const DIFF_OF = Object.fromEntries(FIGURES.map((name) => [name, `${name}_diff`])) as Record<
  Figure,
  FigureDiff
>
const SUM_COLUMNS = FIGURES.flatMap((name) => [name, DIFF_OF[name]]) as (Figure | FigureDiff)[]

const emptySums = (): Sums =>
  Object.fromEntries(SUM_COLUMNS.map((column) => [column, 0])) as unknown as Sums

/** Rates (growth) keep 6 decimals, averages 2. */
const rate = (gain: number, base: number) => (base > 0 ? round(gain / base, 6) : null)
/** Half-up rounding of the decimal a person reads (12.175 → 12.18, not 12.17). */
const round = (value: number, digits = 2) => {
  const text = String(value)
  if (text.includes('e')) return Math.round(value * 10 ** digits) / 10 ** digits
  return Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`)
}
const daysBetween = (from: string, to: string) =>
  Math.round(
    DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days
  ) + 1
const platformOrder = (platform: string) => PLATFORMS.indexOf(platform as PlatformKey)
const byPlatform = (a: string, b: string) => platformOrder(a) - platformOrder(b)

function chunks<T>(items: T[], size: number): T[][] {
  const parts: T[][] = []
  for (let index = 0; index < items.length; index += size)
    parts.push(items.slice(index, index + size))
  return parts
}

/* ------------------------------------------------------------------ */
/* Response shapes                                                     */
/* ------------------------------------------------------------------ */

export interface MetricSummary {
  value: number
  diff: number
  growth: number | null
}

export interface DashboardOverview {
  latest_date: string | null
  range: DateRange
  platform: PlatformKey | null
  total_fans: number
  youtube_fans: number
  china_fans: number
  creators: { total: number } & Record<CreatorKind, number>
  active_platforms: { count: number; platforms: PlatformKey[] }
  yearly_growth: { fans_per_channel: number; rate: number | null; channels: number; days: number }
  total_views: number
  monthly_views_per_platform: { platform: PlatformKey; avg_monthly_views: number; months: number }[]
  total_uploads: number
  avg_monthly_uploads: number
  metrics: Record<(typeof HEADLINE_METRICS)[number], MetricSummary>
  last_run: RunJson | null
}

/** What every list and ranking item names. */
export interface CreatorRef {
  creator_id: number
  brand_no: string
  channel_name: string
  channel_name_zh: string | null
  kind: CreatorKind
  category: string
}

/** One creator's figures over a range (the list's item without its rank). */
export interface CreatorFigures extends CreatorRef {
  platforms: PlatformKey[]
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  likes_diff: number
  comments_diff: number
  growth: number | null
  ad_price_krw: number | null
}

export interface DashboardListItem extends CreatorFigures {
  rank: number
}

export interface DashboardList {
  range: DateRange
  sort: DashboardSort
  order: 'desc' | 'asc'
  offset: number
  limit: number
  total: number
  has_more: boolean
  items: DashboardListItem[]
}

export interface PlatformTotal extends Sums {
  platform: PlatformKey
  accounts: number
  growth: number | null
}

export interface DashboardTotals {
  range: DateRange
  platforms: PlatformTotal[]
  total: Omit<PlatformTotal, 'platform'>
}

export interface DailySeriesRow extends Sums {
  date: string
}

export interface DashboardChart {
  range: DateRange
  series: DailySeriesRow[]
}

export interface RankingItem extends CreatorRef {
  rank: number
  fans: number
  fans_diff: number
  views: number
  views_diff: number
  growth: number | null
}

export interface DashboardRanking {
  period: 'week' | 'month'
  range: DateRange
  sort: 'fans' | 'views'
  items: RankingItem[]
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */
/* ------------------------------------------------------------------ */

/**
 * Per day and platform sums over [from, to]: the rollup for the whole
 * network, the creators' own snapshots for a creator scope.
 */
async function dailyRows(
  scope: CreatorScope,
  platform: PlatformKey | null | undefined,
  from: string,
  to: string
): Promise<DailyRow[]> {
  let rows: Record<string, unknown>[]
  if (scope.creatorIds === null) {
    const query = db
      .from('metric_daily_totals')
      .select('snapshot_date', 'platform', 'accounts', ...SUM_COLUMNS)
      .whereBetween('snapshot_date', [from, to])
    if (platform) query.where('platform', platform)
    rows = await query
  } else {
    if (scope.creatorIds.length === 0) return []
    const query = db
      .from('metric_snapshots')
      .select(
        'snapshot_date',
        'platform',
        db.raw('count(*) as accounts'),
        ...SUM_COLUMNS.map((column) => db.raw(`coalesce(sum(${column}), 0) as ${column}`))
      )
      .whereIn('creator_id', scope.creatorIds)
      .whereBetween('snapshot_date', [from, to])
      .groupBy('snapshot_date', 'platform')
    if (platform) query.where('platform', platform)
    rows = await query
  }
  return rows.map((row) => {
    const result = {
      date: dayOf(row.snapshot_date),
      platform: row.platform as PlatformKey,
      accounts: Number(row.accounts),
    } as DailyRow
    for (const column of SUM_COLUMNS) result[column] = Number(row[column])
    return result
  })
}

/** The first day with data in the scope (and platform), or null. */
async function earliestDate(
  scope: CreatorScope,
  platform: PlatformKey | null | undefined
): Promise<string | null> {
  if (scope.creatorIds !== null && scope.creatorIds.length === 0) return null
  const query =
    scope.creatorIds === null
      ? db.from('metric_daily_totals')
      : db.from('metric_snapshots').whereIn('creator_id', scope.creatorIds)
  if (platform) query.where('platform', platform)
  const row = await query.min('snapshot_date as first').first()
  return row?.first ? dayOf(row.first) : null
}

function sumOf(rows: DailyRow[], column: keyof Sums | 'accounts') {
  let total = 0
  for (const row of rows) total += row[column]
  return total
}

/**
 * The value a range's growth is measured against, per platform: the value
 * on start − 1, or, for a platform without data that day, its first day in
 * the range minus that day's difference (the value before it).
 */
function baseOf(rows: DailyRow[], start: string, end: string, figure: Figure) {
  const before = addDays(start, -1)
  const platforms = new Set(rows.map((row) => row.platform))
  let base = 0
  for (const platform of platforms) {
    const own = rows.filter((row) => row.platform === platform)
    const previous = own.filter((row) => row.date === before)
    if (previous.length > 0) {
      base += sumOf(previous, figure)
      continue
    }
    const inRange = own.filter((row) => row.date >= start && row.date <= end)
    if (inRange.length === 0) continue
    const first = inRange.reduce((day, row) => (row.date < day ? row.date : day), inRange[0].date)
    for (const row of inRange) {
      if (row.date === first) base += row[figure] - row[DIFF_OF[figure]]
    }
  }
  return base
}

/** Value on `end`, gain over [start, end] and growth of one figure. */
function summaryOf(rows: DailyRow[], range: DateRange, figure: Figure): MetricSummary {
  const inRange = rows.filter((row) => row.date >= range.start && row.date <= range.end)
  const value = sumOf(
    rows.filter((row) => row.date === range.end),
    figure
  )
  const diff = sumOf(inRange, DIFF_OF[figure])
  return { value, diff, growth: rate(diff, baseOf(rows, range.start, range.end, figure)) }
}

/** Creators that are valid now, in the scope, with an active account on `platform` if given. */
async function validCreators(
  scope: CreatorScope,
  platform: PlatformKey | null | undefined
): Promise<CreatorRef[]> {
  if (scope.creatorIds !== null && scope.creatorIds.length === 0) return []
  const query = db
    .from('creators')
    .select('id', 'brand_no', 'channel_name', 'channel_name_zh', 'kind', 'category')
    .where('contract_status', 'valid')
    .orderBy('id')
  if (scope.creatorIds !== null) query.whereIn('id', scope.creatorIds)
  if (platform) {
    query.whereExists(
      db
        .from('creator_platform_accounts')
        .select(db.raw('1'))
        .whereColumn('creator_platform_accounts.creator_id', 'creators.id')
        .where('creator_platform_accounts.active', true)
        .where('creator_platform_accounts.platform', platform)
    )
  }
  const rows = await query
  return rows.map((row) => ({
    creator_id: Number(row.id),
    brand_no: row.brand_no,
    channel_name: row.channel_name,
    channel_name_zh: row.channel_name_zh ?? null,
    kind: row.kind,
    category: row.category,
  }))
}

interface ActiveAccount {
  id: number
  creatorId: number
  platform: PlatformKey
}

/** Active platform accounts (of the given creators, or of all). */
async function activeAccounts(creatorIds: number[] | null): Promise<ActiveAccount[]> {
  const query = db
    .from('creator_platform_accounts')
    .select('id', 'creator_id', 'platform')
    .where('active', true)
  if (creatorIds !== null) query.whereIn('creator_id', creatorIds)
  const rows = await query
  return rows.map((row) => ({
    id: Number(row.id),
    creatorId: Number(row.creator_id),
    platform: row.platform,
  }))
}

/** Each creator's platforms with an active account, in PLATFORMS order. */
function platformsByCreator(accounts: ActiveAccount[]) {
  const platforms = new Map<number, PlatformKey[]>()
  for (const account of accounts) {
    const list = platforms.get(account.creatorId) ?? []
    if (!list.includes(account.platform)) list.push(account.platform)
    platforms.set(account.creatorId, list)
  }
  for (const list of platforms.values()) list.sort(byPlatform)
  return platforms
}

/** Highest ad price of each creator in KRW (on `platform` when given). */
async function adPricesKrw(creatorIds: number[] | null, platform: PlatformKey | null | undefined) {
  const query = db
    .from('creator_ad_prices')
    .select('creator_id', 'currency')
    .max('price as price')
    .groupBy('creator_id', 'currency')
  if (creatorIds !== null) query.whereIn('creator_id', creatorIds)
  if (platform) query.where('platform', platform)
  const prices = new Map<number, number>()
  for (const row of await query) {
    const krw =
      Number(row.price) *
      (REFERENCE_KRW_RATES[row.currency as keyof typeof REFERENCE_KRW_RATES] ?? 0)
    const id = Number(row.creator_id)
    prices.set(id, Math.max(prices.get(id) ?? 0, round(krw, 2)))
  }
  return prices
}

const ACCOUNT_FIGURES = ['fans', 'views', 'likes', 'comments'] as const
type AccountFigure = (typeof ACCOUNT_FIGURES)[number]
type AccountValues = Record<AccountFigure, number>

interface AccountTotals {
  creatorId: number
  /** Value at the end of the range (the last one in the range when the end day is missing). */
  end: AccountValues | null
  /** Value before the range (start − 1, else the first in the range minus its difference). */
  before: AccountValues | null
}

type SnapshotRow = Record<string, unknown>

const valuesOf = (row: SnapshotRow): AccountValues => ({
  fans: Number(row.fans),
  views: Number(row.views),
  likes: Number(row.likes),
  comments: Number(row.comments),
})

/**
 * Per-account values at the end of the range and before it, read on two
 * days (start − 1 and end); accounts with a snapshot on only one of them, and
 * active accounts with neither, are completed from their snapshots in the range.
 */
async function accountTotals(
  creatorIds: number[],
  platform: PlatformKey | null | undefined,
  range: DateRange,
  all: boolean,
  active: ActiveAccount[]
): Promise<Map<number, AccountTotals>> {
  const accounts = new Map<number, AccountTotals>()
  if (creatorIds.length === 0) return accounts
  const before = addDays(range.start, -1)
  const wanted = new Set(creatorIds)

  const query = db
    .from('metric_snapshots')
    .select('account_id', 'creator_id', 'snapshot_date', ...ACCOUNT_FIGURES)
    .whereIn('snapshot_date', [before, range.end])
  if (platform) query.where('platform', platform)
  if (!all) query.whereIn('creator_id', creatorIds)
  for (const row of await query) {
    const creatorId = Number(row.creator_id)
    if (!wanted.has(creatorId)) continue
    const accountId = Number(row.account_id)
    const entry = accounts.get(accountId) ?? { creatorId, end: null, before: null }
    if (dayOf(row.snapshot_date) === range.end) entry.end = valuesOf(row)
    else entry.before = valuesOf(row)
    accounts.set(accountId, entry)
  }

  for (const account of active) {
    if (!wanted.has(account.creatorId) || accounts.has(account.id)) continue
    if (platform && account.platform !== platform) continue
    accounts.set(account.id, { creatorId: account.creatorId, end: null, before: null })
  }
  const incomplete = [...accounts.entries()]
    .filter(([, entry]) => entry.end === null || entry.before === null)
    .map(([accountId]) => accountId)
  for (const part of chunks(incomplete, ID_CHUNK)) {
    const rows = await db
      .from('metric_snapshots')
      .select(
        'account_id',
        'snapshot_date',
        ...ACCOUNT_FIGURES,
        ...ACCOUNT_FIGURES.map((name) => `${name}_diff`)
      )
      .whereIn('account_id', part)
      .whereBetween('snapshot_date', [range.start, range.end])
      .orderBy('account_id')
      .orderBy('snapshot_date')
    const firstAndLast = new Map<number, { first: SnapshotRow; last: SnapshotRow }>()
    for (const row of rows) {
      const accountId = Number(row.account_id)
      const seen = firstAndLast.get(accountId)
      if (seen) seen.last = row
      else firstAndLast.set(accountId, { first: row, last: row })
    }
    for (const accountId of part) {
      const entry = accounts.get(accountId)!
      const found = firstAndLast.get(accountId)
      if (!found) {
        // no snapshot in the range: the account has no figures here
        accounts.delete(accountId)
        continue
      }
      if (entry.end === null) entry.end = valuesOf(found.last)
      if (entry.before === null) {
        const first = valuesOf(found.first)
        entry.before = {
          fans: first.fans - Number(found.first.fans_diff),
          views: first.views - Number(found.first.views_diff),
          likes: first.likes - Number(found.first.likes_diff),
          comments: first.comments - Number(found.first.comments_diff),
        }
      }
    }
  }
  return accounts
}

/* ------------------------------------------------------------------ */
/* The service                                                         */
/* ------------------------------------------------------------------ */

/** A stable cache key of an endpoint, a scope and its params. */
function cacheKey(endpoint: string, scope: CreatorScope, params: Record<string, unknown>) {
  const parts = Object.keys(params)
    .sort()
    .filter((key) => params[key] !== undefined && params[key] !== null)
    .map((key) => `${key}=${params[key]}`)
  return `dashboard:${endpoint}:${MetricScope.key(scope)}:${parts.join('&')}`
}

export default class DashboardService {
  /** GET /api/{brand}_dashboard: the headline numbers of SPEC §2 Dashboard. */
  static async overview(scope: CreatorScope, params: DashboardRangeParams) {
    const range = await MetricScope.range(params)
    const platform = params.platform ?? null
    // a run's progress changes without the rollup changing: read it fresh (staff only — a
    // run's failures name other creators' accounts)
    const [data, lastRun] = await Promise.all([
      MetricsCache.remember(cacheKey('overview', scope, { ...range, platform }), () =>
        this.#overview(scope, range, platform)
      ),
      scope.creatorIds === null ? this.lastRun() : null,
    ])
    return { ...data, last_run: lastRun } satisfies DashboardOverview
  }

  /** The newest collection run, or null. */
  static async lastRun() {
    const run = await MetricCollectionRun.query().orderBy('id', 'desc').first()
    return run ? presentRun(run) : null
  }

  static async #overview(
    scope: CreatorScope,
    range: DateRange,
    platform: PlatformKey | null
  ): Promise<Omit<DashboardOverview, 'last_run'>> {
    const latest = await MetricScope.latestDate()
    const [rangeRows, creators, yearly] = await Promise.all([
      dailyRows(scope, platform, addDays(range.start, -1), range.end),
      this.#creatorCounts(scope, platform),
      latest ? this.#yearly(scope, platform, latest) : null,
    ])

    const metrics = Object.fromEntries(
      HEADLINE_METRICS.map((figure) => [figure, summaryOf(rangeRows, range, figure)])
    ) as DashboardOverview['metrics']

    const latestRows = yearly?.latestRows ?? []
    const totalFans = sumOf(latestRows, 'fans')
    const youtubeFans = sumOf(
      latestRows.filter((row) => row.platform === 'youtube'),
      'fans'
    )
    const active = [
      ...new Set(latestRows.filter((row) => row.accounts > 0).map((row) => row.platform)),
    ].sort(byPlatform)

    return {
      latest_date: latest,
      range,
      platform,
      total_fans: totalFans,
      youtube_fans: youtubeFans,
      china_fans: totalFans - youtubeFans,
      creators,
      active_platforms: { count: active.length, platforms: active },
      yearly_growth: yearly?.growth ?? { fans_per_channel: 0, rate: null, channels: 0, days: 0 },
      total_views: sumOf(latestRows, 'views'),
      monthly_views_per_platform: yearly?.monthlyViews ?? [],
      total_uploads: sumOf(latestRows, 'videos'),
      avg_monthly_uploads: yearly?.monthlyUploads ?? 0,
      metrics,
    }
  }

  /** Valid creators in the scope by kind (with an active account on `platform` if given). */
  static async #creatorCounts(scope: CreatorScope, platform: PlatformKey | null) {
    const creators = await validCreators(scope, platform)
    const counts = Object.fromEntries(CREATOR_KINDS.map((kind) => [kind, 0])) as Record<
      CreatorKind,
      number
    >
    for (const creator of creators) {
      if (creator.kind in counts) counts[creator.kind]++
    }
    return { total: creators.length, ...counts }
  }

  /**
   * The figures over the 365 days ending at the newest day (fewer when the
   * history is shorter): fans gained per channel and the rate, average
   * monthly views per platform and uploads, and the newest day's rows.
   */
  static async #yearly(scope: CreatorScope, platform: PlatformKey | null, latest: string) {
    const earliest = await earliestDate(scope, platform)
    if (earliest === null) return null
    const yearStart = addDays(latest, -(YEAR_DAYS - 1))
    const start = earliest > yearStart ? earliest : yearStart
    const rows = await dailyRows(scope, platform, addDays(start, -1), latest)
    const window = rows.filter((row) => row.date >= start)
    const days = daysBetween(start, latest)
    const latestRows = rows.filter((row) => row.date === latest)

    const gained = sumOf(window, 'fans_diff')
    const channels = sumOf(latestRows, 'accounts')
    const growth = {
      fans_per_channel: channels > 0 ? round(gained / channels, 2) : 0,
      rate: rate(gained, baseOf(rows, start, latest, 'fans')),
      channels,
      days,
    }

    const monthlyViews = [...new Set(window.map((row) => row.platform))]
      .sort(byPlatform)
      .map((key) => {
        const own = window.filter((row) => row.platform === key)
        const first = own.reduce((day, row) => (row.date < day ? row.date : day), latest)
        const covered = daysBetween(first, latest)
        return {
          platform: key,
          avg_monthly_views: round((sumOf(own, 'views_diff') * DAYS_PER_MONTH) / covered, 2),
          months: round(covered / DAYS_PER_MONTH, 2),
        }
      })
    const monthlyUploads = round((sumOf(window, 'videos_diff') * DAYS_PER_MONTH) / days, 2)
    return { latestRows, growth, monthlyViews, monthlyUploads }
  }

  /**
   * Every valid creator of the scope with its figures over the range
   * (on `platform` when given), in creator id order. Cached: the list's
   * sorts and pages, the period ranking and the download share it.
   */
  static figures(
    scope: CreatorScope,
    platform: PlatformKey | null | undefined,
    range: DateRange
  ): Promise<CreatorFigures[]> {
    return MetricsCache.remember(
      cacheKey('figures', scope, { start: range.start, end: range.end, platform }),
      async () => {
        const creators = await validCreators(scope, platform)
        const ids = creators.map((creator) => creator.creator_id)
        const all = scope.creatorIds === null
        const [active, prices] = await Promise.all([
          activeAccounts(all ? null : ids),
          adPricesKrw(all ? null : ids, platform),
        ])
        const platforms = platformsByCreator(active)
        const accounts = await accountTotals(ids, platform, range, all, active)

        const sums = new Map<number, { end: AccountValues; before: AccountValues }>()
        for (const entry of accounts.values()) {
          const total = sums.get(entry.creatorId) ?? {
            end: { fans: 0, views: 0, likes: 0, comments: 0 },
            before: { fans: 0, views: 0, likes: 0, comments: 0 },
          }
          for (const name of ACCOUNT_FIGURES) {
            total.end[name] += entry.end![name]
            total.before[name] += entry.before![name]
          }
          sums.set(entry.creatorId, total)
        }

        return creators.map((creator) => {
          const total = sums.get(creator.creator_id)
          const gain = (name: AccountFigure) => (total ? total.end[name] - total.before[name] : 0)
          return {
            ...creator,
            platforms: platforms.get(creator.creator_id) ?? [],
            fans: total?.end.fans ?? 0,
            fans_diff: gain('fans'),
            views: total?.end.views ?? 0,
            views_diff: gain('views'),
            likes_diff: gain('likes'),
            comments_diff: gain('comments'),
            growth: rate(gain('fans'), total?.before.fans ?? 0),
            ad_price_krw: prices.get(creator.creator_id) ?? null,
          }
        })
      }
    )
  }

  /** GET /api/dashboard/list: the creator ranking, sorted and paged. */
  static async list(scope: CreatorScope, params: DashboardListParams): Promise<DashboardList> {
    const range = await MetricScope.range(params)
    const sort = params.sort ?? 'views'
    const order = params.order ?? 'desc'
    const offset = params.offset ?? 0
    const limit = params.limit ?? DASHBOARD_PAGE_SIZE
    const platform = params.platform ?? null
    return MetricsCache.remember(
      cacheKey('list', scope, { ...range, platform, sort, order, offset, limit }),
      async () => {
        const sorted = sortFigures(await this.figures(scope, platform, range), sort, order)
        return {
          range,
          sort,
          order,
          offset,
          limit,
          total: sorted.length,
          has_more: offset + limit < sorted.length,
          items: sorted
            .slice(offset, offset + limit)
            .map((item, index) => ({ rank: offset + index + 1, ...item })),
        }
      }
    )
  }

  /** GET /api/dashboard/total: each platform's figures over the range, and their sum. */
  static async totals(scope: CreatorScope, params: DashboardTotalParams): Promise<DashboardTotals> {
    const range = await MetricScope.range(params)
    return MetricsCache.remember(cacheKey('total', scope, { ...range }), async () => {
      const rows = await dailyRows(scope, null, addDays(range.start, -1), range.end)
      const inRange = rows.filter((row) => row.date >= range.start)
      const figuresOf = (own: DailyRow[]) => {
        const endRows = own.filter((row) => row.date === range.end)
        const ranged = own.filter((row) => row.date >= range.start)
        const result = { accounts: sumOf(endRows, 'accounts') } as Omit<PlatformTotal, 'platform'>
        for (const figure of FIGURES) {
          result[figure] = sumOf(endRows, figure)
          result[DIFF_OF[figure]] = sumOf(ranged, DIFF_OF[figure])
        }
        result.growth = rate(result.fans_diff, baseOf(own, range.start, range.end, 'fans'))
        return result
      }
      const platforms = [...new Set(inRange.map((row) => row.platform))]
        .sort(byPlatform)
        .map((platform) => ({
          platform,
          ...figuresOf(rows.filter((row) => row.platform === platform)),
        }))
      return { range, platforms, total: figuresOf(rows) }
    })
  }

  /** GET /api/dashboard/chart/weekly: one row per day of the range, zeros where nothing was collected. */
  static async chart(scope: CreatorScope, params: DashboardRangeParams): Promise<DashboardChart> {
    const range = await MetricScope.range(params)
    const platform = params.platform ?? null
    return MetricsCache.remember(cacheKey('chart', scope, { ...range, platform }), async () => {
      const byDate = new Map<string, Sums>()
      for (const row of await dailyRows(scope, platform, range.start, range.end)) {
        const day = byDate.get(row.date) ?? emptySums()
        for (const column of SUM_COLUMNS) day[column] += row[column]
        byDate.set(row.date, day)
      }
      const series: DailySeriesRow[] = []
      for (let index = 0; index < range.days; index++) {
        const date = addDays(range.start, index)
        series.push({ date, ...(byDate.get(date) ?? emptySums()) })
      }
      return { range, series }
    })
  }

  /**
   * GET /api/dashboard/download: what the workbook shows — the overview, the
   * daily series and platform totals of the range, every creator by views gained.
   */
  static async downloadData(
    scope: CreatorScope,
    params: DashboardRangeParams
  ): Promise<DashboardWorkbookData> {
    const range = await MetricScope.range(params)
    const platform = params.platform ?? null
    const [overview, chart, totals, figures] = await Promise.all([
      MetricsCache.remember(cacheKey('overview', scope, { ...range, platform }), () =>
        this.#overview(scope, range, platform)
      ),
      this.chart(scope, params),
      this.totals(scope, { start: params.start, end: params.end }),
      this.figures(scope, platform, range),
    ])
    return { overview, chart, totals, ranking: sortFigures(figures, 'views', 'desc') }
  }

  /** GET /api/dashboard/ranking/month: top creators by fans or views gained in a week or month. */
  static async ranking(
    scope: CreatorScope,
    params: DashboardRankingParams
  ): Promise<DashboardRanking> {
    const period = params.period ?? 'month'
    const days = DASHBOARD_RANKING_PERIODS[period]
    const end = params.date ?? null
    const range = await MetricScope.range({ end }, days)
    const sort = params.sort ?? 'fans'
    const limit = params.limit ?? DASHBOARD_RANKING_SIZE
    const platform = params.platform ?? null
    return MetricsCache.remember(
      cacheKey('ranking', scope, { period, ...range, sort, limit, platform }),
      async () => {
        const figures = await this.figures(scope, platform, range)
        const key = sort === 'fans' ? 'fans_diff' : 'views_diff'
        const items = [...figures]
          .sort((a, b) => b[key] - a[key] || a.creator_id - b.creator_id)
          .slice(0, limit)
          .map((item, index) => ({
            rank: index + 1,
            creator_id: item.creator_id,
            brand_no: item.brand_no,
            channel_name: item.channel_name,
            channel_name_zh: item.channel_name_zh,
            kind: item.kind,
            category: item.category,
            fans: item.fans,
            fans_diff: item.fans_diff,
            views: item.views,
            views_diff: item.views_diff,
            growth: item.growth,
          }))
        return { period, range, sort, items }
      }
    )
  }
}

/**
 * The list's order: views gained, fans on the end day or the KRW ad price;
 * creators without an ad price last in either order; ties by creator id.
 */
export function sortFigures(
  figures: CreatorFigures[],
  sort: DashboardSort,
  order: 'asc' | 'desc'
): CreatorFigures[] {
  const valueOf = (item: CreatorFigures) =>
    sort === 'views' ? item.views_diff : sort === 'fans' ? item.fans : item.ad_price_krw
  const direction = order === 'asc' ? 1 : -1
  return [...figures].sort((a, b) => {
    const left = valueOf(a)
    const right = valueOf(b)
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1
    } else if (left !== right) {
      return (left - right) * direction
    }
    return a.creator_id - b.creator_id
  })
}
