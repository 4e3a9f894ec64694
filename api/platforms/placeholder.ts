import type { PlatformKey } from '#shared/constants'
import { PlatformError, type PlatformAccountRef, type PlatformAdapter } from '#platforms/types'

/**
 * The live adapter of a platform the studio cannot read yet (no public API
 * it may use, or one not written yet). Every call fails with
 * PlatformError 'not_supported', which the collection records per account
 * instead of inventing numbers. Set PLATFORM_ADAPTERS=simulated for demo data.
 */
export default class PlaceholderAdapter implements PlatformAdapter {
  readonly name: string
  readonly source = 'official' as const

  constructor(readonly platform: PlatformKey) {
    this.name = platform
  }

  #fail(): never {
    throw new PlatformError(
      this.platform,
      'not_supported',
      `Platform "${this.platform}" is not supported yet: there is no live adapter for it (see config/platforms.ts; PLATFORM_ADAPTERS=simulated uses the simulator)`,
      { retryable: false }
    )
  }

  async channelStats(_account?: PlatformAccountRef, _options?: { date: string }): Promise<never> {
    this.#fail()
  }

  async videos(
    _account?: PlatformAccountRef,
    _options?: { page: number; pageSize: number }
  ): Promise<never> {
    this.#fail()
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<never> {
    this.#fail()
  }
}
