import { useCallback, useEffect, useRef, useState } from 'react'
import { DASHBOARD_PAGE_SIZE, type DashboardSort, type PlatformKey } from '@shared/constants'
import { api } from '../../../providers/http'
import { failureOf, unwrap } from '../../../lib/http'
import type { DateRange, RankingListItem, RankingListPage, SortOrder } from '../types'

export interface RankingParams {
  start?: string
  end?: string
  platform?: PlatformKey
  sort: DashboardSort
  order: SortOrder
}

interface State {
  key: string
  items: RankingListItem[]
  total: number
  hasMore: boolean
  range: DateRange | null
  loading: boolean
  error: string | null
}

const initial = (key: string): State => ({
  key,
  items: [],
  total: 0,
  hasMore: true,
  range: null,
  loading: false,
  error: null,
})

/**
 * The creator ranking of GET /api/dashboard/list, 20 rows at a time: new
 * filters or a new sort start again from the top; `loadMore` fetches the
 * next page until the API says there is no more.
 */
export function useRankingList(
  { start, end, platform, sort, order }: RankingParams,
  version: number
) {
  const key = JSON.stringify([start, end, platform, sort, order, version])
  const [state, setState] = useState<State>(() => initial(key))
  const inflight = useRef<{ key: string; offset: number } | null>(null)
  /** The key whose answers are still wanted (set when its first page is asked for). */
  const current = useRef(key)

  const fetchPage = useCallback(
    async (offset: number) => {
      if (inflight.current && inflight.current.key === key && inflight.current.offset === offset)
        return
      inflight.current = { key, offset }
      setState((previous) =>
        previous.key === key
          ? { ...previous, loading: true, error: null }
          : { ...initial(key), loading: true }
      )
      try {
        const { data } = await api.get('/api/dashboard/list', {
          params: { start, end, platform, sort, order, offset, limit: DASHBOARD_PAGE_SIZE },
        })
        const page = unwrap<RankingListPage>(data)
        if (current.current !== key) return
        setState((previous) => {
          const base = previous.key === key ? previous : initial(key)
          // Keep one row per rank: a page that arrives twice replaces itself.
          const kept = base.items.filter((item) => item.rank <= offset)
          return {
            key,
            items: [...kept, ...page.items],
            total: page.total,
            hasMore: page.has_more,
            range: page.range,
            loading: false,
            error: null,
          }
        })
      } catch (error) {
        if (current.current !== key) return
        setState((previous) => ({
          ...(previous.key === key ? previous : initial(key)),
          loading: false,
          error: failureOf(error).message,
        }))
      } finally {
        if (inflight.current?.key === key && inflight.current.offset === offset)
          inflight.current = null
      }
    },
    [key, start, end, platform, sort, order]
  )

  useEffect(() => {
    current.current = key
    void fetchPage(0)
  }, [fetchPage, key])

  const view = state.key === key ? state : { ...initial(key), loading: true }

  const loadMore = useCallback(() => {
    if (view.loading || !view.hasMore || view.error) return
    void fetchPage(view.items.length)
  }, [view.loading, view.hasMore, view.error, view.items.length, fetchPage])

  const retry = useCallback(() => void fetchPage(view.items.length), [fetchPage, view.items.length])

  return { ...view, loadMore, retry }
}
