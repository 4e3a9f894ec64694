import type { UploadPlatform } from '#shared/uploads'
import type { UploadAdapter } from '#platforms/upload/types'
import { AdapterManager, type PlatformMode } from '#platforms/manager'

/** Builds the upload adapter of one platform; called once, on first use. */
export type UploadAdapterFactory = () => UploadAdapter

interface UploadPlatformsConfig {
  /** 'simulated': the adapters talk to the in-process fake platform server; 'live': to the platforms. */
  mode: PlatformMode
  platforms: Record<UploadPlatform, UploadAdapterFactory>
}

export function defineConfig(config: UploadPlatformsConfig): UploadPlatformsConfig {
  return config
}

/**
 * Hands out the upload adapter of a platform, like the metric adapters'
 * manager (AdapterManager in api/platforms/manager.ts): `uploads.use('bilibili')`
 * builds it once from config/upload_platforms.ts, an unknown platform is an
 * error naming that file, tests swap an adapter with `fake()` and put the
 * real ones back with `restore()`.
 */
export class UploadManager extends AdapterManager<UploadPlatform, UploadAdapter> {
  constructor(config: UploadPlatformsConfig) {
    super(config, 'upload platform', 'config/upload_platforms.ts')
  }
}
