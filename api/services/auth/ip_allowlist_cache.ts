import type ipaddr from 'ipaddr.js'
import { TtlValue } from '#support/ttl_value'

export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number]

/**
 * The allow-list's parsed ranges, read by every guarded request, trusted for
 * 5 s. Changes in this process clear it at once (through
 * api/services/caches.ts); other API instances see them through the cache
 * channel, or after 5 s without Redis.
 */
export const ipAllowlistCache = new TtlValue<IpRange[]>(5_000)
