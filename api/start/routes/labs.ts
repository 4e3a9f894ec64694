import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LabsCoversController = () => import('#controllers/labs_covers_controller')
const LabsDownloadsController = () => import('#controllers/labs_downloads_controller')

/**
 * The Labs screen's tools (SPEC §2 'Labs'), LabsPolicy deciding who: the
 * thumbnail resizer under /api/labs/covers and its SPEC §7 paths.
 */
router
  .group(() => {
    router.post('/labs/covers', [LabsCoversController, 'store'])
    router.get('/labs/covers/:id/zip', [LabsCoversController, 'zip'])
    router.get('/labs/covers/:id/:key', [LabsCoversController, 'output'])
    router.post('/other/resize_jpg_picture', [LabsCoversController, 'resizeJpg'])
    router.post('/other/resize_png_picture', [LabsCoversController, 'resizePng'])
    // the data download (a queued workbook) and YouTube downloads by link
    router.post('/labs/data_exports', [LabsDownloadsController, 'storeExport'])
    router
      .get('/labs/data_exports/:id', [LabsDownloadsController, 'showExport'])
      .where('id', router.matchers.number())
    router
      .get('/labs/data_exports/:id/file', [LabsDownloadsController, 'exportFile'])
      .where('id', router.matchers.number())
    router.get('/labs/video_downloads', [LabsDownloadsController, 'indexVideos'])
    router.post('/labs/video_downloads', [LabsDownloadsController, 'storeVideo'])
    router
      .get('/labs/video_downloads/:id/file', [LabsDownloadsController, 'videoFile'])
      .where('id', router.matchers.number())
    router
      .delete('/labs/video_downloads/:id', [LabsDownloadsController, 'destroyVideo'])
      .where('id', router.matchers.number())
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
