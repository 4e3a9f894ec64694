import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const UploadsController = () => import('#controllers/uploads_controller')

/**
 * The upload station (SPEC §2 'Video Upload Station') under /api/uploads.
 * The SPEC §7 paths under /api/video and /api/upload_video live in
 * spec_paths.ts.
 */
router
  .group(() => {
    router.post('/uploads/check', [UploadsController, 'check'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
