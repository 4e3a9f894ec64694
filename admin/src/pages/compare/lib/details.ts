import { useCustom, useDataProvider } from '@refinedev/core'
import type { CreatorDashboardDetail } from '../../../lib/metrics'

/**
 * Each creator's figures per platform over a range (GET
 * /api/creator/dashboard/detail, one call per creator), in the order given.
 */
export function useCreatorDetails(ids: number[], start: string | null, end: string | null) {
  const dataProvider = useDataProvider()
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
          ids.map(
            async (id) =>
              (
                await dataProvider().custom!<CreatorDashboardDetail>({
                  url: '/api/creator/dashboard/detail',
                  method: 'get',
                  query: { id, start, end },
                })
              ).data
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
    error: query.isError ? query.error?.message : null,
  }
}
