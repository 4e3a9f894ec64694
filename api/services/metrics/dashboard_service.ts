import MetricCollectionRun from '#models/metric_collection_run'
import MetricsCache from '#services/metrics/metrics_cache'
import { presentRun } from '#services/metrics/run_presenter'
import { lastRunCache } from '#services/metrics/last_run_cache'
import MetricScope, {
  addDays,
  type CreatorScope,
  type DateRange,
} from '#services/metrics/metric_scope'
import { byPlatform, validCreators } from '#services/metrics/daily_totals'
import {
  ACCOUNT_FIGURES,
  DAYS_PER_MONTH,
  DIFF_OF,
  SUM_COLUMNS,
  YEAR_DAYS,
  accountTotals,
  activeAccounts,
  adPricesKrw,
  baseOf,
  cacheKey,
  dailyRows,
  daysBetween,
  earliestDate,
  emptySums,
  platformsByCreator,
  rate,
  round,
  sortFigures,
  sumOf,
  summaryOf,
  type AccountFigure,
  type AccountValues,
} from '#services/metrics/dashboard_figures'
import {
  FIGURES,
  type CreatorFigures,
  type DailyRow,
  type DailySeriesRow,
  type DashboardChart,
  type DashboardList,
  type DashboardOverview,
  type DashboardRanking,
  type DashboardTotals,
  type PlatformTotal,
  type Sums,
} from '#services/metrics/dashboard_types'
import type { DashboardWorkbookData } from '#services/metrics/dashboard_excel'
import type {
  DashboardListParams,
  DashboardRangeParams,
  DashboardRankingParams,
  DashboardTotalParams,
} from '#validators/dashboard'
import { DASHBOARD_RANKING_PERIODS, DASHBOARD_RANKING_SIZE } from '#shared/metrics'
import {
  CREATOR_KINDS,
  DASHBOARD_PAGE_SIZE,
  HEADLINE_METRICS,
  type CreatorKind,
  type PlatformKey,
} from '#shared/constants'

/** The dashboard's numbers (SPEC §2 Dashboard); how they are read: dashboard_figures.ts. */
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
  static lastRun() {
    return lastRunCache.remember(async () => {
      const run = await MetricCollectionRun.query().orderBy('id', 'desc').first()
      return run ? presentRun(run) : null
    })
  }

  static async #overview(
    scope: CreatorScope,
    range: DateRange,
    platform: PlatformKey | null
  ): Promise<Omit<DashboardOverview, 'last_run'>> {
    const latest = await MetricScope.latestDate()
    // the cards of the network describe the range's last day (the newest day at most)
    const asOf = latest && range.end < latest ? range.end : latest
    const [rangeRows, creators, yearly] = await Promise.all([
      dailyRows(scope, platform, addDays(range.start, -1), range.end),
      this.#creatorCounts(scope, platform),
      asOf ? this.#yearly(scope, platform, asOf) : null,
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
