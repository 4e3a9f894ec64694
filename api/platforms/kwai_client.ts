import { OpenHttp, type Json } from '#platforms/open_http'
import { PlatformError } from '#platforms/types'

/*
| The Kuaishou open platform's calls (kwai.ts): a GET on open.kuaishou.com
| with the app id and the creator's access token as the query parameters
| the documentation names (app_id, access_token), through the shared
| OpenHttp (time limit, 429/5xx/non-JSON). Every answer carries `result`
| (1 = success); any other value is mapped here to the studio's codes:
|
|   100200102 rejected (invalid token), 100200106 scope, 100200107 open_id,
|   100200108 access_token expired, 100200109 authorisation cancelled,
|   100200110 authorisation expired, 100200111 never authorised,
|   100200113 refresh_token expired                    → auth
|   100200101 invalid client (app id / app settings)   → not_configured
|   400002 (api 限速)                                  → rate_limited
|   120001/120002/120003 video missing, not uploaded or failed to publish,
|   also answered with the 100 prefix (100120001 …)    → not_found
|   100200500, 400003 (server errors)                  → upstream, retryable
|   anything else                                       → upstream
|
| The token never appears in a message: any upstream text is scrubbed of it.
*/

const AUTH = new Set([
  100200102, 100200106, 100200107, 100200108, 100200109, 100200110, 100200111, 100200113,
])
const NOT_CONFIGURED = new Set([100200101])
const RATE_LIMITED = new Set([400002])
const NOT_FOUND = new Set([120001, 120002, 120003, 100120001, 100120002, 100120003])
const SERVER = new Set([100200500, 400003])

export interface KwaiClientOptions {
  /** https://open.kuaishou.com (KWAI_API_BASE). */
  baseUrl: string
  /** The open-platform app id (KWAI_APP_ID). */
  appId?: string | null
  timeoutMs?: number
}

export class KwaiClient {
  readonly #http: OpenHttp
  readonly #appId: string | null

  constructor(options: KwaiClientOptions) {
    this.#http = new OpenHttp('kwai', 'Kuaishou', options.baseUrl, options.timeoutMs ?? 10_000)
    this.#appId = options.appId?.trim() || null
  }

  /** GET `path` (openapi/…) with the app id and `accessToken`: the answer when result is 1. */
  async get(
    path: string,
    accessToken: string,
    query: Record<string, string | number | undefined> = {}
  ): Promise<Json> {
    if (!this.#appId) {
      throw new PlatformError(
        'kwai',
        'not_configured',
        'KWAI_APP_ID is not set: the live Kuaishou adapter needs the open-platform app id',
        { retryable: false }
      )
    }
    const answer = await this.#http.call(path, {
      query: { ...query, app_id: this.#appId, access_token: accessToken },
    })
    const body = answer.body!
    const result = Number(body.result)
    if (body.result !== undefined && result === 1) return body
    throw resultError(path, answer.status, body, accessToken)
  }
}

function resultError(path: string, status: number, body: Json, token: string) {
  const scrub = (text: string) => (token ? text.split(token).join('***') : text)
  if (body.result === undefined || body.result === null || body.result === '') {
    if (status === 401 || status === 403) {
      return new PlatformError('kwai', 'auth', `Kuaishou refused ${path} (HTTP ${status})`, {
        retryable: false,
        upstreamCode: status,
      })
    }
    if (status >= 500) {
      return new PlatformError('kwai', 'upstream', `Kuaishou answered ${status} for ${path}`, {
        retryable: true,
        upstreamCode: status,
      })
    }
    return new PlatformError(
      'kwai',
      'bad_response',
      `Kuaishou's answer to ${path} (HTTP ${status}) has no result code`,
      { retryable: false, upstreamCode: status }
    )
  }
  const code = Number(body.result)
  const detail = [body.error_msg, body.error, body.message].find(
    (value): value is string => typeof value === 'string' && value !== ''
  )
  const message = scrub(
    `Kuaishou answered result ${body.result} for ${path}${detail ? `: ${detail}` : ''}`
  )
  const upstreamCode = Number.isFinite(code) ? code : String(body.result)
  if (AUTH.has(code)) {
    return new PlatformError('kwai', 'auth', message, { retryable: false, upstreamCode })
  }
  if (NOT_CONFIGURED.has(code)) {
    return new PlatformError('kwai', 'not_configured', message, { retryable: false, upstreamCode })
  }
  if (RATE_LIMITED.has(code)) {
    return new PlatformError('kwai', 'rate_limited', message, { retryable: true, upstreamCode })
  }
  if (NOT_FOUND.has(code)) {
    return new PlatformError('kwai', 'not_found', message, { retryable: false, upstreamCode })
  }
  if (SERVER.has(code) || status >= 500) {
    return new PlatformError('kwai', 'upstream', message, { retryable: true, upstreamCode })
  }
  return new PlatformError('kwai', 'upstream', message, { retryable: false, upstreamCode })
}
