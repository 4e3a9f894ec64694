import ipaddr from 'ipaddr.js'

/*
| Addresses and CIDR ranges as the IP allow-list stores and compares them
| (api/services/auth/ip_allowlist_service.ts), and as its validators check them.
*/

/** An IPv4 address written inside IPv6 (`::ffff:10.1.2.3`) as the IPv4 address it is. */
export function unmapAddress(address: ipaddr.IPv4 | ipaddr.IPv6) {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address()
  }
  return address
}

/**
 * Only dotted-quad IPv4 (also inside IPv6) and IPv6: ipaddr.js also reads
 * inet_aton forms (127.1, 2130706433, octal 010.0.0.1, hex 0x7f.0.0.1),
 * which on an allow-list would stand for another address than the one typed.
 */
function usualNotation(address: string) {
  const ipv4 = address.includes(':') ? address.slice(address.lastIndexOf(':') + 1) : address
  return (address.includes(':') && !ipv4.includes('.')) || ipaddr.IPv4.isValidFourPartDecimal(ipv4)
}

/** The network address of `address` with its first `bits` kept. */
function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number) {
  const bytes = address.toByteArray()
  for (let index = 0; index < bytes.length; index++) {
    const keep = Math.max(0, Math.min(8, bits - index * 8))
    bytes[index] = bytes[index] & ((0xff << (8 - keep)) & 0xff)
  }
  return ipaddr.fromByteArray(bytes)
}

/** Parses `10.0.0.0/8`, `2001:db8::/32` or a bare address into canonical CIDR, or null. */
export function normaliseRange(input: string): string | null {
  const value = input.trim()
  if (!usualNotation(value.split('/')[0])) return null
  try {
    if (value.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(value)
      const processed = unmapAddress(address)
      const bits = processed.kind() === address.kind() ? prefix : prefix - 96
      if (bits < 0) return null
      return `${networkOf(processed, bits).toString()}/${bits}`
    }
    const address = unmapAddress(ipaddr.parse(value))
    return `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}`
  } catch {
    return null
  }
}
