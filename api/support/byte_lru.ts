/**
 * A map that keeps its most recently used entries within a byte budget:
 * each entry is stored with its (estimated) size and the least recently
 * used go first when the total would pass the budget. An entry larger than
 * the whole budget is not kept. What the in-process caches are built on
 * (api/services/caches.ts), so their memory is bounded whatever the
 * variety of queries.
 */
export class ByteLru<V> {
  #entries = new Map<string, { value: V; bytes: number }>()
  #bytes = 0

  constructor(public budgetBytes: number) {}

  get size() {
    return this.#entries.size
  }

  /** Bytes held now (the sum of the entries' estimates). */
  get bytes() {
    return this.#bytes
  }

  /** The entry, marked as just used. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  /** The entry without marking it used. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value
  }

  set(key: string, value: V, bytes: number) {
    this.delete(key)
    if (bytes > this.budgetBytes) return
    this.#entries.set(key, { value, bytes })
    this.#bytes += bytes
    this.#trim()
  }

  /**
   * Corrects an entry's size once it is known (an answer that was still
   * being computed); the entry counts as just used.
   */
  resize(key: string, bytes: number) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.set(key, entry.value, bytes)
  }

  /**
   * Keeps `entry` (which holds `promise`) at 1 KB until the promise settles:
   * then sized by its answer, or dropped when it failed. An entry replaced
   * meanwhile is left alone.
   */
  setPending(key: string, entry: V, promise: Promise<unknown>) {
    this.set(key, entry, 1024)
    promise.then(
      (answer) => {
        if (this.peek(key) === entry) this.resize(key, estimateBytes(answer))
      },
      () => {
        if (this.peek(key) === entry) this.delete(key)
      }
    )
  }

  delete(key: string) {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }

  /** Removes every entry for which `test` holds. */
  deleteWhere(test: (value: V, key: string) => boolean) {
    for (const [key, entry] of this.#entries) {
      if (test(entry.value, key)) this.delete(key)
    }
  }

  clear() {
    this.#entries.clear()
    this.#bytes = 0
  }

  #trim() {
    while (this.#bytes > this.budgetBytes && this.#entries.size) {
      this.delete(this.#entries.keys().next().value!)
    }
  }
}

/**
 * The heap an answer takes, estimated from its JSON text: UTF-16 strings
 * and object overhead make it about twice the text's length (measured on
 * the metric answers: 1.6–2.4 ×).
 */
export function estimateBytes(value: unknown) {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 16) + 64
  } catch {
    return 64 * 1024
  }
}

/**
 * Answers kept for `ttlMs` within a byte budget (least recently used first
 * out); `remember` computes an answer once for every caller that asks
 * meanwhile, and a failed one is not kept.
 */
export class TtlLru {
  #entries: ByteLru<{ at: number; value: Promise<unknown> }>

  constructor(
    budgetBytes: number,
    private ttlMs: number
  ) {
    this.#entries = new ByteLru(budgetBytes)
  }

  remember<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.#entries.get(key)
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>
    const value = compute()
    this.#entries.setPending(key, { at: now, value }, value)
    return value
  }

  clear() {
    this.#entries.clear()
  }
}
