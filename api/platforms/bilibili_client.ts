import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import { COOKIE_DOMAINS, cookieHeader } from '#shared/cookies'
import { signWbi, wbiKeyFromUrl, wbiMixinKey, type QueryParams } from '#platforms/bilibili_wbi'
import { badResponse, stringField, type Json } from '#platforms/bilibili_fields'

/*
| Bilibili's web API calls (bilibili.ts): a GET with the account's cookie,
| WBI-signed when asked (the mixin key fetched from x/web-interface/nav and
| reused), its `data` when the code is 0; a failure as a PlatformError by
| code or HTTP status (rate limit, not found, auth, upstream, network,
| bad_response). A signed request answered -352 or -403 is retried once
| with fresh WBI keys.
*/

export interface BilibiliClientOptions {
  /** https://api.bilibili.com (BILIBILI_API_BASE). */
  baseUrl: string
  timeoutMs?: number
  /** How long the WBI mixin key is reused. */
  wbiKeyTtlMs?: number
  /** Clock (ms) for wts and the key cache; tests fix it. */
  now?: () => number
  userAgent?: string
}

const NAV = 'x/web-interface/nav'

const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

/** -509 "over the limit" and -799 "requests too frequent" are rate limits as well. */
const RATE_LIMIT_CODES = new Set([-352, -412, -509, -799])
const NOT_FOUND_CODES = new Set([-404, -626])
const AUTH_CODES = new Set([-101, -111, -403])
/** Codes after which a signed request is retried once with new WBI keys. */
const WBI_REFRESH_CODES = new Set([-352, -403])

export class BilibiliClient {
  #baseUrl: string
  #timeoutMs: number
  #wbiKeyTtlMs: number
  #now: () => number
  #userAgent: string
  #mixinKey: { key: string; fetchedAt: number } | null = null
  #mixinKeyLoading: Promise<string> | null = null

  constructor(options: BilibiliClientOptions) {
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
    this.#timeoutMs = options.timeoutMs ?? 10_000
    this.#wbiKeyTtlMs = options.wbiKeyTtlMs ?? 3_600_000
    this.#now = options.now ?? Date.now
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  }

  /** The WBI mixin key, fetched from x/web-interface/nav and reused for `wbiKeyTtlMs`. */
  async #wbiKey(): Promise<string> {
    const cached = this.#mixinKey
    if (cached && this.#now() - cached.fetchedAt < this.#wbiKeyTtlMs) return cached.key
    this.#mixinKeyLoading ??= this.#fetchWbiKey().finally(() => {
      this.#mixinKeyLoading = null
    })
    return this.#mixinKeyLoading
  }

  async #fetchWbiKey() {
    // nav answers code -101 to anonymous callers but still carries wbi_img.
    const body = await this.#request(NAV, '', {})
    const data = body.data
    const images = data && typeof data === 'object' ? (data as Json).wbi_img : undefined
    if (!images || typeof images !== 'object') {
      if (typeof body.code === 'number' && body.code !== 0 && body.code !== -101) {
        throw codeError(body.code, body.message, NAV)
      }
      throw badResponse(NAV, 'data.wbi_img')
    }
    const imgKey = wbiKeyFromUrl(stringField(images as Json, 'img_url', NAV))
    const subKey = wbiKeyFromUrl(stringField(images as Json, 'sub_url', NAV))
    if (imgKey.length + subKey.length < 64) throw badResponse(NAV, 'data.wbi_img')
    const key = wbiMixinKey(imgKey, subKey)
    this.#mixinKey = { key, fetchedAt: this.#now() }
    return key
  }

  /** GET an endpoint and return its `data` when `code` is 0. */
  async get(
    account: PlatformAccountRef,
    path: string,
    params: QueryParams,
    options: { signed?: boolean } = {}
  ): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const query = options.signed
        ? signWbi(params, await this.#wbiKey(), Math.round(this.#now() / 1000)).query
        : new URLSearchParams(
            Object.entries(params).map(([name, value]) => [name, String(value)])
          ).toString()
      const body = await this.#request(path, query, headersFor(account))
      if (typeof body.code !== 'number') throw badResponse(path, 'code')
      let code: number = body.code
      const data = body.data
      // A missing or wrong signature can also come back as code 0 with only a
      // data.v_voucher (risk-control ticket): treated like -352.
      if (code === 0 && options.signed && isVoucher(data)) code = -352
      if (code === 0) {
        if (!data || typeof data !== 'object') throw badResponse(path, 'data')
        return data as Json
      }
      if (options.signed && attempt === 0 && WBI_REFRESH_CODES.has(code)) {
        // The keys change about daily: drop them and sign again once.
        this.#mixinKey = null
        continue
      }
      throw codeError(code, body.message, path)
    }
  }

  async #request(path: string, query: string, headers: Record<string, string>): Promise<Json> {
    const url = `${this.#baseUrl}${path}${query ? `?${query}` : ''}`
    let response: Response
    try {
      response = await fetch(url, {
        headers: {
          'Accept': 'application/json',
          'User-Agent': this.#userAgent,
          'Referer': 'https://www.bilibili.com/',
          ...headers,
        },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      throw networkError(error, path, this.#timeoutMs)
    }

    const text = await response.text().catch((error) => {
      throw networkError(error, path, this.#timeoutMs)
    })
    if (response.status === 412 || response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new PlatformError(
        'bilibili',
        'rate_limited',
        `Bilibili rate-limited ${path} (HTTP ${response.status})`,
        {
          retryable: true,
          upstreamCode: response.status,
          retryAfterMs:
            Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
        }
      )
    }
    if (response.status === 404) {
      throw new PlatformError('bilibili', 'not_found', `Bilibili answered 404 for ${path}`, {
        retryable: false,
        upstreamCode: 404,
      })
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      // -509 (too many requests) comes with a second JSON object after the first
      body = firstJsonObject(text)
    }
    if (body === undefined) {
      if (!response.ok) {
        throw new PlatformError(
          'bilibili',
          'upstream',
          `Bilibili answered HTTP ${response.status} for ${path}`,
          {
            upstreamCode: response.status,
          }
        )
      }
      throw new PlatformError(
        'bilibili',
        'bad_response',
        `Bilibili's answer to ${path} is not JSON`,
        {
          retryable: false,
        }
      )
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badResponse(path, 'body')
    if (!response.ok && typeof (body as Json).code !== 'number') {
      throw new PlatformError(
        'bilibili',
        'upstream',
        `Bilibili answered HTTP ${response.status} for ${path}`,
        {
          upstreamCode: response.status,
        }
      )
    }
    return body as Json
  }
}

/* ------------------------------------------------------------------ */

/** The first JSON object of a text that holds more than one (or trailing bytes), else undefined. */
function firstJsonObject(text: string): unknown {
  const start = text.indexOf('{')
  if (start < 0) return undefined
  let depth = 0
  let inString = false
  for (let index = start; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') depth++
    else if (char === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, index + 1))
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

function isVoucher(data: unknown) {
  return Boolean(data && typeof data === 'object' && 'v_voucher' in data && !('list' in data))
}

/**
 * The Cookie header: the stored cookie in whichever export shape it was
 * pasted (api/shared/cookies.ts), or the token sent as SESSDATA.
 */
function headersFor(account: PlatformAccountRef): Record<string, string> {
  const cookie =
    cookieHeader(account.cookie, COOKIE_DOMAINS.bilibili) ||
    cookieHeader(account.token ? `SESSDATA=${account.token.trim()}` : null)
  return cookie ? { Cookie: cookie } : {}
}

function codeError(code: number, message: unknown, path: string) {
  const text = `Bilibili answered ${code}${typeof message === 'string' && message ? ` (${message})` : ''} for ${path}`
  if (RATE_LIMIT_CODES.has(code)) {
    return new PlatformError('bilibili', 'rate_limited', text, {
      retryable: true,
      upstreamCode: code,
    })
  }
  if (NOT_FOUND_CODES.has(code)) {
    return new PlatformError('bilibili', 'not_found', text, {
      retryable: false,
      upstreamCode: code,
    })
  }
  if (AUTH_CODES.has(code)) {
    return new PlatformError('bilibili', 'auth', text, { retryable: false, upstreamCode: code })
  }
  return new PlatformError('bilibili', 'upstream', text, { upstreamCode: code })
}

function networkError(error: unknown, path: string, timeoutMs: number) {
  const name = error instanceof Error ? error.name : ''
  const message =
    name === 'TimeoutError' || name === 'AbortError'
      ? `Bilibili did not answer ${path} within ${timeoutMs} ms`
      : `Could not reach Bilibili for ${path}: ${error instanceof Error ? error.message : String(error)}`
  return new PlatformError('bilibili', 'network', message, { retryable: true })
}
