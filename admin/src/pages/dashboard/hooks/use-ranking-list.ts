import { useCallback, useMemo } from 'react'
import { DASHBOARD_PAGE_SIZE, type DashboardSort, type PlatformKey } from '@shared/constants'
import { useCustomPages } from '../../../lib/use-custom-pages'
import type { RankingListItem, RankingListPage, SortOrder } from '../../../lib/metrics'

interface RankingParams {
  start?: string
  end?: string
  platform?: PlatformKey
  sort: DashboardSort
  order: SortOrder
}

/**
 * The creator ranking of GET /api/dashboard/list, 20 rows at a time: new
 * filters or a new sort start again from the top; `loadMore` fetches the
 * next page until the API says there is no more.
 */
export function useRankingList(
  { start, end, platform, sort, order }: RankingParams,
  version: number
) {
  const pages = useCustomPages<RankingListPage>({
    url: '/api/dashboard/list',
    query: { start, end, platform, sort, order },
    version,
    pageSize: DASHBOARD_PAGE_SIZE,
    hasMore: (page) => page.has_more,
  })
  const { data, error, isFetching, hasNextPage, fetchNextPage, refetch } = pages
  const items = useMemo(() => {
    // Keep one row per rank: a page that arrives twice replaces itself.
    const byRank = new Map<number, RankingListItem>()
    for (const page of data?.pages ?? []) for (const item of page.items) byRank.set(item.rank, item)
    return [...byRank.values()]
  }, [data])
  const last = data?.pages.at(-1)
  const failed = error ? error.message || 'error' : null

  const loadMore = useCallback(() => {
    if (isFetching || !hasNextPage || failed) return
    void fetchNextPage()
  }, [isFetching, hasNextPage, failed, fetchNextPage])

  const retry = useCallback(
    () => void (data?.pages.length ? fetchNextPage() : refetch()),
    [data, fetchNextPage, refetch]
  )

  return {
    items,
    total: last?.total ?? 0,
    hasMore: data ? hasNextPage : true,
    range: last?.range ?? null,
    loading: isFetching,
    error: failed,
    loadMore,
    retry,
  }
}
