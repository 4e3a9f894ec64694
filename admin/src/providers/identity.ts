import { useQueryClient } from '@tanstack/react-query'
import { api } from './http'
import { session } from './session'

export interface StudioUser {
  id: number
  email: string
  name: string
  phone: string | null
  account_type: 'staff' | 'creator' | 'company'
  role: 'admin' | 'manager' | 'staff' | 'creator' | 'company'
  status: string
  locale: string
  company_name: string | null
  channel_name: string | null
  avatar_url: string | null
  teams: { id: number; key: string; name: string; is_manager: boolean }[]
  last_login_at: string | null
  created_at: string | null
}

export type Permissions = Record<string, string[]>

interface UserInfo {
  user: StudioUser
  permissions: Permissions
}

/**
 * GET /api/user/info, once per page load (the page reloads after a login,
 * a refresh or a logout, so the cached answer never goes stale).
 */
let info: Promise<UserInfo | null> | null = null

export function loadUserInfo(): Promise<UserInfo | null> {
  info ??= api
    .get('/api/user/info')
    .then((response) => (response.data?.status === 0 ? (response.data.data as UserInfo) : null))
    .catch((error) => {
      info = null
      throw error
    })
  return info
}

/** At start-up with a stored token: ask now, so the answer is ready when the shell wants it. */
export function prefetchUserInfo() {
  if (session.getToken()) loadUserInfo().catch(() => undefined)
}

export function forgetUserInfo() {
  info = null
}

/**
 * After my own account changes (name, picture, teams): forget the cached
 * answer and let every identity/permission query load it again.
 */
export function useRefreshIdentity() {
  const client = useQueryClient()
  return async () => {
    forgetUserInfo()
    await client.invalidateQueries({ queryKey: ['auth'] })
    await client.invalidateQueries({
      predicate: (query) => JSON.stringify(query.queryKey).includes('identity'),
    })
  }
}
