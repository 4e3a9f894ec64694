import { useMemo } from 'react'
import { useCustom } from '@refinedev/core'
import { failureOf, unwrap } from '../../../lib/http'

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

/**
 * One GET of a metrics endpoint (`{status: 0, data}`) through Refine's
 * useCustom: the unwrapped data, the first load, a refetch in progress (the
 * previous data stays on screen meanwhile) and a translated error message.
 */
export function useMetricsQuery<T>(
  url: string,
  params: QueryParams,
  options: { enabled?: boolean } = {}
) {
  const query = useMemo(() => cleanParams(params), [params])
  const { query: result } = useCustom<{ status: number; data: T }>({
    url,
    method: 'get',
    config: { query },
    queryOptions: { enabled: options.enabled ?? true, placeholderData: (previous) => previous },
    errorNotification: false,
  })
  const data = result.data?.data ? unwrap<T>(result.data.data) : undefined
  return {
    data,
    loading: result.isLoading,
    fetching: result.isFetching,
    error: result.isError ? failureOf(result.error).message || 'error' : null,
    refetch: result.refetch,
  }
}
