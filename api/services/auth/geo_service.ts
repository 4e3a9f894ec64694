import { existsSync } from 'node:fs'
import maxmind, { type CountryResponse, type Reader } from 'maxmind'
import studioConfig from '#config/studio'
import { VERSION_LABEL } from '#shared/constants'

/**
 * Country of an IP address from an optional MaxMind-format database
 * (GEOIP_DATABASE). Without one, or for private addresses, the answer is
 * 'unknown' (SPEC §7: both fields become 'unknown' on failure).
 */
export default class GeoService {
  static #reader: Promise<Reader<CountryResponse> | null> | null = null

  static #open() {
    if (!this.#reader) {
      const file = studioConfig.geoipDatabase
      this.#reader =
        file && existsSync(file)
          ? maxmind.open<CountryResponse>(file).catch(() => null)
          : Promise.resolve(null)
    }
    return this.#reader
  }

  static async country(ip: string): Promise<string> {
    try {
      const reader = await this.#open()
      const found = reader?.get(ip)
      return found?.country?.names?.en ?? found?.country?.iso_code ?? 'unknown'
    } catch {
      return 'unknown'
    }
  }
}

/**
 * What the login screen shows (GET /api/client-info): the caller's address
 * as the server sees it and its country, the brand, the version label, the
 * older version's URL and whether sign-up is open.
 */
export async function clientInfoOf(ip: string) {
  return {
    IPv4: ip,
    ip,
    country_name: await GeoService.country(ip),
    brand: studioConfig.brand,
    version: VERSION_LABEL,
    old_version: studioConfig.oldVersion,
    sign_up: studioConfig.signUpEnabled,
  }
}
