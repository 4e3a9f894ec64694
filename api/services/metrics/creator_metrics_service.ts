import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import MetricScope, { addDays, isoDay, type CreatorScope } from '#services/metrics/metric_scope'
import MetricsCache from '#services/metrics/metrics_cache'
import { dayOf } from '#services/metrics/rollup_service'
import { rate } from '#services/metrics/data_center_service'
import { GAIN_COLUMNS } from '#services/metrics/daily_totals'
import { visibleCreators } from '#services/metrics/series_service'
import type {
  CreatorDailyParams,
  CreatorDetailParams,
  CreatorMonthlyParams,
} from '#validators/data_center'
import { MONTHLY_CHART_DEFAULT_MONTHS } from '#shared/metrics'

const DAILY_COLUMNS = [
  'fans',
  'fans_diff',
  'views',
  'views_diff',
  'likes',
  'likes_diff',
  'comments',
  'comments_diff',
  'shares',
  'danmaku',
  'coins',
  'videos',
  'videos_diff',
] as const

const MONTHLY_COLUMNS = [...GAIN_COLUMNS, 'videos_diff'] as const

/** The four headline metrics of the creator's dashboard detail. */
const DETAIL_METRICS = ['fans', 'views', 'likes', 'comments'] as const
type DetailFigures = Record<
  (typeof DETAIL_METRICS)[number] | `${(typeof DETAIL_METRICS)[number]}_diff`,
  number
> & { growth: number | null }

const scopeKey = (scope: CreatorScope, name: string, params: object) =>
  `dc:creator:${name}:${MetricScope.key(scope)}:${JSON.stringify(params)}`

/**
 * A creator's own charts and daily records (SPEC §2 Creator detail). The
 * creator must exist and lie in the user's scope (else a 404).
 */
export default class CreatorMetricsService {
  /** Every snapshot of the creator in the range (default the last 7 days), newest first. */
  static daily(params: CreatorDailyParams, scope: CreatorScope) {
    return MetricsCache.remember(scopeKey(scope, 'daily', params), async () => {
      const [range] = await Promise.all([
        MetricScope.range(params),
        visibleCreators([params.id], scope),
      ])
      const query = db
        .from('metric_snapshots')
        .where('creator_id', params.id)
        .whereBetween('snapshot_date', [range.start, range.end])
        .select('snapshot_date', 'platform', ...DAILY_COLUMNS, 'source', 'adapter')
        .orderBy('snapshot_date', 'desc')
        .orderBy('platform', 'asc')
      if (params.platform) query.where('platform', params.platform)
      const found = await query
      const rows = found.map((row) => ({
        date: dayOf(row.snapshot_date),
        platform: row.platform as PlatformKey,
        ...Object.fromEntries(DAILY_COLUMNS.map((column) => [column, Number(row[column])])),
        source: row.source as string,
        adapter: row.adapter as string,
      }))
      return { creator_id: params.id, range, rows }
    })
  }

  /**
   * The last `months` calendar months up to the newest snapshot day, oldest
   * first: fans and views on the month's last day with data (summed over
   * platforms), and the month's gains.
   */
  static monthly(params: CreatorMonthlyParams, scope: CreatorScope) {
    return MetricsCache.remember(scopeKey(scope, 'monthly', params), async () => {
      const [latest] = await Promise.all([
        MetricScope.latestDate(),
        visibleCreators([params.id], scope),
      ])
      const count = params.months ?? MONTHLY_CHART_DEFAULT_MONTHS
      const last = latest ?? isoDay(DateTime.utc().minus({ days: 1 }))
      const first = DateTime.fromISO(last, { zone: 'utc' })
        .startOf('month')
        .minus({ months: count - 1 })
      const query = db
        .from('metric_snapshots')
        .where('creator_id', params.id)
        .whereBetween('snapshot_date', [isoDay(first), last])
        .groupBy('snapshot_date')
        .select('snapshot_date')
        .select(MONTHLY_COLUMNS.map((column) => db.raw(`sum(${column}) as ${column}`)))
        .orderBy('snapshot_date', 'asc')
      if (params.platform) query.where('platform', params.platform)
      const byMonth = new Map<string, Record<string, number>>()
      for (const row of await query) {
        const month = dayOf(row.snapshot_date).slice(0, 7)
        const entry = byMonth.get(month) ?? Object.fromEntries(MONTHLY_COLUMNS.map((c) => [c, 0]))
        for (const column of MONTHLY_COLUMNS) {
          const value = Number(row[column] ?? 0)
          entry[column] = column.endsWith('_diff') ? entry[column] + value : value
        }
        byMonth.set(month, entry)
      }
      const months = Array.from({ length: count }, (_, index) => {
        const month = first.plus({ months: index }).toFormat('yyyy-MM')
        const entry = byMonth.get(month)
        return {
          month,
          ...Object.fromEntries(MONTHLY_COLUMNS.map((column) => [column, entry?.[column] ?? 0])),
        }
      })
      return { creator_id: params.id, months }
    })
  }

  /**
   * The creator's platforms over the range (default the last 7 days): the
   * value on the range's end (the newest in the range when the end day is
   * missing), the gain (sum of the diffs in the range), fans growth against
   * the day before the range (else the first day in it), and the source and
   * adapter of the newest snapshot; with the totals over platforms.
   */
  static detail(params: CreatorDetailParams, scope: CreatorScope) {
    return MetricsCache.remember(scopeKey(scope, 'detail', params), async () => {
      const [range] = await Promise.all([
        MetricScope.range(params),
        visibleCreators([params.id], scope),
      ])
      const before = addDays(range.start, -1)
      const rows = await db
        .from('metric_snapshots')
        .where('creator_id', params.id)
        .whereBetween('snapshot_date', [before, range.end])
        .select(
          'snapshot_date',
          'platform',
          ...DETAIL_METRICS,
          ...DETAIL_METRICS.map((metric) => `${metric}_diff`),
          'source',
          'adapter'
        )
        .orderBy('snapshot_date', 'asc')

      const byPlatform = new Map<string, typeof rows>()
      for (const row of rows) {
        const list = byPlatform.get(row.platform) ?? []
        list.push({ ...row, snapshot_date: dayOf(row.snapshot_date) })
        byPlatform.set(row.platform, list)
      }

      const total: DetailFigures & { fans_start: number } = {
        ...(Object.fromEntries(
          DETAIL_METRICS.flatMap((metric) => [
            [metric, 0],
            [`${metric}_diff`, 0],
          ])
        ) as Omit<DetailFigures, 'growth'>),
        growth: null,
        fans_start: 0,
      }
      const platforms = []
      for (const platform of PLATFORMS) {
        const list = byPlatform.get(platform)
        if (!list || !list.some((row) => row.snapshot_date >= range.start)) continue
        const newest = list[list.length - 1]
        const figures: Record<string, number> = {}
        for (const metric of DETAIL_METRICS) {
          figures[metric] = Number(newest[metric])
          figures[`${metric}_diff`] = list
            .filter((row) => row.snapshot_date >= range.start)
            .reduce((sum, row) => sum + Number(row[`${metric}_diff`]), 0)
          total[metric] += figures[metric]
          total[`${metric}_diff`] += figures[`${metric}_diff`]
        }
        const fansStart = Number(list[0].fans)
        total.fans_start += fansStart
        platforms.push({
          platform,
          ...figures,
          growth: rate(figures.fans_diff, fansStart),
          source: newest.source as string,
          adapter: newest.adapter as string,
        })
      }
      const { fans_start: fansStart, ...totals } = total
      totals.growth = rate(total.fans_diff, fansStart)
      return { creator_id: params.id, range, platforms, total: totals }
    })
  }
}
