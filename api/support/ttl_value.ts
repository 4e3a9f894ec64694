/**
 * One value kept for `ttlMs`, then read again: `remember` computes it once
 * for every caller that asks meanwhile (also while it is being read); a
 * failed read is not kept. `clear` forgets it at once (a write in this
 * process, or a message from another).
 */
export class TtlValue<T> {
  #entry: { at: number; value: Promise<T> } | null = null

  constructor(private ttlMs: number) {}

  remember(compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const cached = this.#entry
    if (cached && now - cached.at < this.ttlMs) return cached.value
    const entry = { at: now, value: compute() }
    this.#entry = entry
    entry.value.catch(() => {
      if (this.#entry === entry) this.#entry = null
    })
    return entry.value
  }

  clear() {
    this.#entry = null
  }
}
