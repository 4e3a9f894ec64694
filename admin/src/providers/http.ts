import { stringify } from 'qs'
import { API_STATUS } from '@shared/constants'
import { authStore } from './auth-store'
import { getLanguage, session } from './session'

/**
 * The one HTTP client of the admin, on the browser's fetch (and on
 * XMLHttpRequest for an upload whose progress is followed). Every request
 * carries the `token` header and the chosen language; every response goes
 * through the session state machine of SPEC §4:
 *
 * - body status -101 (token expired) and a refresh token present → one
 *   PUT /api/refresh_token for all the requests that saw it at once; new
 *   pair → store it and reload the page; data null → clear the tokens and go
 *   to /login; any other answer, or no refresh token → token-expired flag;
 *   a failing refresh call is only logged.
 * - body status -1 → the 'IP is NOT REGISTERED' dialog.
 *
 * An answer outside 2xx is an `HttpFailure` (`statusCode`, the server's
 * `message`, and the `response` with its parsed body) unless `anyStatus`.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'

export interface HttpUploadProgress {
  loaded: number
  total?: number
}

export interface HttpRequest {
  url: string
  method?: HttpMethod
  /** The query string's values: arrays as repeated keys, undefined left out. */
  query?: Record<string, unknown>
  /** A plain value travels as JSON; FormData, URLSearchParams and Blob as they are. */
  body?: unknown
  headers?: Record<string, string | undefined>
  /** 'blob' keeps a successful body as a Blob (a download). */
  responseType?: 'json' | 'blob'
  onUploadProgress?: (event: HttpUploadProgress) => void
  /** Answer every status instead of failing outside 2xx (the login reads its own). */
  anyStatus?: boolean
}

export interface HttpResponse<T = any> {
  status: number
  data: T
  /** Header names in lower case. */
  headers: Record<string, string>
}

class HttpFailure extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly response?: HttpResponse<unknown>
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 60_000

/** What the transport brings back before the body is read. */
interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: Blob
}

function urlOf(request: HttpRequest) {
  const query = request.query
    ? stringify(request.query, { arrayFormat: 'repeat', skipNulls: false })
    : ''
  if (!query) return request.url
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${query}`
}

function bodyOf(body: unknown): { body?: XMLHttpRequestBodyInit; type?: string } {
  if (body === undefined || body === null) return {}
  if (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    typeof body === 'string'
  ) {
    return { body }
  }
  return { body: JSON.stringify(body), type: 'application/json' }
}

function headersOf(request: HttpRequest, type?: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' }
  const token = session.getToken()
  if (token) headers.token = token
  headers.lang = getLanguage()
  if (type) headers['Content-Type'] = type
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value !== undefined) headers[name] = value
  }
  return headers
}

async function viaFetch(request: HttpRequest): Promise<RawAnswer> {
  const { body, type } = bodyOf(request.body)
  const response = await fetch(urlOf(request), {
    method: (request.method ?? 'get').toUpperCase(),
    headers: headersOf(request, type),
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return { status: response.status, headers, body: await response.blob() }
}

/** fetch cannot tell how far an upload has gone: XMLHttpRequest can. */
function viaXhr(request: HttpRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const { body, type } = bodyOf(request.body)
    xhr.open((request.method ?? 'post').toUpperCase(), urlOf(request))
    xhr.responseType = 'blob'
    xhr.timeout = TIMEOUT_MS
    for (const [name, value] of Object.entries(headersOf(request, type))) {
      xhr.setRequestHeader(name, value)
    }
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      })
    xhr.onload = () => {
      const headers: Record<string, string> = {}
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':')
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
      }
      resolve({ status: xhr.status, headers, body: xhr.response as Blob })
    }
    xhr.onerror = () => reject(new HttpFailure('Network Error'))
    xhr.ontimeout = () => reject(new HttpFailure(`timeout of ${TIMEOUT_MS}ms exceeded`))
    xhr.send(body ?? null)
  })
}

/** A JSON body parsed, any other text as it is, an empty body as ''. */
async function parsed(body: Blob): Promise<unknown> {
  const text = await body.text()
  if (!text) return ''
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

let refreshing: Promise<void> | null = null

/** A promise that never settles: the page is about to reload or navigate away. */
const pending = () => new Promise<never>(() => {})

async function refreshSession(): Promise<void> {
  try {
    const response = await fetch('/api/refresh_token', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', lang: getLanguage() },
    })
    if (!response.ok) throw new Error(`refresh answered ${response.status}`)
    const data = await response.json().catch(() => undefined)
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

async function onTokenExpired(): Promise<never> {
  if (!session.hasRefreshToken()) {
    authStore.setTokenExpired(true)
    throw new Error('token expired')
  }
  refreshing ??= refreshSession()
  await refreshing
  return pending()
}

function bodyStatus(data: unknown) {
  const status = (data as { status?: unknown } | undefined)?.status
  return typeof status === 'number' ? status : undefined
}

async function send<T = any>(request: HttpRequest): Promise<HttpResponse<T>> {
  const raw = await (request.onUploadProgress ? viaXhr(request) : viaFetch(request))
  const ok = raw.status >= 200 && raw.status < 300
  const data = ok && request.responseType === 'blob' ? raw.body : await parsed(raw.body)
  const response: HttpResponse<T> = { status: raw.status, headers: raw.headers, data: data as T }
  const status = bodyStatus(data)
  if (status === API_STATUS.TOKEN_EXPIRED) return onTokenExpired()
  if (ok || request.anyStatus) return response
  if (status === API_STATUS.IP_NOT_REGISTERED) {
    const ip = (data as { data?: { ip?: string } }).data?.ip
    authStore.openDialog({ kind: 'ip_not_registered', ip: ip ?? '' })
  }
  const message = (data as { message?: unknown } | undefined)?.message
  throw new HttpFailure(
    typeof message === 'string' ? message : `Request failed with status code ${raw.status}`,
    raw.status,
    response
  )
}

type Options = Omit<HttpRequest, 'url' | 'method' | 'body'>

export const api = {
  request: send,
  get: <T = any>(url: string, options: Options = {}) => send<T>({ ...options, url }),
  post: <T = any>(url: string, body?: unknown, options: Options = {}) =>
    send<T>({ ...options, url, method: 'post', body }),
}
