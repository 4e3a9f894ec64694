import platformsConfig from '#config/platforms'
import { PlatformManager } from '#platforms/manager'

/**
 * The studio's platform adapters: `platforms.use('bilibili')`. Which adapter
 * a key gets is decided by config/platforms.ts (PLATFORM_ADAPTERS).
 */
const platforms = new PlatformManager(platformsConfig)
export default platforms
