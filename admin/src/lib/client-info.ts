import { useCustom } from '@refinedev/core'

interface ClientInfo {
  ip: string
  country_name: string
  brand: string
  version: string
  old_version: { label: string; url: string }
  sign_up: boolean
}

const FALLBACK: ClientInfo = {
  ip: 'unknown',
  country_name: 'unknown',
  brand: 'mcn',
  version: '',
  old_version: { label: '1.4.0', url: '' },
  sign_up: true,
}

/**
 * GET /api/client-info: the caller's IP and country as the server sees them,
 * and public settings; asked once per page load, the fallback when it fails.
 */
export function useClientInfo(): ClientInfo | null {
  const { query } = useCustom<Partial<ClientInfo>>({
    url: '/api/client-info',
    method: 'get',
    queryOptions: { staleTime: Infinity, gcTime: Infinity, retry: false },
    errorNotification: false,
  })
  if (query.isError) return FALLBACK
  return query.data ? { ...FALLBACK, ...query.data.data } : null
}
