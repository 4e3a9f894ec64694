import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { UploadPlatform } from '#shared/uploads'
import { UploadError, type LoginCheck, type UploadCategory } from '#platforms/upload/types'

/*
|--------------------------------------------------------------------------
| The upload adapters' HTTP calls
|--------------------------------------------------------------------------
|
| One place for what every upload adapter does on the wire: a per-call time
| limit joined with the attempt's AbortSignal, a file range streamed from
| disk (never read whole), and the transport failures turned into
| UploadErrors. A call marked `submit` may have changed the platform's
| state: when its answer is lost (a dropped connection, a time-out, a 5xx
| from a gateway) the error says the outcome is unknown, so the job looks
| the video up (`findPublished`) before any retry.
|
*/

export type Json = Record<string, unknown>

/** A base URL, or (simulated mode) a promise of one: the in-process fake server's. */
export type BaseUrl = string | (() => Promise<string>)

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT'
  query?: Record<string, string | number | undefined>
  headers?: Record<string, string>
  json?: unknown
  form?: Record<string, string>
  /** Bytes `start` (inclusive) to `end` (exclusive) of a file on disk, streamed. */
  file?: { path: string; start: number; end: number }
  /** A small binary body already in memory (a thumbnail). */
  bytes?: Buffer
  /** The attempt's signal (time limit, worker stop). */
  signal?: AbortSignal
  /** The call may have changed the platform's state: a lost answer leaves the outcome unknown. */
  submit?: boolean
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The body as a JSON object, when it is one. */
  body: Json | undefined
}

/** Resolves a BaseUrl to a string ending with a slash. */
export async function resolveBase(base: BaseUrl) {
  const url = typeof base === 'string' ? base : await base()
  return url.endsWith('/') ? url : `${url}/`
}

export class UploadHttp {
  constructor(
    readonly platform: UploadPlatform,
    /** The platform's name in messages ("Bilibili"). */
    readonly label: string,
    readonly timeoutMs: number
  ) {}

  /** A call to `url`; throws UploadError for transport failures, 429, 401 and 5xx. */
  async call(url: string, step: string, options: CallOptions = {}): Promise<Answer> {
    const target = new URL(url)
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) target.searchParams.set(name, String(value))
    }
    this.throwIfAborted(options.signal, step)

    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    let body: BodyInit | undefined
    let duplex: 'half' | undefined
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json; charset=utf-8'
      body = JSON.stringify(options.json)
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.file) {
      const { path, start, end } = options.file
      headers['Content-Type'] = 'application/octet-stream'
      headers['Content-Length'] = String(end - start)
      body =
        end > start
          ? (Readable.toWeb(createReadStream(path, { start, end: end - 1 })) as ReadableStream)
          : ''
      duplex = 'half'
    } else if (options.bytes) {
      headers['Content-Type'] ??= 'application/octet-stream'
      body = new Uint8Array(options.bytes)
    }

    const timeout = AbortSignal.timeout(this.timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
    let response: Response
    let text: string
    try {
      response = await fetch(target, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal,
        ...(duplex ? { duplex } : {}),
      } as RequestInit)
      text = await response.text()
    } catch (error) {
      throw this.#transportError(error, step, options, timeout)
    }

    const retryAfter = retryAfterMs(response.headers.get('retry-after'))
    if (response.status === 429) {
      throw new UploadError(
        this.platform,
        'rate_limited',
        `${this.label} rate-limited ${step} (HTTP 429)`,
        { retryAfterMs: retryAfter ?? 60_000, upstreamCode: 429 }
      )
    }
    if (response.status === 401) {
      throw new UploadError(
        this.platform,
        'auth_expired',
        `${this.label} refused the login at ${step} (HTTP 401)`,
        { upstreamCode: 401 }
      )
    }
    if (response.status >= 500) {
      throw new UploadError(
        this.platform,
        'upstream',
        `${this.label} answered HTTP ${response.status} to ${step}`,
        { upstreamCode: response.status, outcomeUnknown: options.submit ? true : undefined }
      )
    }
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    const json =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : undefined
    return { status: response.status, headers: response.headers, text, body: json }
  }

  /** Throws the attempt's stop as an UploadError when its signal fired. */
  throwIfAborted(signal: AbortSignal | undefined, step: string) {
    if (signal?.aborted) {
      throw new UploadError(
        this.platform,
        'timeout',
        `${this.label}: the attempt was stopped before ${step}`,
        {}
      )
    }
  }

  /** An answer whose shape the adapter does not know. */
  badAnswer(step: string, what: string, answer?: Answer) {
    return new UploadError(
      this.platform,
      'upstream',
      `${this.label}'s answer to ${step} lacks ${what}${answer ? ` (HTTP ${answer.status})` : ''}`,
      {}
    )
  }

  /** A submit answered without the new video's id: it may or may not exist (look before retrying). */
  submitWithoutId(field: string) {
    return new UploadError(
      this.platform,
      'upstream',
      `${this.label}'s answer to submit lacks ${field}`,
      { outcomeUnknown: true }
    )
  }

  #transportError(error: unknown, step: string, options: CallOptions, timeout: AbortSignal) {
    const stopped = options.signal?.aborted === true
    const timedOut = !stopped && timeout.aborted
    const outcomeUnknown = options.submit ? true : undefined
    if (stopped || timedOut) {
      return new UploadError(
        this.platform,
        'timeout',
        stopped
          ? `${this.label}: the attempt was stopped during ${step}`
          : `${this.label} did not answer ${step} within ${this.timeoutMs} ms`,
        { outcomeUnknown }
      )
    }
    const reason =
      error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
        : String(error)
    return new UploadError(
      this.platform,
      'network',
      `Could not reach ${this.label} for ${step}: ${reason}`,
      { outcomeUnknown }
    )
  }
}

/** Retry-After in ms (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null) {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000)
  const at = Date.parse(header)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined
}

/** The chunks of a file of `size` bytes cut in `chunkSize` pieces: [start, end) each. */
export function chunksOf(size: number, chunkSize: number) {
  const chunks: { index: number; start: number; end: number }[] = []
  for (let start = 0, index = 0; start < size; start += chunkSize, index++) {
    chunks.push({ index, start, end: Math.min(size, start + chunkSize) })
  }
  return chunks
}

/** A unix time (seconds) of an ISO date, or 0 for none. */
export function unixOf(iso: string | null) {
  if (!iso) return 0
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0
}

export function stringOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

export function objectOf(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null
}

export function arrayOf(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((item): item is Json => Boolean(item) && typeof item === 'object')
    : []
}

/** How a platform's JSON envelope names its code and message, and which codes mean what. */
export interface EnvelopeRules {
  codeField: string
  messageField: string
  authCodes: ReadonlySet<number>
  rateCodes: ReadonlySet<number>
  /**
   * The wait a rate-limited answer asks for, in ms (undefined: a minute);
   * by default its Retry-After, else `data.retry_after` seconds.
   */
  retryAfter?: (answer: Answer) => number | undefined
}

/**
 * `data` of an answer whose code is 0; other codes as UploadErrors: the
 * login codes auth_expired, the rate-limit codes rate_limited (Retry-After,
 * else `data.retry_after` seconds, else a minute), any other code rejected
 * with the platform's own message. A body without a code is upstream (and
 * leaves a submit's outcome unknown).
 */
export function envelopeData(
  http: UploadHttp,
  rules: EnvelopeRules,
  answer: Answer,
  step: string,
  submit = false
): unknown {
  const code = answer.body?.[rules.codeField]
  if (typeof code !== 'number') {
    throw new UploadError(
      http.platform,
      'upstream',
      `${http.label}'s answer to ${step} has no ${rules.codeField}`,
      {
        upstreamCode: answer.status,
        outcomeUnknown: submit ? true : undefined,
      }
    )
  }
  if (code === 0) return answer.body?.data
  const message = stringOf(answer.body?.[rules.messageField]) ?? String(code)
  const text = `${http.label} answered ${code} (${message}) to ${step}`
  if (rules.authCodes.has(code)) {
    throw new UploadError(http.platform, 'auth_expired', text, { upstreamCode: code })
  }
  if (rules.rateCodes.has(code)) {
    throw new UploadError(http.platform, 'rate_limited', text, {
      upstreamCode: code,
      retryAfterMs: (rules.retryAfter ?? askedWait)(answer) ?? 60_000,
    })
  }
  throw new UploadError(http.platform, 'rejected', message, { upstreamCode: code })
}

/** The wait an answer asks for: its Retry-After, else `data.retry_after` seconds. */
function askedWait(answer: Answer) {
  const seconds = Number(objectOf(answer.body?.data)?.retry_after)
  return (
    retryAfterMs(answer.headers.get('retry-after')) ??
    (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined)
  )
}

/** An ISO date of a unix time (seconds), or null. */
export function isoOfUnix(value: unknown) {
  const seconds = Number(value)
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null
}

/** A login check whose call failed: the login expired, or the platform is out of reach. */
export function failedLoginCheck(error: unknown): LoginCheck {
  if (error instanceof UploadError && error.code === 'auth_expired') {
    return { ok: false, reason: 'expired' }
  }
  return { ok: false, reason: 'unreachable', message: (error as Error).message }
}

/** Categories as Xigua and Haokan list them: `{id, name, children: [{id, name}]}`. */
export function categoriesOf(list: unknown): UploadCategory[] {
  return arrayOf(list).map((type) => ({
    id: stringOf(type.id) ?? '',
    name: stringOf(type.name) ?? '',
    children: arrayOf(type.children).map((child) => ({
      id: stringOf(child.id) ?? '',
      name: stringOf(child.name) ?? '',
    })),
  }))
}
