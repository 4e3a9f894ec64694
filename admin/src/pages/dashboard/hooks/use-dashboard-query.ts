import { useMemo } from 'react'
import { useCustom } from '@refinedev/core'
import { unwrap } from '../../../lib/http'

export interface DashboardQueryResult<T> {
  data: T | undefined
  /** The first load (nothing to show yet). */
  isLoading: boolean
  /** Any load, a refetch with the previous data still on screen included. */
  isFetching: boolean
  error: unknown
  refetch: () => void
}

/**
 * A GET of a dashboard endpoint with useCustom: `{status: 0, data}` is
 * unwrapped, the previous answer stays on screen while new filters load,
 * and `version` (part of the query key) makes every panel fetch again after
 * a collection run.
 */
export function useDashboardQuery<T>(
  url: string,
  query: Record<string, string | number | undefined>,
  version: number | string,
  enabled = true
): DashboardQueryResult<T> {
  const { query: result } = useCustom({
    url,
    method: 'get',
    config: { query },
    meta: { version },
    errorNotification: false,
    queryOptions: { enabled, placeholderData: (previous) => previous },
  })
  const body = result.data?.data
  const data = useMemo(() => (body ? unwrap<T>(body) : undefined), [body])
  const refetch = result.refetch
  return useMemo(
    () => ({
      data,
      isLoading: result.isLoading,
      isFetching: result.isFetching,
      error: result.error,
      refetch: () => void refetch(),
    }),
    [data, result.isLoading, result.isFetching, result.error, refetch]
  )
}
