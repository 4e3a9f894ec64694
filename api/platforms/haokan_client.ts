import { DateTime } from 'luxon'
import { OpenHttp, type Json, type OpenAnswer } from '#platforms/open_http'
import { readOpenToken } from '#platforms/open_token'
import { PlatformError, type PlatformAccountRef, type PlatformErrorCode } from '#platforms/types'

/*
| The Baijiahao open API's calls (haokan.ts): a POST of JSON carrying
| app_id + app_token beside the call's fields, to
| <base>/builderinner/open/resource/<path>; its `data` when errno is 0, else
| a PlatformError from the errno (or Baidu's gateway error_code) and errmsg.
|
| The login: the account's stored token is the app_token — a plain string
| (what the upload side sends too), the stored OAuth JSON's access_token, or
| {"app_id", "app_token"} JSON. The app_id (the Baijiahao author account id,
| which is also the Haokan author id) comes from that JSON, else from the
| account's uid when it is numeric, else from BAIJIAHAO_APP_ID.
*/

const OPEN_PREFIX = 'builderinner/open/resource/'

export interface BaijiahaoLogin {
  appId: string
  appToken: string
}

/**
 * What an errno (or error_code) means. Baijiahao's own: 60001001 授权校验失败
 * (app_id / app_token refused). Baidu's open-platform codes, which Baidu's
 * gateways answer as error_code: 6 no permission, 110 / 111 access token
 * invalid / expired, 4 / 18 cluster / QPS limit, 17 daily limit, 19 total
 * limit, 1 / 2 unknown error / service unavailable.
 */
const ERRNO_CODES: Record<number, { code: PlatformErrorCode; retryable: boolean }> = {
  60001001: { code: 'auth', retryable: false },
  6: { code: 'auth', retryable: false },
  110: { code: 'auth', retryable: false },
  111: { code: 'auth', retryable: false },
  4: { code: 'rate_limited', retryable: true },
  18: { code: 'rate_limited', retryable: true },
  17: { code: 'quota_exceeded', retryable: false },
  19: { code: 'quota_exceeded', retryable: false },
  1: { code: 'upstream', retryable: true },
  2: { code: 'upstream', retryable: true },
}

/** The Baijiahao login of an account; 'not_configured' without a token or an app id. */
export function baijiahaoLogin(
  account: PlatformAccountRef,
  fallbackAppId?: string | null
): BaijiahaoLogin {
  const stored = account.token?.trim() ?? ''
  let json: Json = {}
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed
    } catch {
      json = {}
    }
  }
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
  const appToken = text(json.app_token) || readOpenToken(stored)?.accessToken || ''
  const uid = account.uid?.trim() ?? ''
  const appId = text(json.app_id) || (/^\d+$/.test(uid) ? uid : '') || fallbackAppId?.trim() || ''
  if (!appToken) {
    throw new PlatformError(
      'haokan',
      'not_configured',
      `Account ${account.id} has no Baijiahao app_token (the account's token)`,
      { retryable: false }
    )
  }
  if (!appId) {
    throw new PlatformError(
      'haokan',
      'not_configured',
      `Account ${account.id} has no Baijiahao app_id: store {"app_id", "app_token"} as its token, ` +
        'give it its numeric author id as uid, or set BAIJIAHAO_APP_ID',
      { retryable: false }
    )
  }
  return { appId, appToken }
}

export class HaokanClient {
  readonly #http: OpenHttp

  constructor(options: { baseUrl: string; timeoutMs?: number }) {
    this.#http = new OpenHttp('haokan', 'Baijiahao', options.baseUrl, options.timeoutMs)
  }

  /** POSTs `fields` to `path` (after OPEN_PREFIX) with the login: the answer's data. */
  async post(login: BaijiahaoLogin, path: string, fields: Json = {}): Promise<Json> {
    const answer = await this.#http.call(`${OPEN_PREFIX}${path}`, {
      method: 'POST',
      json: { app_id: login.appId, app_token: login.appToken, ...fields },
    })
    const body = answer.body as Json
    const failure = errorOf(answer, path)
    if (failure) throw failure
    const data = body.data
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new PlatformError(
        'haokan',
        'bad_response',
        `Baijiahao's answer to ${path} has no data object`,
        { retryable: false }
      )
    }
    return data as Json
  }
}

/** The PlatformError an answer stands for, or null when it is a success (errno 0). */
export function errorOf(answer: OpenAnswer, path: string): PlatformError | null {
  const body = answer.body ?? {}
  const raw = body.errno ?? body.error_code
  const errno = raw === undefined || raw === null || raw === '' ? null : Number(raw)
  const detail = String(body.errmsg ?? body.error_msg ?? `HTTP ${answer.status}`)
  if (errno === 0) return null
  if (errno === null || !Number.isFinite(errno)) {
    if (answer.status === 401 || answer.status === 403) {
      return new PlatformError('haokan', 'auth', `Baijiahao refused ${path}: ${detail}`, {
        retryable: false,
        upstreamCode: answer.status,
      })
    }
    if (answer.status >= 500) {
      return new PlatformError('haokan', 'upstream', `Baijiahao answered ${answer.status}`, {
        retryable: true,
        upstreamCode: answer.status,
      })
    }
    return new PlatformError(
      'haokan',
      'bad_response',
      `Baijiahao's answer to ${path} (HTTP ${answer.status}) has no errno`,
      { retryable: false, upstreamCode: answer.status }
    )
  }
  const message = `Baijiahao answered errno ${errno} for ${path}: ${detail}`
  const known = ERRNO_CODES[errno]
  if (known) {
    return new PlatformError('haokan', known.code, message, {
      retryable: known.retryable,
      upstreamCode: errno,
      retryAfterMs:
        known.code === 'quota_exceeded' && errno === 17 ? untilBeijingMidnight() : undefined,
    })
  }
  if (/不存在|not exist/i.test(detail)) {
    return new PlatformError('haokan', 'not_found', message, {
      retryable: false,
      upstreamCode: errno,
    })
  }
  return new PlatformError('haokan', 'upstream', message, { retryable: false, upstreamCode: errno })
}

/** Baidu's daily limits reset at midnight in China. */
function untilBeijingMidnight(now = DateTime.now().setZone('Asia/Shanghai')) {
  return Math.max(0, Math.round(now.plus({ days: 1 }).startOf('day').diff(now).as('milliseconds')))
}
