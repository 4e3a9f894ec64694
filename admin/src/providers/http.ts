import axios, { type AxiosError, type AxiosResponse } from 'axios'
import { API_STATUS } from '@shared/constants'
import { authStore } from './auth-store'
import { getLanguage, session } from './session'

/**
 * The one HTTP client of the admin. Every request carries the `token` header
 * and the chosen language; every response goes through the session state
 * machine of SPEC §4:
 *
 * - body status -101 (token expired) and a refresh token present → one
 *   PUT /api/refresh_token for all the requests that saw it at once; new
 *   pair → store it and reload the page; data null → clear the tokens and go
 *   to /login; any other answer, or no refresh token → token-expired flag;
 *   a failing refresh call is only logged.
 * - body status -1 → the 'IP is NOT REGISTERED' dialog.
 */
export const api = axios.create({ baseURL: '/', withCredentials: true, timeout: 60_000 })

api.interceptors.request.use((config) => {
  const token = session.getToken()
  if (token) config.headers.set('token', token)
  config.headers.set('lang', getLanguage())
  return config
})

let refreshing: Promise<void> | null = null

/** A promise that never settles: the page is about to reload or navigate away. */
const pending = () => new Promise<never>(() => {})

export async function refreshSession(): Promise<void> {
  try {
    const { data } = await axios.put('/api/refresh_token', null, {
      withCredentials: true,
      headers: { lang: getLanguage() },
    })
    if (data?.data === null) {
      session.clear()
      window.location.assign('/login')
      return
    }
    if (data?.status === API_STATUS.OK && data?.data?.token) {
      session.setToken(data.data.token)
      window.location.reload()
      return
    }
    authStore.setTokenExpired(true)
  } catch (error) {
    console.error('token refresh failed', error)
  }
}

async function onTokenExpired() {
  if (!session.hasRefreshToken()) {
    authStore.setTokenExpired(true)
    return Promise.reject(new Error('token expired'))
  }
  refreshing ??= refreshSession()
  await refreshing
  return pending()
}

function bodyStatus(response?: AxiosResponse) {
  const status = (response?.data as { status?: unknown } | undefined)?.status
  return typeof status === 'number' ? status : undefined
}

api.interceptors.response.use(
  (response) => {
    if (bodyStatus(response) === API_STATUS.TOKEN_EXPIRED) return onTokenExpired()
    return response
  },
  (error: AxiosError<{ status?: number; message?: string; data?: { ip?: string } }>) => {
    const response = error.response
    const status = bodyStatus(response)
    if (status === API_STATUS.TOKEN_EXPIRED) return onTokenExpired()
    if (status === API_STATUS.IP_NOT_REGISTERED) {
      authStore.openDialog({ kind: 'ip_not_registered', ip: response?.data?.data?.ip ?? '' })
    }
    const message = response?.data?.message
    return Promise.reject(
      Object.assign(error, {
        statusCode: response?.status,
        message: message ?? error.message,
      })
    )
  }
)

/** Tests and the dev tools can see that one refresh serves many parallel -101s. */
export function isRefreshing() {
  return refreshing !== null
}
