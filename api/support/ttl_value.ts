import { TtlLru } from '#support/byte_lru'

/**
 * One value kept for `ttlMs`, then read again: `remember` computes it once
 * for every caller that asks meanwhile (also while it is being read); a
 * failed read is not kept. `clear` forgets it at once (a write in this
 * process, or a message from another). A TtlLru of one entry.
 */
export class TtlValue<T> {
  #entries: TtlLru

  constructor(ttlMs: number) {
    this.#entries = new TtlLru(Number.POSITIVE_INFINITY, ttlMs)
  }

  remember(compute: () => Promise<T>, now = Date.now()): Promise<T> {
    return this.#entries.remember('value', compute, now)
  }

  clear() {
    this.#entries.clear()
  }
}
