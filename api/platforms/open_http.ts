import type { PlatformKey } from '#shared/constants'
import { PlatformError } from '#platforms/types'

/*
| One JSON call to a platform's open API, for the adapters that read with an
| OAuth token (douyin, xigua, kwai, weibo, haokan): a time limit, the answer
| parsed, transport failures and HTTP statuses as PlatformErrors. What the
| platform's own error fields mean (error_code, result, errno …) each
| adapter's client decides from the parsed body, which it receives whatever
| the HTTP status was (`status` beside it).
*/

export type Json = Record<string, any>

export interface OpenCall {
  method?: 'GET' | 'POST'
  query?: Record<string, string | number | undefined>
  headers?: Record<string, string>
  /** Sent as JSON. */
  json?: unknown
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | number | undefined>
}

export interface OpenAnswer {
  status: number
  headers: Headers
  /** The body as a JSON object; undefined when it is not one. */
  body: Json | undefined
}

function entries(values: Record<string, string | number | undefined>) {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, String(value)])
}

export class OpenHttp {
  readonly #base: string

  constructor(
    readonly platform: PlatformKey,
    /** The platform's name in messages ("Douyin"). */
    readonly label: string,
    baseUrl: string,
    readonly timeoutMs = 10_000
  ) {
    this.#base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  }

  /** `path` (no leading slash) on the base URL, or an absolute URL as it is. */
  url(path: string, query: Record<string, string | number | undefined> = {}) {
    const url = new URL(/^https?:\/\//.test(path) ? path : `${this.#base}${path}`)
    for (const [key, value] of entries(query)) url.searchParams.set(key, value)
    return url.toString()
  }

  /**
   * The call's answer. Network failures and time-outs are 'network'; a 429 is
   * 'rate_limited' (its Retry-After kept); a 5xx without a JSON body
   * 'upstream'; any other answer that is not a JSON object 'bad_response'.
   */
  async call(path: string, options: OpenCall = {}): Promise<OpenAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    let body: string | undefined
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(entries(options.form)).toString()
    }
    let response: Response
    let text: string
    try {
      response = await fetch(this.url(path, options.query), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      throw new PlatformError(
        this.platform,
        'network',
        name === 'TimeoutError' || name === 'AbortError'
          ? `${this.label} did not answer ${path} within ${this.timeoutMs} ms`
          : `Could not reach ${this.label} for ${path}: ${error instanceof Error ? error.message : String(error)}`,
        { retryable: true }
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const json =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : undefined
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'))
      throw new PlatformError(
        this.platform,
        'rate_limited',
        `${this.label} answered 429 for ${path}`,
        {
          retryable: true,
          upstreamCode: 429,
          retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
        }
      )
    }
    if (!json) {
      if (response.status >= 500) {
        throw new PlatformError(
          this.platform,
          'upstream',
          `${this.label} answered ${response.status} for ${path}`,
          { retryable: true, upstreamCode: response.status }
        )
      }
      throw new PlatformError(
        this.platform,
        'bad_response',
        `${this.label}'s answer to ${path} (HTTP ${response.status}) is not a JSON object`,
        { retryable: false, upstreamCode: response.status }
      )
    }
    return { status: response.status, headers: response.headers, body: json }
  }
}

const UNITS: Record<string, number> = { 万: 1e4, w: 1e4, W: 1e4, 亿: 1e8, k: 1e3, K: 1e3 }

/**
 * A counter from an answer: numbers and numeric strings, also as pages show
 * them ("1,204", "3.2万", "1.1亿", "12.5w"); anything else 0.
 */
export function count(value: unknown): number {
  let number = Number(value)
  if (typeof value === 'string') {
    const match = /^\s*([\d.,]+)\s*([万亿wWkK]?)\+?\s*$/.exec(value)
    number = match ? Number(match[1].replace(/,/g, '')) * (UNITS[match[2]] ?? 1) : Number.NaN
  }
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0
}
