import { useCustom } from '@refinedev/core'
import { api } from '../../../providers/http'
import { unwrap, failureOf } from '../../../lib/http'
import type { CreatorDashboardDetail } from '../../data-center/types'

/**
 * Each creator's figures per platform over a range (GET
 * /api/creator/dashboard/detail, one call per creator), in the order given.
 */
export function useCreatorDetails(ids: number[], start: string | null, end: string | null) {
  const { query } = useCustom<CreatorDashboardDetail[]>({
    url: '/api/creator/dashboard/detail',
    method: 'get',
    config: { query: { ids: ids.join(','), start, end } },
    queryOptions: {
      enabled: ids.length > 0 && start !== null,
      placeholderData: (previous) => previous,
      queryKey: ['creator-dashboard-detail', ids, start, end],
      queryFn: async () => {
        const details = await Promise.all(
          ids.map(async (id) =>
            unwrap<CreatorDashboardDetail>(
              (await api.get('/api/creator/dashboard/detail', { params: { id, start, end } })).data
            )
          )
        )
        return { data: details }
      },
    },
    errorNotification: false,
  })
  return {
    details: query.data?.data ?? [],
    loading: query.isLoading,
    error: query.isError ? failureOf(query.error).message : null,
  }
}
