import { ByteLru } from '#support/byte_lru'

/**
 * Answers kept until the data they were read from changes: each is stored
 * with the data version of its reading and served while that version holds,
 * within a byte budget (least recently used first out). `readVersion` asks
 * the database for the version (a cheap index look-up), at most once per
 * `ttlMs()`; `clear()` (the writer's, through the caches registry) forgets
 * every answer and the version at once.
 */
export class VersionedCache {
  #entries: ByteLru<{ version: string; value: Promise<unknown> }>
  #version: string | null = null
  #versionCheckedAt = 0
  #local = 0

  constructor(
    budgetBytes: number,
    private readVersion: () => Promise<string>,
    private ttlMs: () => number
  ) {
    this.#entries = new ByteLru(budgetBytes)
  }

  get bytes() {
    return this.#entries.bytes
  }

  get size() {
    return this.#entries.size
  }

  async version(): Promise<string> {
    const now = Date.now()
    if (this.#version === null || now - this.#versionCheckedAt > this.ttlMs()) {
      this.#version = await this.readVersion()
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
