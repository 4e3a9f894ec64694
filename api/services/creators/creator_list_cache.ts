import studioConfig from '#config/studio'
import { ByteLru } from '#support/byte_lru'

/** How long an answer may be served; bounds what time-based statuses (a token expiring) lag. */
const TTL_MS = 5000

/**
 * The creator list's and summary's answers, kept for a few seconds within
 * 25 % of the cache budget. The list is what staff open all day and paging
 * through it re-reads the same pages; building one page costs ~15 ms of
 * model work. Every service that changes what the list shows clears it
 * through api/services/caches.ts once its transaction commits (creator,
 * account and ad-price writes, favorites, and CreatorTotalsService.recompute,
 * which every bulk path — import, collection, backfill — ends with); the
 * registry tells the other instances through Redis when it is configured.
 */
class CreatorListCache {
  #entries = new ByteLru<{ at: number; value: Promise<unknown> }>(
    Math.floor(studioConfig.cacheBudgetBytes * 0.25)
  )

  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.#entries.get(key)
    if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>
    const value = compute()
    this.#entries.setPending(key, { at: now, value }, value)
    return value
  }

  clear() {
    this.#entries.clear()
  }
}

export default new CreatorListCache()
