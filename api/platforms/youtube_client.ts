import { DateTime } from 'luxon'
import { PlatformError } from '#platforms/types'
import type { Json } from '#platforms/youtube_fields'

/*
| The YouTube Data API's calls (youtube.ts): a GET of a resource with the
| API key and a time limit, its answer as JSON; a failure as a PlatformError
| by HTTP status and the error's reason (quota, rate limit, key, not found,
| upstream, network).
*/

const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded'])
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded'])
const AUTH_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'forbidden',
  'accessNotConfigured',
  'ipRefererBlocked',
  'authError',
])

export class YouTubeClient {
  #baseUrl: string
  #apiKey: string | null
  #timeoutMs: number

  constructor(options: { baseUrl: string; apiKey?: string | null; timeoutMs?: number }) {
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
    this.#apiKey = options.apiKey?.trim() || null
    this.#timeoutMs = options.timeoutMs ?? 10_000
  }

  /** GET `resource` with `params` (and the key): its JSON object. */
  async get(resource: string, params: Record<string, string>): Promise<Json> {
    if (!this.#apiKey) {
      throw new PlatformError(
        'youtube',
        'not_configured',
        'YOUTUBE_API_KEY is not set: the live YouTube adapter needs a Data API v3 key',
        { retryable: false }
      )
    }
    const query = new URLSearchParams({ ...params, key: this.#apiKey }).toString()
    let response: Response
    let text: string
    try {
      response = await fetch(`${this.#baseUrl}${resource}?${query}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      throw new PlatformError(
        'youtube',
        'network',
        name === 'TimeoutError' || name === 'AbortError'
          ? `YouTube did not answer ${resource} within ${this.#timeoutMs} ms`
          : `Could not reach YouTube for ${resource}: ${error instanceof Error ? error.message : String(error)}`,
        { retryable: true }
      )
    }

    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    if (!response.ok) throw httpError(response, body, resource)
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new PlatformError(
        'youtube',
        'bad_response',
        `YouTube's answer to ${resource} is not JSON`,
        {
          retryable: false,
        }
      )
    }
    return body as Json
  }
}

function httpError(response: Response, body: unknown, resource: string) {
  const status = response.status
  const error =
    body &&
    typeof body === 'object' &&
    'error' in body &&
    body.error &&
    typeof body.error === 'object'
      ? (body.error as Json)
      : {}
  const first = Array.isArray(error.errors) && error.errors[0] ? (error.errors[0] as Json) : {}
  const reason = typeof first.reason === 'string' ? first.reason : undefined
  const detail = typeof error.message === 'string' ? error.message : `HTTP ${status}`
  const message = `YouTube answered ${status}${reason ? ` ${reason}` : ''} for ${resource}: ${detail}`
  const upstreamCode = reason ?? status

  if (reason && QUOTA_REASONS.has(reason)) {
    return new PlatformError('youtube', 'quota_exceeded', message, {
      retryable: false,
      upstreamCode,
      retryAfterMs: untilQuotaReset(),
    })
  }
  if (status === 429 || (reason && RATE_LIMIT_REASONS.has(reason))) {
    const retryAfter = Number(response.headers.get('retry-after'))
    return new PlatformError('youtube', 'rate_limited', message, {
      retryable: true,
      upstreamCode,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    })
  }
  if (status === 401 || (reason && AUTH_REASONS.has(reason)) || /API key not valid/i.test(detail)) {
    return new PlatformError('youtube', 'auth', message, { retryable: false, upstreamCode })
  }
  if (status === 404) {
    return new PlatformError('youtube', 'not_found', message, { retryable: false, upstreamCode })
  }
  if (status >= 500) {
    return new PlatformError('youtube', 'upstream', message, { retryable: true, upstreamCode })
  }
  return new PlatformError('youtube', 'upstream', message, { retryable: false, upstreamCode })
}

/** The Data API's daily quota resets at midnight Pacific time. */
function untilQuotaReset() {
  const now = DateTime.now().setZone('America/Los_Angeles')
  return Math.max(0, Math.round(now.plus({ days: 1 }).startOf('day').diff(now).as('milliseconds')))
}
