import { OpenHttp, type Json } from '#platforms/open_http'
import { PlatformError } from '#platforms/types'

/*
| The Weibo open API's calls (weibo.ts): a GET on api.weibo.com/2 with the
| creator's access token in the header Weibo documents for OAuth2
| ("Authorization: OAuth2 <token>", so the token stays out of URLs), through
| the shared OpenHttp. A failure answers {request, error_code, error}
| (HTTP 400/403 mostly); the documented codes (open.weibo.com/wiki/Error_code)
| map to the studio's:
|
|   21301 auth failed, 21314–21317 token used/expired/revoked/rejected,
|   21319 accessor revoked, 21327 expired_token, 21332 invalid_access_token,
|   20033 login state abnormal                          → auth
|   20031 a captcha is required                         → captcha
|   10022 IP, 10023 user, 10024 user-per-API rate limit → rate_limited (Weibo
|         counts per hour: retryAfterMs = until the next full hour)
|   20003 user does not exist, 20101 post does not exist,
|   20112 post hidden by its author's privacy settings  → not_found
|   10005 / 10014 app permission, 10006 no app key,
|   21321 unaudited app over its user limit             → not_configured
|   10001–10003, 10009–10011 system errors              → upstream, retryable
|   anything else                                        → upstream
|
| The token never appears in a message: any upstream text is scrubbed of it.
*/

const AUTH = new Set([21301, 21314, 21315, 21316, 21317, 21319, 21327, 21332, 20033])
const CAPTCHA = new Set([20031])
const RATE_LIMITED = new Set([10022, 10023, 10024])
const NOT_FOUND = new Set([20003, 20101, 20112])
const NOT_CONFIGURED = new Set([10005, 10006, 10014, 21321])
const SYSTEM = new Set([10001, 10002, 10003, 10009, 10010, 10011])

export interface WeiboClientOptions {
  /** https://api.weibo.com/2 (WEIBO_API_BASE). */
  baseUrl: string
  timeoutMs?: number
}

export class WeiboClient {
  readonly #http: OpenHttp

  constructor(options: WeiboClientOptions) {
    this.#http = new OpenHttp('weibo', 'Weibo', options.baseUrl, options.timeoutMs ?? 10_000)
  }

  /** GET `path` (users/show.json …) with the token: the answer when it carries no error_code. */
  async get(
    path: string,
    accessToken: string,
    query: Record<string, string | number | undefined> = {}
  ): Promise<Json> {
    const answer = await this.#http.call(path, {
      query,
      headers: { Authorization: `OAuth2 ${accessToken}` },
    })
    const body = answer.body!
    const failed =
      (body.error_code !== undefined && body.error_code !== null && body.error_code !== 0) ||
      answer.status >= 400
    if (!failed) return body
    throw errorOf(path, answer.status, body, accessToken)
  }
}

function errorOf(path: string, status: number, body: Json, token: string) {
  const scrub = (text: string) => (token ? text.split(token).join('***') : text)
  const code = Number(body.error_code)
  const known = body.error_code !== undefined && Number.isFinite(code)
  const detail = typeof body.error === 'string' && body.error ? body.error : `HTTP ${status}`
  const message = scrub(
    `Weibo answered ${known ? `error_code ${code}` : `HTTP ${status}`} for ${path}: ${detail}`
  )
  const upstreamCode = known ? code : status

  if (known && AUTH.has(code)) {
    return new PlatformError('weibo', 'auth', message, { retryable: false, upstreamCode })
  }
  if (known && CAPTCHA.has(code)) {
    return new PlatformError('weibo', 'captcha', message, { retryable: false, upstreamCode })
  }
  if (known && RATE_LIMITED.has(code)) {
    return new PlatformError('weibo', 'rate_limited', message, {
      retryable: true,
      upstreamCode,
      retryAfterMs: untilNextHour(),
    })
  }
  if (known && NOT_FOUND.has(code)) {
    return new PlatformError('weibo', 'not_found', message, { retryable: false, upstreamCode })
  }
  if (known && NOT_CONFIGURED.has(code)) {
    return new PlatformError('weibo', 'not_configured', message, {
      retryable: false,
      upstreamCode,
    })
  }
  if (!known && status === 401) {
    return new PlatformError('weibo', 'auth', message, { retryable: false, upstreamCode })
  }
  if ((known && SYSTEM.has(code)) || status >= 500) {
    return new PlatformError('weibo', 'upstream', message, { retryable: true, upstreamCode })
  }
  return new PlatformError('weibo', 'upstream', message, { retryable: false, upstreamCode })
}

/** Weibo's rate limits are counted per hour. */
function untilNextHour(now = Date.now()) {
  const hour = 3_600_000
  return hour - (now % hour)
}
