import type { DateTime } from 'luxon'
import { PlatformError } from '#platforms/types'
import type { PlatformKey } from '#shared/constants'
import PlatformBreaker, {
  TRIP_AT_ONCE_CODES,
  TRIP_CODES,
  type PauseInfo,
} from '#services/platform_breaker/platform_breaker'

interface RetryPolicy {
  /** Attempts per call for retryable answers (rate limits, network, upstream errors). */
  attempts: number
  baseDelayMs: number
  maxDelayMs: number
}

/** What one guarded call came to. */
type Guarded<T> =
  | { value: T }
  /** Not asked, or asked and the platform paused: retried later. */
  | { deferred: PauseInfo }
  | { error: unknown }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One job's view of the per-platform breaker (a collection run, later the
 * video and upload jobs): every call to a platform goes through `call()`,
 * which retries rate limits, network and upstream errors with backoff.
 *
 * - A platform paused in the database (another run, another instance) is
 *   not asked: the call is deferred at once.
 * - The first rate limit makes that call the platform's probe: it retries
 *   alone while the job's other calls to the platform wait for its verdict.
 *   When its retries are used up the platform trips (PlatformBreaker.trip)
 *   and every waiting and later call is deferred; when it gets through, the
 *   others go on. So a platform that blocks everything costs the calls in
 *   flight plus one probe's retries, not every account's.
 * - A used-up quota trips the platform at once.
 *
 * `tripped`, `paused` and `answered` tell the job afterwards which
 * platforms it paused, which it found paused, and which answered normally
 * (those are reset when they did not trip).
 */
export default class PlatformCircuit {
  #open = new Map<PlatformKey, PauseInfo>()
  #tripped = new Set<PlatformKey>()
  #tripping = new Map<PlatformKey, Promise<PauseInfo>>()
  #probes = new Map<PlatformKey, Promise<void>>()
  #answered = new Set<PlatformKey>()

  constructor(
    readonly retry: RetryPolicy,
    readonly options: { runId?: number | null } = {}
  ) {}

  /** Reads the pauses stored now (at the start, and between batches: another instance may have tripped one). */
  async refresh(now?: DateTime) {
    for (const [platform, pause] of await PlatformBreaker.active(now)) {
      if (!this.#open.has(platform)) this.#open.set(platform, pause)
    }
  }

  /** The pause of `platform` in this job, or null. */
  pauseOf(platform: PlatformKey) {
    return this.#open.get(platform) ?? null
  }

  /** Platforms this job tripped. */
  get tripped() {
    return [...this.#tripped]
  }

  /** Platforms that answered normally and did not trip in this job. */
  get answered() {
    return [...this.#answered].filter((platform) => !this.#tripped.has(platform))
  }

  /** Calls `fn` (one request to `platform`) under the breaker and the retry policy. */
  async call<T>(platform: PlatformKey, fn: () => Promise<T>): Promise<Guarded<T>> {
    let attempt = 0
    while (true) {
      // another call is probing this platform after a rate limit: wait for its verdict
      while (this.#probes.has(platform)) await this.#probes.get(platform)
      const open = this.#open.get(platform)
      if (open) return { deferred: open }
      attempt++
      const tried = await this.#try(platform, fn)
      if ('value' in tried) return tried
      const { error, platformError } = tried
      if (platformError && TRIP_AT_ONCE_CODES.has(platformError.code)) {
        return { deferred: await this.#trip(platform, platformError) }
      }
      if (platformError && TRIP_CODES.has(platformError.code)) {
        // limited while another call probes (or after it let calls through): wait, then ask again
        if (this.#probes.has(platform) || this.#open.has(platform)) {
          if (attempt < this.retry.attempts * 2) continue
          return { deferred: await this.#trip(platform, platformError) }
        }
        return this.#probe(platform, fn, platformError)
      }
      if (platformError?.retryable && attempt < this.retry.attempts) {
        await sleep(this.#backoff(attempt, platformError))
        continue
      }
      // the platform answered (not found, refused login …): it is not blocking
      if (platformError && !platformError.retryable) this.#answered.add(platform)
      return { error }
    }
  }

  /** One request: its value (the platform answered), or what it threw. */
  async #try<T>(
    platform: PlatformKey,
    fn: () => Promise<T>
  ): Promise<{ value: T } | { error: unknown; platformError: PlatformError | null }> {
    try {
      const value = await fn()
      this.#answered.add(platform)
      return { value }
    } catch (error) {
      return { error, platformError: error instanceof PlatformError ? error : null }
    }
  }

  /** Retries a rate-limited call alone; the platform trips when the retries are used up. */
  async #probe<T>(platform: PlatformKey, fn: () => Promise<T>, first: PlatformError) {
    let release!: () => void
    this.#probes.set(
      platform,
      new Promise<void>((resolve) => {
        release = resolve
      })
    )
    let last = first
    try {
      for (let attempt = 1; attempt < this.retry.attempts; attempt++) {
        await sleep(this.#backoff(attempt, last))
        const tried = await this.#try(platform, fn)
        if ('value' in tried) return tried
        const { error, platformError } = tried
        if (!platformError || !TRIP_CODES.has(platformError.code)) return { error }
        last = platformError
        if (TRIP_AT_ONCE_CODES.has(platformError.code)) break
      }
      return { deferred: await this.#trip(platform, last) }
    } finally {
      this.#probes.delete(platform)
      release()
    }
  }

  #backoff(attempt: number, error: PlatformError) {
    const backoff = this.retry.baseDelayMs * 2 ** (attempt - 1)
    return Math.min(Math.max(backoff, error.options.retryAfterMs ?? 0), this.retry.maxDelayMs)
  }

  /** Trips `platform` once per job (concurrent calls share the one trip). */
  #trip(platform: PlatformKey, error: PlatformError): Promise<PauseInfo> {
    const known = this.#open.get(platform)
    if (known) return Promise.resolve(known)
    let pending = this.#tripping.get(platform)
    if (!pending) {
      pending = PlatformBreaker.trip(platform, error, { runId: this.options.runId }).then(
        (pause) => {
          this.#open.set(platform, pause)
          this.#tripped.add(platform)
          return pause
        }
      )
      pending.finally(() => this.#tripping.delete(platform)).catch(() => {})
      this.#tripping.set(platform, pending)
    }
    return pending
  }
}
