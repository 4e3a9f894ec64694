import type { AuthProvider } from '@refinedev/core'
import { API_STATUS } from '@shared/constants'
import { api } from './http'
import { authStore, type AuthDialog } from './auth-store'
import { session } from './session'
import { forgetUserInfo, loadUserInfo } from './identity'

export interface LoginValues {
  email: string
  password: string
}

type LoginOutcome =
  | { ok: true }
  | { ok: false; kind: 'login_failed' | 'server_error'; status?: number; message?: string }

/**
 * POST /api/user/login with `account` and `password`, form-encoded (SPEC §7).
 * Status 0 stores the token (the refresh token arrives as an HttpOnly
 * cookie); a non-zero status is 'Login Failed'; no answer is 'Server Error'.
 */
export async function login(values: LoginValues): Promise<LoginOutcome> {
  try {
    const body = new URLSearchParams({ account: values.email.trim(), password: values.password })
    const response = await api.post('/api/user/login', body, { anyStatus: true })
    const data = response.data as { status?: number; message?: string; data?: { token?: string } }
    if (response.status >= 500 || typeof data?.status !== 'number') {
      return { ok: false, kind: 'server_error' }
    }
    if (data.status === API_STATUS.OK && data.data?.token) {
      session.setToken(data.data.token)
      forgetUserInfo()
      return { ok: true }
    }
    return { ok: false, kind: 'login_failed', status: data.status, message: data.message }
  } catch {
    return { ok: false, kind: 'server_error' }
  }
}

/**
 * Wrong credentials show the spec's fixed 'Login Failed' texts; an account
 * that waits for approval or is disabled shows the server's explanation.
 */
export function loginDialog(outcome: Extract<LoginOutcome, { ok: false }>): AuthDialog {
  if (outcome.kind === 'server_error') return { kind: 'server_error' }
  const explain =
    outcome.status === API_STATUS.ACCOUNT_PENDING || outcome.status === API_STATUS.ACCOUNT_DISABLED
  return { kind: 'login_failed', message: explain ? outcome.message : undefined }
}

export const authProvider: AuthProvider = {
  login: async (values: LoginValues) => {
    const outcome = await login(values)
    if (outcome.ok) {
      window.location.replace('/')
      return { success: true }
    }
    authStore.openDialog(loginDialog(outcome))
    return { success: false }
  },

  /*
   * Signing out loads the sign-in page afresh: nothing of the previous
   * person's data stays in memory, and no screen still mounted asks the API
   * again (Refine's re-check would remount the layout and refetch every
   * query of the screen without a token). The promise is left pending while
   * the browser leaves the page, so Refine never runs that re-check.
   */
  logout: async () => {
    await api.post('/api/user/logout').catch(() => undefined)
    session.clear()
    forgetUserInfo()
    window.location.replace('/login')
    return new Promise<never>(() => undefined)
  },

  /** A stored token is checked with the user-info call (SPEC §4 "Auth on load"). */
  check: async () => {
    if (!session.getToken()) {
      return { authenticated: false, redirectTo: '/login' }
    }
    try {
      const info = await loadUserInfo()
      if (info) return { authenticated: true }
      return { authenticated: false, redirectTo: '/login' }
    } catch (error: any) {
      const status = error?.response?.data?.status
      if (status === API_STATUS.IP_NOT_REGISTERED) {
        return { authenticated: false, redirectTo: '/login' }
      }
      if (error?.statusCode === 401) {
        session.clear()
        return { authenticated: false, redirectTo: '/login', logout: true }
      }
      // The server could not be reached: stay on the page rather than lose it.
      return { authenticated: true }
    }
  },

  onError: async (error: any) => {
    if (error?.statusCode === 401 && error?.response?.data?.status === 401) {
      session.clear()
      return { logout: true, redirectTo: '/login', error }
    }
    return { error }
  },

  getIdentity: async () => (await loadUserInfo().catch(() => null))?.user ?? null,

  getPermissions: async () => (await loadUserInfo().catch(() => null))?.permissions ?? {},
}
