import type { Metric } from '@shared/constants'
import type { SeriesDatum } from '../../../components/charts'
import type { Granularity, MetricSeries } from '../../../lib/metrics'

/** The x label of a bucket: the day, the week's Monday, or the month (YYYY-MM). */
export function bucketLabel(date: string, granularity: Granularity) {
  return granularity === 'month' ? date.slice(0, 7) : date
}

/** Series names: each creator's channel name, or the whole network when none was picked. */
export function seriesNames(series: MetricSeries, network: string) {
  const names = new Map<number | null, string>([[null, network]])
  for (const creator of series.creators) names.set(creator.creator_id, creator.channel_name)
  return names
}

/** One line chart per metric: a line per creator (or the network), points in date order. */
export function chartsOf(
  series: MetricSeries,
  names: Map<number | null, string>
): Record<string, SeriesDatum[]> {
  const charts: Record<string, SeriesDatum[]> = Object.fromEntries(
    series.metrics.map((metric) => [metric, []])
  )
  const sorted = [...series.points].sort((a, b) => a.date.localeCompare(b.date))
  const order = new Map(series.creators.map((creator, index) => [creator.creator_id, index]))
  // Series in the order the creators were picked, so colours stay put when the range changes.
  sorted.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (order.get(a.creator_id ?? -1) ?? -1) - (order.get(b.creator_id ?? -1) ?? -1)
  )
  for (const point of sorted) {
    charts[point.metric]?.push({
      x: bucketLabel(point.date, series.granularity),
      value: point.value,
      series: names.get(point.creator_id) ?? String(point.creator_id),
    })
  }
  return charts
}

export interface SeriesRow {
  key: string
  date: string
  creator_id: number | null
  name: string
  values: Partial<Record<Metric, number>>
}

/** The table under the charts: a row per bucket and creator, newest first, a column per metric. */
export function rowsOf(series: MetricSeries, names: Map<number | null, string>): SeriesRow[] {
  const rows = new Map<string, SeriesRow>()
  for (const point of series.points) {
    const key = `${point.date}|${point.creator_id ?? 'all'}`
    let row = rows.get(key)
    if (!row) {
      row = {
        key,
        date: bucketLabel(point.date, series.granularity),
        creator_id: point.creator_id,
        name: names.get(point.creator_id) ?? '',
        values: {},
      }
      rows.set(key, row)
    }
    row.values[point.metric] = point.value
  }
  const order = new Map(series.creators.map((creator, index) => [creator.creator_id, index]))
  return [...rows.values()].sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      (order.get(a.creator_id ?? -1) ?? -1) - (order.get(b.creator_id ?? -1) ?? -1)
  )
}
