import { RuntimeException } from '@adonisjs/core/exceptions'
import type { UploadPlatform } from '#shared/uploads'
import type { UploadAdapter } from '#platforms/upload/types'
import type { PlatformMode } from '#platforms/manager'

/** Builds the upload adapter of one platform; called once, on first use. */
export type UploadAdapterFactory = () => UploadAdapter

export interface UploadPlatformsConfig {
  /** 'simulated': the adapters talk to the in-process fake platform server; 'live': to the platforms. */
  mode: PlatformMode
  platforms: Record<UploadPlatform, UploadAdapterFactory>
}

export function defineConfig(config: UploadPlatformsConfig): UploadPlatformsConfig {
  return config
}

/**
 * Hands out the upload adapter of a platform, like the metric adapters'
 * manager (api/platforms/manager.ts): `uploads.use('bilibili')` builds it
 * once from config/upload_platforms.ts, an unknown platform is an error
 * naming that file, tests swap an adapter with `fake()` and put the real
 * ones back with `restore()`.
 */
export class UploadManager {
  #adapters = new Map<string, UploadAdapter>()
  #fakes = new Map<string, UploadAdapter>()

  constructor(readonly config: UploadPlatformsConfig) {}

  get mode() {
    return this.config.mode
  }

  keys(): UploadPlatform[] {
    return Object.keys(this.config.platforms) as UploadPlatform[]
  }

  has(key: string): key is UploadPlatform {
    return Object.hasOwn(this.config.platforms, key)
  }

  use(key: UploadPlatform): UploadAdapter {
    const fake = this.#fakes.get(key)
    if (fake) return fake
    const cached = this.#adapters.get(key)
    if (cached) return cached
    if (!this.has(key)) {
      throw new RuntimeException(
        `Unknown upload platform "${key}". Make sure it is mapped to an adapter factory inside the "config/upload_platforms.ts" file`
      )
    }
    const adapter = this.config.platforms[key]()
    this.#adapters.set(key, adapter)
    return adapter
  }

  /** Answer `use(key)` with `adapter` until `restore()`. */
  fake(key: UploadPlatform, adapter: UploadAdapter) {
    this.#fakes.set(key, adapter)
    return adapter
  }

  /** Drop the fake of `key`, or every fake when no key is given. */
  restore(key?: UploadPlatform) {
    if (key) this.#fakes.delete(key)
    else this.#fakes.clear()
  }
}
