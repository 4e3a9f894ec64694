import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'
import type { InferDriveDisks } from '@adonisjs/drive/types'

/**
 * Stored files (avatars, board attachments, later videos and documents) go
 * through Drive. The local disk lives under storage/drive (DRIVE_ROOT);
 * nothing is served straight from it: controllers stream files after their
 * own checks, so every file keeps the permission of what it belongs to.
 */
const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: env.get('DRIVE_ROOT') ?? app.makePath('storage/drive'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
