import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import { ByteLru } from '#support/byte_lru'

/** How long a process trusts its view of the data version. */
const VERSION_TTL_MS = 5_000

/**
 * Answers of the video endpoints (dashboard, list pages, suggestions), kept
 * until the video data changes, within 8 % of the cache budget (least
 * recently used first out). Registered as `videos` in api/services/caches.ts:
 * the ingest clears it through `Caches.afterCommit(trx, 'videos')`, which
 * reaches every process through Redis when configured. Without a clear the
 * version (newest video id and `updated_at`, newest snapshot id: three
 * index look-ups) is re-read at most every 5 seconds, so a write from
 * another process shows within 5 seconds.
 */
class VideosCache {
  #entries = new ByteLru<{ version: string; value: Promise<unknown> }>(
    Math.floor(studioConfig.cacheBudgetBytes * 0.08)
  )
  #version: string | null = null
  #versionCheckedAt = 0
  #local = 0

  get bytes() {
    return this.#entries.bytes
  }

  async version(): Promise<string> {
    const now = Date.now()
    if (this.#version === null || now - this.#versionCheckedAt > VERSION_TTL_MS) {
      const [videos, snapshots] = await Promise.all([
        db.from('videos').max('id as id').max('updated_at as updated').first(),
        db.from('video_snapshots').max('id as id').first(),
      ])
      this.#version = `${videos?.id ?? 0}|${videos?.updated ?? ''}|${snapshots?.id ?? 0}`
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
  clear() {
    this.#local++
    this.#version = null
    this.#entries.clear()
  }
}

export default new VideosCache()
