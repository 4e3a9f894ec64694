import CreatorPlatformAccount from '#models/creator_platform_account'
import type User from '#models/user'
import DashboardService from '#services/metrics/dashboard_service'
import MetricScope from '#services/metrics/metric_scope'
import { rate } from '#services/metrics/dashboard_figures'
import type { CreatorFigures } from '#services/metrics/dashboard_types'
import FavoriteService from '#services/creators/favorite_service'
import { pendingReasons } from '#services/tracking/pending_items'
import { pageWindow, type Page } from '#support/pagination'
import type { TrackingListParams } from '#validators/tracking'
import {
  TRACKING_PAGE_MAX,
  TRACKING_PAGE_SIZE,
  TRACKING_PERIODS,
  type TrackingMode,
  type TrackingPeriod,
  type TrackingSort,
} from '#shared/tracking'
import type { DateRange } from '#services/metrics/metric_scope'

/** One creator of the tracking list. */
export interface TrackingRow {
  figures: CreatorFigures
  fans_rate: number | null
  views_rate: number | null
  week_rank: number | null
  month_rank: number | null
  favorite: boolean
  pending: number
}

export interface TrackingList extends Page<TrackingRow> {
  tab: 'fav' | 'all'
  sort: TrackingSort
  order: 'asc' | 'desc'
  mode: TrackingMode
  period: TrackingPeriod
  range: DateRange
}

/** Places by fans gained (1 = most, ties by creator id). */
function ranksOf(figures: CreatorFigures[]) {
  const sorted = [...figures].sort(
    (a, b) => b.fans_diff - a.fans_diff || a.creator_id - b.creator_id
  )
  return new Map(sorted.map((item, index) => [item.creator_id, index + 1]))
}

/** Whether a creator's names or brand number contain `q` (case-insensitive). */
function matches(figures: CreatorFigures, q: string) {
  const needle = q.toLowerCase()
  return [figures.channel_name, figures.channel_name_zh, figures.brand_no].some((value) =>
    (value ?? '').toLowerCase().includes(needle)
  )
}

/**
 * Creator tracking (SPEC §2): every creator under a valid contract the user
 * may see (MetricScope, i.e. Creator.visibleTo), or only the user's
 * favourites, with the newest fans and views, what they gained over the
 * week or month (as a count and a rate), and their weekly and monthly rank
 * by fans gained. The figures come from the dashboard's cached per-creator
 * figures, so the two screens always agree.
 */
export default class TrackingService {
  static async list(user: User, params: TrackingListParams): Promise<TrackingList> {
    const tab = params.tab ?? 'all'
    const sort = params.sort ?? 'growth'
    const mode = params.mode ?? 'count'
    const period = params.period ?? 'week'
    const order = params.order ?? (sort.endsWith('_rank') ? 'asc' : 'desc')
    const scope = await MetricScope.forUser(user)
    const [weekRange, monthRange] = await Promise.all([
      MetricScope.range({}, TRACKING_PERIODS.week),
      MetricScope.range({}, TRACKING_PERIODS.month),
    ])
    const [week, month] = await Promise.all([
      DashboardService.figures(scope, null, weekRange),
      DashboardService.figures(scope, null, monthRange),
    ])
    const weekRanks = ranksOf(week)
    const monthRanks = ranksOf(month)

    let figures = period === 'week' ? week : month
    if (tab === 'fav') {
      const favorites = new Set(await FavoriteService.creatorIds(user))
      figures = figures.filter((item) => favorites.has(item.creator_id))
    }
    if (params.q) figures = figures.filter((item) => matches(item, params.q!))

    const rows = figures.map((item): TrackingRow => ({
      figures: item,
      fans_rate: item.growth,
      views_rate: rate(item.views_diff, item.views - item.views_diff),
      week_rank: weekRanks.get(item.creator_id) ?? null,
      month_rank: monthRanks.get(item.creator_id) ?? null,
      favorite: false,
      pending: 0,
    }))
    const valueOf = (row: TrackingRow): number | null => {
      if (sort === 'growth') return mode === 'rate' ? row.fans_rate : row.figures.fans_diff
      if (sort === 'fans') return row.figures.fans
      if (sort === 'views') return row.figures.views
      return sort === 'week_rank' ? row.week_rank : row.month_rank
    }
    const direction = order === 'asc' ? 1 : -1
    rows.sort((a, b) => {
      const left = valueOf(a)
      const right = valueOf(b)
      if (left === null || right === null) {
        if (left !== right) return left === null ? 1 : -1
      } else if (left !== right) return (left - right) * direction
      return a.figures.creator_id - b.figures.creator_id
    })

    const window = pageWindow(params._start ?? params.offset, params._end, {
      size: params.limit ?? TRACKING_PAGE_SIZE,
      max: TRACKING_PAGE_MAX,
    })
    const page = rows.slice(window.offset, window.offset + window.limit)
    await this.#decorate(user, page)
    const range = period === 'week' ? weekRange : monthRange
    return { tab, sort, order, mode, period, range, total: rows.length, rows: page }
  }

  /** Marks the page's favourites and counts each creator's pending accounts. */
  static async #decorate(user: User, rows: TrackingRow[]) {
    const ids = rows.map((row) => row.figures.creator_id)
    if (!ids.length) return
    const [favorites, accounts] = await Promise.all([
      FavoriteService.among(user, ids),
      CreatorPlatformAccount.query().whereIn('creator_id', ids).where('active', true),
    ])
    const pending = new Map<number, number>()
    for (const account of accounts) {
      if (pendingReasons(account).length === 0) continue
      pending.set(account.creatorId, (pending.get(account.creatorId) ?? 0) + 1)
    }
    for (const row of rows) {
      row.favorite = favorites.has(row.figures.creator_id)
      row.pending = pending.get(row.figures.creator_id) ?? 0
    }
  }
}
