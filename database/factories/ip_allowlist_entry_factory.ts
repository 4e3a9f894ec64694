import factory from '@adonisjs/lucid/factories'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import { nextNumber } from '#database/factories/sequence'

/**
 * One address of the shared address space (100.64.0.0/10, used by no test
 * as a caller) as a /32; merge `cidr` for a given range. The service keeps
 * a cache of the list: clear it after writing rows behind its back.
 */
export const IpAllowlistEntryFactory = factory
  .define(IpAllowlistEntry, () => {
    const number = nextNumber()
    return {
      cidr: `100.64.${Math.floor(number / 256) % 256}.${number % 256}/32`,
      note: 'office VPN',
      createdBy: null,
    }
  })
  .build()
