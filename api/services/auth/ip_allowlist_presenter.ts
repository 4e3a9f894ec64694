import type IpAllowlistEntry from '#models/ip_allowlist_entry'

/** An allow-list entry as the model serialises it (id, cidr, note, who and when). */
export function presentIpAllowlistEntry(entry: IpAllowlistEntry) {
  return entry.serialize()
}
