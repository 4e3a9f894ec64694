import uploadPlatformsConfig from '#config/upload_platforms'
import { UploadManager } from '#platforms/upload/manager'

/**
 * The Upload Station's adapters: `uploads.use('bilibili')`. Which hosts they
 * talk to is decided by config/upload_platforms.ts (PLATFORM_ADAPTERS).
 */
const uploads = new UploadManager(uploadPlatformsConfig)
export default uploads
