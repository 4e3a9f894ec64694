/** How long an answer may be served; bounds what another process's writes and time-based statuses lag. */
const TTL_MS = 5000
const MAX_ENTRIES = 500

/**
 * The creator list's and summary's answers, kept for a few seconds. The
 * list is what staff open all day and paging through it re-reads the same
 * pages; building one page costs ~15 ms of model work. Every service of
 * this process that changes what the list shows clears it through
 * api/services/caches.ts once its transaction commits (creator, account and
 * ad-price writes, favorites, and CreatorTotalsService.recompute, which every
 * bulk path — import, collection, backfill — ends with); writes of another
 * process and statuses that change with the clock (a token expiring) show
 * within 5 seconds.
 */
class CreatorListCache {
  #entries = new Map<string, { at: number; value: Promise<unknown> }>()

  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.#entries.get(key)
    if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>
    const value = compute()
    this.#entries.delete(key)
    this.#entries.set(key, { at: now, value })
    value.catch(() => this.#entries.delete(key))
    while (this.#entries.size > MAX_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!)
    }
    return value
  }

  clear() {
    this.#entries.clear()
  }
}

export default new CreatorListCache()
