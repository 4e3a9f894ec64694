import { RuntimeException } from '@adonisjs/core/exceptions'
import type { PlatformKey } from '#shared/constants'
import type { PlatformAdapter } from '#platforms/types'

/** Builds the adapter of one platform; called once, on first use. */
export type PlatformFactory = () => PlatformAdapter

/** Which adapters config/platforms.ts hands out: the simulator for every key, or the live ones. */
const PLATFORM_MODES = ['simulated', 'live'] as const
export type PlatformMode = (typeof PLATFORM_MODES)[number]

interface PlatformsConfig {
  mode: PlatformMode
  /** Every platform key mapped to the factory of its adapter. */
  platforms: Record<PlatformKey, PlatformFactory>
}

/** Types the config file (config/platforms.ts) and keeps every key present. */
export function defineConfig(config: PlatformsConfig): PlatformsConfig {
  return config
}

/**
 * Hands out adapters by key, like @adonisjs/ally's manager: the config maps
 * each key to a factory, `use(key)` builds the adapter once and caches it,
 * an unknown key is an error naming the config file. Tests swap an adapter
 * with `fake(key, adapter)` and put the real ones back with `restore()`.
 * The metric adapters (PlatformManager) and the upload adapters
 * (api/platforms/upload/manager.ts) are both this.
 */
export class AdapterManager<Key extends string, Adapter> {
  #adapters = new Map<string, Adapter>()
  #fakes = new Map<string, Adapter>()

  constructor(
    readonly config: { mode: PlatformMode; platforms: Record<Key, () => Adapter> },
    /** How an unknown key is named in the error ('platform', 'upload platform'). */
    private readonly noun: string,
    /** The config file the error points at. */
    private readonly configFile: string
  ) {}

  get mode() {
    return this.config.mode
  }

  /** The configured keys. */
  keys(): Key[] {
    return Object.keys(this.config.platforms) as Key[]
  }

  has(key: string): key is Key {
    return Object.hasOwn(this.config.platforms, key)
  }

  use(key: Key): Adapter {
    const fake = this.#fakes.get(key)
    if (fake) return fake

    const cached = this.#adapters.get(key)
    if (cached) return cached

    if (!this.has(key)) {
      throw new RuntimeException(
        `Unknown ${this.noun} "${key}". Make sure it is mapped to an adapter factory inside the "${this.configFile}" file`
      )
    }
    const adapter = this.config.platforms[key]()
    this.#adapters.set(key, adapter)
    return adapter
  }

  /** Answer `use(key)` with `adapter` until `restore()`. */
  fake(key: Key, adapter: Adapter) {
    this.#fakes.set(key, adapter)
    return adapter
  }

  /** Drop the fake of `key`, or every fake when no key is given. */
  restore(key?: Key) {
    if (key) this.#fakes.delete(key)
    else this.#fakes.clear()
  }
}

/** The metric adapters of the twelve platform keys (config/platforms.ts). */
export class PlatformManager extends AdapterManager<PlatformKey, PlatformAdapter> {
  constructor(config: PlatformsConfig) {
    super(config, 'platform', 'config/platforms.ts')
  }
}
