import dayjs, { type Dayjs } from 'dayjs'
import { useApiQuery } from './use-api-query'
import type { FanTiers } from './metrics'

export const DAY = 'YYYY-MM-DD'

/** YYYY-MM-DD of a picker value. */
export const dayOf = (value: Dayjs) => value.format(DAY)

/** The inclusive range of `days` days that ends on `end`. */
export function rangeEndingOn(end: string, days: number): [string, string] {
  return [
    dayjs(end)
      .subtract(days - 1, 'day')
      .format(DAY),
    end,
  ]
}

/**
 * The newest day with snapshots (what 'the last 7 days' end on), read from
 * the small fan-tier answer; yesterday until it arrives or before the first
 * collection (the daily job collects yesterday's values).
 */
export function useLatestDate() {
  const { data, loading } = useApiQuery<FanTiers>('/api/dashboard/fans', {})
  return {
    latest: data?.date ?? (loading ? null : dayjs().subtract(1, 'day').format(DAY)),
    loading,
  }
}
