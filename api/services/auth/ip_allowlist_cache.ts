import type ipaddr from 'ipaddr.js'

export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** How long the parsed allow-list is trusted before it is read again. */
const TTL_MS = 5_000

/**
 * The allow-list's parsed ranges, read by every guarded request. Changes in
 * this process clear it at once (through api/services/caches.ts); other API
 * instances see them after TTL_MS.
 */
class IpAllowlistCache {
  #value: { at: number; ranges: IpRange[] } | null = null

  get(now = Date.now()): IpRange[] | null {
    const cached = this.#value
    return cached && now - cached.at < TTL_MS ? cached.ranges : null
  }

  set(ranges: IpRange[], now = Date.now()) {
    this.#value = { at: now, ranges }
  }

  clear() {
    this.#value = null
  }
}

export const ipAllowlistCache = new IpAllowlistCache()
