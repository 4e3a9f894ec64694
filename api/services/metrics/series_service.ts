import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Metric, PlatformKey } from '#shared/constants'
import StudioException from '#exceptions/studio_exception'
import MetricScope, { addDays, type CreatorScope } from '#services/metrics/metric_scope'
import MetricsCache from '#services/metrics/metrics_cache'
import { dayOf } from '#services/metrics/rollup_service'
import { dailyTotals, diffOf } from '#services/metrics/daily_totals'
import type { SeriesParams } from '#validators/data_center'
import type { SeriesGranularity, SeriesMode } from '#shared/metrics'

/** Metrics charted when none are asked for. */
const DEFAULT_SERIES_METRICS: Metric[] = ['fans']

interface SeriesPoint {
  date: string
  creator_id: number | null
  metric: Metric
  value: number
}

/** The first day of the bucket `day` falls in: itself, its week's Monday, or its month's 1st. */
function bucketOf(day: string, granularity: SeriesGranularity) {
  if (granularity === 'day') return day
  const date = DateTime.fromISO(day, { zone: 'utc' })
  if (granularity === 'week') return date.minus({ days: date.weekday - 1 }).toISODate()!
  return `${day.slice(0, 7)}-01`
}

/**
 * Creators that do not exist or that the scope does not cover are a 404
 * ('metrics.unknown_creators'); otherwise their id, brand number and name
 * in the order asked.
 */
export async function visibleCreators(ids: number[], scope: CreatorScope) {
  if (ids.length === 0) return []
  const rows = await db.from('creators').whereIn('id', ids).select('id', 'brand_no', 'channel_name')
  const found = new Map(rows.map((row) => [Number(row.id), row]))
  const hidden = ids.filter(
    (id) => !found.has(id) || (scope.creatorIds !== null && !scope.creatorIds.includes(id))
  )
  if (hidden.length) {
    throw new StudioException('metrics.unknown_creators', { status: 404, data: { ids: hidden } })
  }
  return ids.map((id) => ({
    creator_id: id,
    brand_no: String(found.get(id)!.brand_no),
    channel_name: String(found.get(id)!.channel_name),
  }))
}

/**
 * Per day of [start, end]: the summed values (mode value) or diffs (mode
 * diff) of `metrics` — of each creator (through the (creator_id,
 * snapshot_date) index), or of the network (the rollup) when no creator is
 * given.
 */
async function dailyValues(
  creatorIds: number[],
  scope: CreatorScope,
  range: { start: string; end: string },
  metrics: Metric[],
  columns: string[],
  platform?: PlatformKey
): Promise<Map<number | null, Map<string, Record<string, number>>>> {
  const result = new Map<number | null, Map<string, Record<string, number>>>()
  const add = (key: number | null, date: string, values: Record<string, number>) => {
    const days = result.get(key) ?? new Map<string, Record<string, number>>()
    const current = days.get(date)
    if (current) {
      for (const column of columns) current[column] += values[column]
    } else {
      days.set(date, { ...values })
    }
    result.set(key, days)
  }

  if (creatorIds.length === 0) {
    const totals = await dailyTotals(scope, range.start, range.end, platform, metrics)
    for (const total of totals) {
      add(null, total.date, Object.fromEntries(columns.map((c) => [c, total[c as Metric]])))
    }
    return result
  }

  const query = db
    .from('metric_snapshots')
    .whereIn('creator_id', creatorIds)
    .whereBetween('snapshot_date', [range.start, range.end])
    .groupBy('creator_id', 'snapshot_date')
    .select('creator_id', 'snapshot_date')
    .select(columns.map((column) => db.raw(`sum(${column}) as ${column}`)))
  if (platform) query.where('platform', platform)
  for (const row of await query) {
    add(
      Number(row.creator_id),
      dayOf(row.snapshot_date),
      Object.fromEntries(columns.map((column) => [column, Number(row[column] ?? 0)]))
    )
  }
  return result
}

export default class SeriesService {
  /**
   * Chart series (Data Chart Panel, total_compare): for up to 10 creators —
   * or the whole network (the scope's creators for a creator account) — and
   * up to 4 metrics, one point per bucket of the range. Value mode: the value
   * on the bucket's last day with data (within the range); diff mode: the sum
   * of the diffs in the bucket (within the range). Buckets without data are 0.
   */
  static series(params: SeriesParams, scope: CreatorScope) {
    return MetricsCache.remember(
      `dc:series:${MetricScope.key(scope)}:${JSON.stringify(params)}`,
      async () => {
        const creatorIds = params.creator_ids ?? []
        const metrics = params.metrics?.length ? params.metrics : DEFAULT_SERIES_METRICS
        const granularity: SeriesGranularity = params.granularity ?? 'day'
        const mode: SeriesMode = params.mode ?? 'value'
        const [range, creators] = await Promise.all([
          MetricScope.range(params),
          visibleCreators(creatorIds, scope),
        ])
        const columns = metrics.map((metric) => (mode === 'value' ? metric : diffOf(metric)))
        const values = await dailyValues(
          creatorIds,
          scope,
          range,
          metrics,
          columns,
          params.platform
        )

        const buckets: { date: string; days: string[] }[] = []
        for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
          const bucket = bucketOf(day, granularity)
          const last = buckets[buckets.length - 1]
          if (last?.date === bucket) last.days.push(day)
          else buckets.push({ date: bucket, days: [day] })
        }

        const points: SeriesPoint[] = []
        const keys: (number | null)[] = creatorIds.length ? creatorIds : [null]
        for (const key of keys) {
          const days = values.get(key)
          metrics.forEach((metric, index) => {
            const column = columns[index]
            for (const bucket of buckets) {
              let value = 0
              if (mode === 'diff') {
                for (const day of bucket.days) value += days?.get(day)?.[column] ?? 0
              } else {
                const last = [...bucket.days].reverse().find((day) => days?.has(day))
                value = last ? days!.get(last)![column] : 0
              }
              points.push({ date: bucket.date, creator_id: key, metric, value })
            }
          })
        }
        return { range, granularity, mode, metrics, creators, points }
      }
    )
  }
}
