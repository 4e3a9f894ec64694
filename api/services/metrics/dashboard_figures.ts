import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import MetricScope, {
  addDays,
  type CreatorScope,
  type DateRange,
} from '#services/metrics/metric_scope'
import { byPlatform, dailyTotals } from '#services/metrics/daily_totals'
import {
  FIGURES,
  type CreatorFigures,
  type DailyRow,
  type Figure,
  type FigureDiff,
  type MetricSummary,
  type Sums,
} from '#services/metrics/dashboard_types'
import { dayOf } from '#services/metrics/rollup_service'
import { chunks } from '#support/chunks'
import { REFERENCE_KRW_RATES, type DashboardSort, type PlatformKey } from '#shared/constants'

/*
|--------------------------------------------------------------------------
| The dashboard's numbers (SPEC §2 Dashboard; the answers the admin's dashboard reads)
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

/** Average days per month, for "average monthly" figures. */
export const DAYS_PER_MONTH = 30.4375
/** Days of the "yearly" window. */
export const YEAR_DAYS = 365
/** Ids per `where in` list (well under SQLite's bound-variable limit). */
const ID_CHUNK = 500

export const DIFF_OF = Object.fromEntries(FIGURES.map((name) => [name, `${name}_diff`])) as Record<
  Figure,
  FigureDiff
>
export const SUM_COLUMNS = FIGURES.flatMap((name) => [name, DIFF_OF[name]]) as (
  Figure | FigureDiff
)[]

export const emptySums = (): Sums =>
  Object.fromEntries(SUM_COLUMNS.map((column) => [column, 0])) as unknown as Sums

/** Rates (growth) keep 6 decimals, averages 2. */
export const rate = (gain: number, base: number) => (base > 0 ? round(gain / base, 6) : null)
/** Half-up rounding of the decimal a person reads (12.175 → 12.18, not 12.17). */
export const round = (value: number, digits = 2) => {
  const text = String(value)
  if (text.includes('e')) return Math.round(value * 10 ** digits) / 10 ** digits
  return Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`)
}
export const daysBetween = (from: string, to: string) =>
  Math.round(
    DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days
  ) + 1

/**
 * Per day and platform sums of the dashboard's figures over [from, to]: the
 * rollup for the whole network, the creators' own snapshots for a creator scope.
 */
export function dailyRows(
  scope: CreatorScope,
  platform: PlatformKey | null | undefined,
  from: string,
  to: string
): Promise<DailyRow[]> {
  return dailyTotals(scope, from, to, platform ?? undefined, FIGURES)
}

/** The first day with data in the scope (and platform), or null. */
export async function earliestDate(
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

export function sumOf(rows: DailyRow[], column: keyof Sums | 'accounts') {
  let total = 0
  for (const row of rows) total += row[column]
  return total
}

/**
 * The value a range's growth is measured against, per platform: the value
 * on start − 1, or, for a platform without data that day, its first day in
 * the range minus that day's difference (the value before it).
 */
export function baseOf(rows: DailyRow[], start: string, end: string, figure: Figure) {
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
export function summaryOf(rows: DailyRow[], range: DateRange, figure: Figure): MetricSummary {
  const inRange = rows.filter((row) => row.date >= range.start && row.date <= range.end)
  const value = sumOf(
    rows.filter((row) => row.date === range.end),
    figure
  )
  const diff = sumOf(inRange, DIFF_OF[figure])
  return { value, diff, growth: rate(diff, baseOf(rows, range.start, range.end, figure)) }
}

interface ActiveAccount {
  id: number
  creatorId: number
  platform: PlatformKey
}

/** Active platform accounts (of the given creators, or of all). */
export async function activeAccounts(creatorIds: number[] | null): Promise<ActiveAccount[]> {
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
export function platformsByCreator(accounts: ActiveAccount[]) {
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
export async function adPricesKrw(
  creatorIds: number[] | null,
  platform: PlatformKey | null | undefined
) {
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

export const ACCOUNT_FIGURES = ['fans', 'views', 'likes', 'comments'] as const
export type AccountFigure = (typeof ACCOUNT_FIGURES)[number]
export type AccountValues = Record<AccountFigure, number>

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
export async function accountTotals(
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

/** A stable cache key of an endpoint, a scope and its params. */
export function cacheKey(endpoint: string, scope: CreatorScope, params: Record<string, unknown>) {
  const parts = Object.keys(params)
    .sort()
    .filter((key) => params[key] !== undefined && params[key] !== null)
    .map((key) => `${key}=${params[key]}`)
  return `dashboard:${endpoint}:${MetricScope.key(scope)}:${parts.join('&')}`
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
