import db from '@adonisjs/lucid/services/db'

const MAX_ENTRIES = 1000
/** How long a process trusts its view of the data version before asking the database again. */
const VERSION_TTL_MS = 5000

/**
 * Answers of the metric endpoints, kept in memory until the data changes.
 * Metrics change only when a collection (or backfill) rewrites a day, and
 * that rewrites metric_daily_totals, so the newest `updated_at` there is
 * the data version: a collection in this process calls `bump()` at once, a
 * collection in another process (queue:listen) is seen within 5 seconds.
 */
class MetricsCache {
  #entries = new Map<string, { version: string; value: Promise<unknown> }>()
  #version: string | null = null
  #versionCheckedAt = 0
  #local = 0

  async version(): Promise<string> {
    const now = Date.now()
    if (this.#version === null || now - this.#versionCheckedAt > VERSION_TTL_MS) {
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
    if (hit && hit.version === version) {
      this.#entries.delete(key)
      this.#entries.set(key, hit)
      return hit.value as Promise<T>
    }
    const value = compute()
    this.#entries.set(key, { version, value })
    value.catch(() => this.#entries.delete(key))
    while (this.#entries.size > MAX_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!)
    }
    return value
  }

  /** The data changed in this process: forget every answer. */
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
