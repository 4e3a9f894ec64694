import ipaddr from 'ipaddr.js'
import IpAllowlistEntry from '#models/ip_allowlist_entry'

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** Loopback ranges allowed on a fresh install so that the demo works. */
export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128']

/**
 * The IP allow-list (CIDR ranges). Entries are cached for a few seconds; every
 * change through this service clears the cache at once, and other API
 * instances see it after CACHE_MS.
 */
export default class IpAllowlistService {
  static CACHE_MS = 5_000
  static #cache: { at: number; ranges: Range[] } | null = null

  /** Parses `10.0.0.0/8`, `2001:db8::/32` or a bare address into canonical CIDR, or null. */
  static normalise(input: string): string | null {
    const value = input.trim()
    if (!this.#usualNotation(value.split('/')[0])) return null
    try {
      if (value.includes('/')) {
        const [address, prefix] = ipaddr.parseCIDR(value)
        const processed = this.#unmap(address)
        const bits = processed.kind() === address.kind() ? prefix : prefix - 96
        if (bits < 0) return null
        const network = this.#network(processed, bits)
        return `${network.toString()}/${bits}`
      }
      const address = this.#unmap(ipaddr.parse(value))
      return `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}`
    } catch {
      return null
    }
  }

  /**
   * Only dotted-quad IPv4 (also inside IPv6) and IPv6: ipaddr.js also reads
   * inet_aton forms (127.1, 2130706433, octal 010.0.0.1, hex 0x7f.0.0.1),
   * which on an allow-list would stand for another address than the one typed.
   */
  static #usualNotation(address: string) {
    const ipv4 = address.includes(':') ? address.slice(address.lastIndexOf(':') + 1) : address
    return (
      (address.includes(':') && !ipv4.includes('.')) || ipaddr.IPv4.isValidFourPartDecimal(ipv4)
    )
  }

  static #unmap(address: ipaddr.IPv4 | ipaddr.IPv6) {
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      return (address as ipaddr.IPv6).toIPv4Address()
    }
    return address
  }

  static #network(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number) {
    const bytes = address.toByteArray()
    for (let index = 0; index < bytes.length; index++) {
      const keep = Math.max(0, Math.min(8, bits - index * 8))
      bytes[index] = bytes[index] & ((0xff << (8 - keep)) & 0xff)
    }
    return ipaddr.fromByteArray(bytes)
  }

  static async #ranges(): Promise<Range[]> {
    const cached = this.#cache
    if (cached && Date.now() - cached.at < this.CACHE_MS) return cached.ranges
    const entries = await IpAllowlistEntry.query().select('cidr')
    const ranges: Range[] = []
    for (const entry of entries) {
      try {
        ranges.push(ipaddr.parseCIDR(entry.cidr) as Range)
      } catch {
        // a malformed row cannot match anything; it stays visible in the admin list
      }
    }
    this.#cache = { at: Date.now(), ranges }
    return ranges
  }

  static clearCache() {
    this.#cache = null
  }

  static async isAllowed(ip: string) {
    let address: ipaddr.IPv4 | ipaddr.IPv6
    try {
      address = this.#unmap(ipaddr.parse(ip))
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

  static async remove(entry: IpAllowlistEntry) {
    await entry.delete()
    this.clearCache()
  }
}
