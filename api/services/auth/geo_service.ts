import { existsSync } from 'node:fs'
import maxmind, { type CountryResponse, type Reader } from 'maxmind'
import studioConfig from '#config/studio'

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
