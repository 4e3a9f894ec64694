import { useDataProvider } from '@refinedev/core'
import { useInfiniteQuery } from '@tanstack/react-query'

/**
 * A GET endpoint read `limit` rows at a time from `offset` (the dashboard
 * ranking, the headline notifications), through the data provider with
 * react-query's infinite query: `fetchNextPage` asks for the rows after the
 * ones loaded while `hasMore(lastPage, loaded)` says there are more. New
 * parameters start again from the top; nothing is retried or kept once
 * nobody shows it (a list is always read afresh).
 */
export function useCustomPages<TPage extends { items: unknown[] }>({
  url,
  query,
  pageSize,
  hasMore,
  enabled = true,
  version,
}: {
  url: string
  query: Record<string, string | number | undefined>
  pageSize: number
  hasMore: (lastPage: TPage, loaded: number) => boolean
  enabled?: boolean
  /** Part of the query key only: a new version reads the list again. */
  version?: number
}) {
  const dataProvider = useDataProvider()
  const loadedIn = (pages: TPage[]) => pages.reduce((sum, page) => sum + page.items.length, 0)
  return useInfiniteQuery({
    queryKey: ['custom-pages', url, query, version],
    initialPageParam: 0,
    enabled,
    retry: false,
    gcTime: 0,
    queryFn: async ({ pageParam }) => {
      const { data } = await dataProvider().custom!<TPage>({
        url,
        method: 'get',
        query: { ...query, offset: pageParam, limit: pageSize },
      })
      return data
    },
    getNextPageParam: (lastPage, pages) => {
      const loaded = loadedIn(pages)
      return hasMore(lastPage, loaded) ? loaded : undefined
    },
  })
}
