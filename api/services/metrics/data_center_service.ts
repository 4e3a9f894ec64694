import db from '@adonisjs/lucid/services/db'
import {
  FAN_TIER_KEYS,
  FOLLOWER_TIERS,
  RANKING_PERIOD_DAYS,
  type PlatformKey,
  type RankingPeriod,
} from '#shared/constants'
import MetricScope, {
  addDays,
  type CreatorScope,
  type DateRange,
} from '#services/metrics/metric_scope'
import MetricsCache from '#services/metrics/metrics_cache'
import { dailyTotals, validCreators, type DayTotal } from '#services/metrics/daily_totals'
import { creatorWindows, ranked, top, windowOf } from '#services/metrics/data_center_windows'
import type { DataCenterPanelParams, FanTiersParams } from '#validators/data_center'

/*
|--------------------------------------------------------------------------
| Data center (SPEC §2 Data Center, §9 tiers and ranking periods)
|--------------------------------------------------------------------------
|
| Network-wide figures come from the rollup (metric_daily_totals); figures
| per creator from metric_snapshots on two days per window only — the day
| before the window and its last day — through the (snapshot_date, platform,
| creator_id) index, grouped by creator: gain = value(end) − value(start−1),
| which equals the sum of the daily differences whenever both days exist.
| The few creators whose accounts are missing on one of those days are
| recomputed from their daily rows (sum of the differences). A creator
| account's scope cannot use the rollup: its "network" is the sum of its
| own creators' snapshots.
|
*/

/** Creators in each top-10 list and in the score ranking. */
const TOP_LIST_SIZE = 10
const SCORE_RANKING_SIZE = 20
/** The weekly growth top-10 counts creators with at least this many fans at the start (1k). */
const WEEKLY_GROWTH_MIN_FANS = FOLLOWER_TIERS[0]
/** Fan and view indexes above this count as this much in the score. */
const SCORE_INDEX_CAP = 500
const WEEK_DAYS = RANKING_PERIOD_DAYS['1w']
const MONTH_DAYS = RANKING_PERIOD_DAYS['1m']

/** A rate rounded to 6 decimals (null stays null). */
export const rate = (gain: number, base: number) =>
  base > 0 ? Math.round((gain / base) * 1e6) / 1e6 : null
export const round = (value: number, digits: number) =>
  Math.round(value * 10 ** digits) / 10 ** digits

/** The inclusive period of `days` days ending on `date` (default the newest snapshot day). */
function periodRange(date: string | undefined, days: number): Promise<DateRange> {
  return MetricScope.range({ end: date ?? null }, days)
}

/** The valid creators of the scope by id. */
async function validCreatorsById(scope: CreatorScope) {
  const creators = await validCreators(scope)
  return new Map(creators.map((creator) => [creator.creator_id, creator]))
}

const CHINA = 'china'
const YOUTUBE: PlatformKey = 'youtube'

export default class DataCenterService {
  /**
   * The data center panel: weekly growth top-10 (7 days ending `date`),
   * monthly views and fans top-10s (30 days), the network over the period,
   * the score ranking over the period and growth versus YouTube.
   */
  static panel(params: DataCenterPanelParams, scope: CreatorScope) {
    return MetricsCache.remember(
      `dc:panel:${MetricScope.key(scope)}:${JSON.stringify(params)}`,
      () => this.#panel(params, scope)
    )
  }

  static async #panel(params: DataCenterPanelParams, scope: CreatorScope) {
    const period: RankingPeriod = params.period ?? '1w'
    const platform = params.platform ?? null
    const range = await periodRange(params.date, RANKING_PERIOD_DAYS[period])
    const { end } = range
    const days = RANKING_PERIOD_DAYS[period]
    const longest = Math.max(days, MONTH_DAYS)

    const [[week, month, current], infos, totals] = await Promise.all([
      creatorWindows(scope, end, [WEEK_DAYS, MONTH_DAYS, days], platform ?? undefined),
      validCreatorsById(scope),
      dailyTotals(scope, addDays(end, -longest), end, undefined, ['fans', 'views']),
    ])

    const before = addDays(range.start, -1)
    const network = windowOf(
      totals.filter((total) => !platform || total.platform === platform),
      before,
      end
    )
    const networkGrowth = rate(network.fans_gained, network.fans_start)
    const creators = current.size
    const meanViews = creators > 0 ? network.views_gained / creators : null

    const weeklyGrowth = top(
      ranked(week, infos).filter((entry) => entry.fans_start >= WEEKLY_GROWTH_MIN_FANS),
      (entry) => entry.fans_diff / entry.fans_start,
      TOP_LIST_SIZE
    )
    const monthly = ranked(month, infos)
    const monthlyViews = top(monthly, (entry) => entry.views_diff, TOP_LIST_SIZE)
    const monthlyFans = top(monthly, (entry) => entry.fans_diff, TOP_LIST_SIZE)

    const networkRatio =
      network.fans_start > 0 && network.fans_gained > 0
        ? network.fans_gained / network.fans_start
        : null
    const scored = ranked(current, infos).map((entry) => {
      const fanIndex =
        networkRatio !== null && entry.fans_start > 0
          ? (100 * (entry.fans_diff / entry.fans_start)) / networkRatio
          : null
      const viewIndex =
        meanViews !== null && meanViews > 0 ? (100 * entry.views_diff) / meanViews : null
      const score =
        0.5 * Math.min(fanIndex ?? 0, SCORE_INDEX_CAP) +
        0.5 * Math.min(viewIndex ?? 0, SCORE_INDEX_CAP)
      return { ...entry, fanIndex, viewIndex, score: round(score, 1) }
    })

    return {
      period,
      range,
      platform,
      weekly_growth_top: weeklyGrowth.map((entry, index) => ({
        rank: index + 1,
        ...entry.info,
        fans: entry.fans,
        fans_diff: entry.fans_diff,
        growth: rate(entry.fans_diff, entry.fans_start),
      })),
      monthly_views_top: monthlyViews.map((entry, index) => ({
        rank: index + 1,
        ...entry.info,
        views: entry.views,
        views_diff: entry.views_diff,
      })),
      monthly_fans_top: monthlyFans.map((entry, index) => ({
        rank: index + 1,
        ...entry.info,
        fans: entry.fans,
        fans_diff: entry.fans_diff,
      })),
      network: {
        fans_start: network.fans_start,
        fans_gained: network.fans_gained,
        fans_growth: networkGrowth,
        views_gained: network.views_gained,
        creators,
        mean_views_gained: meanViews === null ? null : round(meanViews, 2),
      },
      score_ranking: top(scored, (entry) => entry.score, SCORE_RANKING_SIZE).map(
        (entry, index) => ({
          rank: index + 1,
          ...entry.info,
          fans: entry.fans,
          fans_diff: entry.fans_diff,
          views_diff: entry.views_diff,
          fan_index: entry.fanIndex === null ? null : round(entry.fanIndex, 1),
          view_index: entry.viewIndex === null ? null : round(entry.viewIndex, 1),
          score: entry.score,
        })
      ),
      growth_vs_youtube: this.#growthVsYoutube(totals, range, platform),
    }
  }

  /**
   * Fans of the Chinese platforms (the chosen one, when a Chinese platform is
   * chosen) against YouTube's over the period, with the cumulative growth
   * rate of each since the period's start for every day.
   */
  static #growthVsYoutube(totals: DayTotal[], range: DateRange, platform: PlatformKey | null) {
    const before = addDays(range.start, -1)
    const sideOf = (total: DayTotal) => {
      if (total.platform === YOUTUBE) return YOUTUBE
      if (platform && platform !== YOUTUBE && total.platform !== platform) return null
      return CHINA
    }
    const sides = { [CHINA]: [] as DayTotal[], [YOUTUBE]: [] as DayTotal[] }
    for (const total of totals) {
      const side = sideOf(total)
      if (side) sides[side].push(total)
    }
    const summary = (list: DayTotal[]) => {
      const window = windowOf(list, before, range.end, ['fans'])
      return {
        fans_start: window.fans_start,
        fans_end: window.fans_end,
        gained: window.fans_gained,
        rate: rate(window.fans_gained, window.fans_start),
      }
    }
    const china = summary(sides[CHINA])
    const youtube = summary(sides[YOUTUBE])

    const gainsByDay = (list: DayTotal[]) => {
      const gains = new Map<string, number>()
      for (const total of list) {
        if (total.date <= before || total.date > range.end) continue
        gains.set(total.date, (gains.get(total.date) ?? 0) + total.fans_diff)
      }
      return gains
    }
    const chinaGains = gainsByDay(sides[CHINA])
    const youtubeGains = gainsByDay(sides[YOUTUBE])
    const series: { date: string; china_rate: number | null; youtube_rate: number | null }[] = []
    let chinaSum = 0
    let youtubeSum = 0
    for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
      chinaSum += chinaGains.get(day) ?? 0
      youtubeSum += youtubeGains.get(day) ?? 0
      series.push({
        date: day,
        china_rate: rate(chinaSum, china.fans_start),
        youtube_rate: rate(youtubeSum, youtube.fans_start),
      })
    }
    return { china, youtube, series }
  }

  /**
   * The category panel: per category of the valid creators (in scope, on
   * `platform`), fans on the period's end, fans and views gained over the
   * period, growth, and the category's share of all their fans.
   */
  static categories(params: DataCenterPanelParams, scope: CreatorScope) {
    return MetricsCache.remember(
      `dc:categories:${MetricScope.key(scope)}:${JSON.stringify(params)}`,
      async () => {
        const period: RankingPeriod = params.period ?? '1w'
        const days = RANKING_PERIOD_DAYS[period]
        const range = await periodRange(params.date, days)
        const [[windows], infos] = await Promise.all([
          creatorWindows(scope, range.end, [days], params.platform),
          validCreatorsById(scope),
        ])
        const groups = new Map<
          string,
          {
            creators: number
            fans: number
            fans_start: number
            fans_diff: number
            views_diff: number
          }
        >()
        for (const entry of ranked(windows, infos)) {
          const group = groups.get(entry.info.category) ?? {
            creators: 0,
            fans: 0,
            fans_start: 0,
            fans_diff: 0,
            views_diff: 0,
          }
          group.creators++
          group.fans += entry.fans
          group.fans_start += entry.fans_start
          group.fans_diff += entry.fans_diff
          group.views_diff += entry.views_diff
          groups.set(entry.info.category, group)
        }
        const totalFans = [...groups.values()].reduce((sum, group) => sum + group.fans, 0)
        const categories = [...groups.entries()]
          .map(([category, group]) => ({
            category,
            creators: group.creators,
            fans: group.fans,
            fans_diff: group.fans_diff,
            views_diff: group.views_diff,
            growth: rate(group.fans_diff, group.fans_start),
            share: rate(group.fans, totalFans) ?? 0,
          }))
          .sort((a, b) => b.fans - a.fans || (a.category < b.category ? -1 : 1))
        return { period, range, platform: params.platform ?? null, categories }
      }
    )
  }

  /**
   * Fan tiers (SPEC §9) on the newest day (or `date`): with a platform, that
   * platform's accounts by their fans; without, creators by their fans summed
   * over platforms. Valid creators in scope only. A tier holds min ≤ fans < max.
   */
  static fanTiers(params: FanTiersParams, scope: CreatorScope) {
    const platform = params.platform_id ?? params.platform ?? null
    return MetricsCache.remember(
      `dc:fans:${MetricScope.key(scope)}:${platform}:${params.date ?? ''}`,
      async () => {
        const date = params.date ?? (await MetricScope.latestDate())
        const counts = FAN_TIER_KEYS.map(() => 0)
        if (date && (scope.creatorIds === null || scope.creatorIds.length > 0)) {
          const query = db
            .from('metric_snapshots')
            .join('creators', 'creators.id', 'metric_snapshots.creator_id')
            .where('metric_snapshots.snapshot_date', date)
            .where('creators.contract_status', 'valid')
          if (scope.creatorIds !== null) {
            query.whereIn('metric_snapshots.creator_id', scope.creatorIds)
          }
          if (platform) {
            query.where('metric_snapshots.platform', platform).select('metric_snapshots.fans')
          } else {
            query
              .groupBy('metric_snapshots.creator_id')
              .select(db.raw('sum(metric_snapshots.fans) as fans'))
          }
          for (const row of await query) counts[tierIndex(Number(row.fans))]++
        }
        return {
          platform,
          date: date ?? null,
          tiers: FAN_TIER_KEYS.map((key, index) => ({
            key,
            min: index === 0 ? 0 : FOLLOWER_TIERS[index - 1],
            max: FOLLOWER_TIERS[index] ?? null,
            count: counts[index],
          })),
        }
      }
    )
  }
}

/** The tier of `fans`: 0 newbie (< 1k), then one per FOLLOWER_TIERS edge reached. */
function tierIndex(fans: number) {
  let index = 0
  while (index < FOLLOWER_TIERS.length && fans >= FOLLOWER_TIERS[index]) index++
  return index
}
