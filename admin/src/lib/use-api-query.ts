import { useDeferredValue, useMemo } from 'react'
import { useCustom } from '@refinedev/core'

export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | (string | number)[]
>

/** Drops empty values and joins lists with commas (creator_ids=1,2), as the metrics API reads them. */
export function cleanParams(params: QueryParams): Record<string, string | number | boolean> {
  const clean: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue
    if (Array.isArray(value)) {
      if (value.length) clean[key] = value.join(',')
      continue
    }
    clean[key] = value
  }
  return clean
}

export interface ApiQueryResult<T> {
  data: T | undefined
  /** The first load (nothing to show yet). */
  loading: boolean
  /** Any load, a refetch with the previous data still on screen included. */
  fetching: boolean
  /** The server's translated message when the load failed. */
  error: string | null
  refetch: () => void
}

/**
 * One GET of a dashboard or metrics endpoint through Refine's useCustom (the
 * data provider unwraps `{status: 0, data}`): the previous answer stays on
 * screen while new filters load, and `version` (part of the query key) makes
 * every panel fetch again after a collection run.
 */
export function useApiQuery<T>(
  url: string,
  params: QueryParams,
  { enabled = true, version }: { enabled?: boolean; version?: number | string } = {}
): ApiQueryResult<T> {
  const query = useMemo(() => cleanParams(params), [params])
  const { query: result } = useCustom({
    url,
    method: 'get',
    config: { query },
    meta: version === undefined ? undefined : { version },
    errorNotification: false,
    queryOptions: { enabled, placeholderData: (previous) => previous },
  })
  const fresh = result.data?.data as T | undefined
  // A new answer is drawn in a deferred render, which React splits into short
  // slices: a panel's rows and charts never hold the page in one long task.
  // Until then the panel keeps what it showed (its skeleton the first time).
  const data = useDeferredValue(fresh)
  const drawing = data !== fresh
  const refetch = result.refetch
  return useMemo(
    () => ({
      data,
      loading: result.isLoading || (drawing && data === undefined),
      fetching: result.isFetching || drawing,
      error: result.isError ? result.error?.message || 'error' : null,
      refetch: () => void refetch(),
    }),
    [data, drawing, result.isLoading, result.isFetching, result.isError, result.error, refetch]
  )
}
