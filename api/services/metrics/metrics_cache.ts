import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import { ByteLru } from '#support/byte_lru'

/** How long a process trusts its view of the data version without a shared bus. */
const VERSION_TTL_MS = 5_000
/** With the bus (Redis), a safety net for a message lost while Redis was away. */
const VERSION_TTL_WITH_BUS_MS = 60_000

/**
 * Answers of the metric endpoints, kept in memory until the data changes,
 * within 52 % of the cache budget (the video endpoints have 8 %) (least recently used first out).
 *
 * Metrics change only when a collection (or backfill) rewrites a day and
 * rebuilds metric_daily_totals. The writer clears this cache through the
 * registry (api/services/caches.ts), which tells every other instance
 * through Redis when it is configured: then no request asks the database
 * whether its answer is still valid (only once a minute, in case a message
 * was lost). Without Redis the newest `updated_at` of metric_daily_totals
 * is the version, re-read at most every 5 seconds, so a CLI collection in
 * another process shows within 5 seconds.
 */
class MetricsCache {
  #entries = new ByteLru<{ version: string; value: Promise<unknown> }>(
    Math.floor(studioConfig.cacheBudgetBytes * 0.52)
  )
  #version: string | null = null
  #versionCheckedAt = 0
  #local = 0
  /** Set by the registry while cache messages reach this process. */
  busConnected: () => boolean = () => false

  get bytes() {
    return this.#entries.bytes
  }

  get size() {
    return this.#entries.size
  }

  async version(): Promise<string> {
    const now = Date.now()
    const ttl = this.busConnected() ? VERSION_TTL_WITH_BUS_MS : VERSION_TTL_MS
    if (this.#version === null || now - this.#versionCheckedAt > ttl) {
      const row = await db
        .from('metric_daily_totals')
        .max('updated_at as updated')
        .count('* as rows')
        .first()
      this.#version = `${row?.updated ?? ''}|${row?.rows ?? 0}`
      this.#versionCheckedAt = now
    }
    return `${this.#local}:${this.#version}`
  }

  /** The cached answer for `key` at the current data version, computed once. */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.version()
    const hit = this.#entries.get(key)
    if (hit && hit.version === version) return hit.value as Promise<T>
    const value = compute()
    this.#entries.setPending(key, { version, value }, value)
    return value
  }

  /** The data changed: forget every answer. */
  bump() {
    this.#local++
    this.#version = null
    this.#entries.clear()
  }

  clear() {
    this.bump()
  }
}

export default new MetricsCache()
