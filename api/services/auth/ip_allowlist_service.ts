import { createHash, timingSafeEqual } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import env from '#start/env'
import StudioException from '#exceptions/studio_exception'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import AuditService from '#services/audit/audit_service'
import Caches from '#services/caches'
import { ipAllowlistCache, type IpRange } from '#services/auth/ip_allowlist_cache'
import { limitFailures } from '#services/auth/failure_limiter'
import SecurityCodeService from '#services/auth/security_code_service'
import type User from '#models/user'
import type { Actor } from '#support/actor'
import { normaliseRange, unmapAddress } from '#support/ip_ranges'

function sameSecret(given: string, expected: string) {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** Loopback ranges allowed on a fresh install so that the demo works. */
export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128']

/**
 * The IP allow-list (CIDR ranges). The parsed ranges are cached for a few
 * seconds (api/services/auth/ip_allowlist_cache.ts); every change through
 * this service clears the cache at once, and other API instances see it
 * after the cache's lifetime.
 */
export default class IpAllowlistService {
  /** Parses `10.0.0.0/8`, `2001:db8::/32` or a bare address into canonical CIDR, or null. */
  static normalise(input: string) {
    return normaliseRange(input)
  }

  static #ranges(): Promise<IpRange[]> {
    return ipAllowlistCache.remember(async () => {
      const entries = await IpAllowlistEntry.query().select('cidr')
      const ranges: IpRange[] = []
      for (const entry of entries) {
        try {
          ranges.push(ipaddr.parseCIDR(entry.cidr) as IpRange)
        } catch {
          // a malformed row cannot match anything; it stays visible in the admin list
        }
      }
      return ranges
    })
  }

  /** Forgets the cached ranges (tests that rewrite the list in the database). */
  static clearCache() {
    Caches.clear('ipAllowlist')
  }

  static async isAllowed(ip: string) {
    let address: ipaddr.IPv4 | ipaddr.IPv6
    try {
      address = unmapAddress(ipaddr.parse(ip))
    } catch {
      return false
    }
    const ranges = await this.#ranges()
    return ranges.some(([network, bits]) => {
      if (network.kind() !== address.kind()) return false
      return address.match([network, bits] as any)
    })
  }

  /** Adds a range (idempotent); returns the entry. */
  static async add(cidr: string, note: string | null, createdBy: number | null) {
    const normalised = this.normalise(cidr)
    if (!normalised) throw new Error(`Invalid CIDR: ${cidr}`)
    const entry = await IpAllowlistEntry.firstOrCreate(
      { cidr: normalised },
      { cidr: normalised, note, createdBy }
    )
    this.clearCache()
    return entry
  }

  /** Every entry, oldest first. */
  static list() {
    return IpAllowlistEntry.query().orderBy('id', 'asc')
  }

  /**
   * Refuses a range wider than the configured prefix (IPv4 /8, IPv6 /32 by
   * default: IP_ALLOWLIST_WIDEST_V4/_V6) unless the admin confirmed it: one
   * careless "0.0.0.0/0" would switch the allow-list off.
   */
  static guardWidth(cidr: string, confirmed: boolean | undefined) {
    const [network, bits] = ipaddr.parseCIDR(cidr)
    const widest =
      network.kind() === 'ipv4'
        ? (env.get('IP_ALLOWLIST_WIDEST_V4') ?? 8)
        : (env.get('IP_ALLOWLIST_WIDEST_V6') ?? 32)
    if (bits < widest && !confirmed) {
      throw new StudioException('errors.ip_too_wide', {
        status: 422,
        data: { prefix: `/${widest}` },
      })
    }
    return bits < widest
  }

  /** Adds a range for an admin of the studio, with their security code (audited). */
  static async addBy(
    actor: Actor,
    input: { cidr: string; note: string | null; code: string; confirmWide?: boolean }
  ) {
    await SecurityCodeService.verify(actor.user, input.code)
    const wide = this.guardWidth(input.cidr, input.confirmWide)
    const entry = await this.add(input.cidr, input.note, actor.user.id)
    await AuditService.log(actor, 'ip.add', ['ip', entry.id], { cidr: entry.cidr, wide })
    return entry
  }

  static async remove(entry: IpAllowlistEntry) {
    await entry.delete()
    this.clearCache()
  }

  /** Removes an entry for an admin of the studio, with their security code (404 when there is none; audited). */
  static async removeBy(actor: Actor, id: number, code: string) {
    const entry = await IpAllowlistEntry.findOrFail(id)
    await SecurityCodeService.verify(actor.user, code)
    await this.remove(entry)
    await AuditService.log(actor, 'ip.remove', ['ip', entry.id], { cidr: entry.cidr })
    return entry
  }

  /**
   * The legacy whitelist call (POST /add/white_ip): with an admin's token
   * (`adminId`), or with the fixed whitelist key (WHITE_IP_KEY) for IT
   * scripts; wrong keys are rate limited per address.
   */
  static async addByLegacyCall(input: {
    ip: string
    note?: string | null
    key?: string | null
    securityCode?: string | null
    confirmWide?: boolean
    admin: User | null
    callerIp: string
  }) {
    const adminId = input.admin?.id ?? null
    if (input.admin) {
      // An admin's token alone does not change the list: their security code too.
      if (!input.securityCode) {
        throw new StudioException('errors.security_code_required', { status: 422 })
      }
      await SecurityCodeService.verify(input.admin, input.securityCode)
    } else {
      const expected = env.get('WHITE_IP_KEY')
      await limitFailures(
        [
          {
            key: `white_ip:${input.callerIp}`,
            failures: 5,
            duration: '15 mins',
            blockDuration: '1 hour',
          },
        ],
        async () => {
          if (!expected || !input.key || !sameSecret(input.key, expected)) {
            throw new StudioException('auth.access_check_fail', { status: 401 })
          }
        }
      )
    }
    const wide = this.guardWidth(input.ip, input.confirmWide)
    const entry = await this.add(input.ip, input.note ?? null, adminId)
    await AuditService.record({
      action: 'ip.add',
      userId: adminId,
      ip: input.callerIp,
      subjectType: 'ip',
      subjectId: entry.id,
      meta: { cidr: entry.cidr, via: adminId ? 'admin' : 'key', wide },
    })
    return entry
  }
}
