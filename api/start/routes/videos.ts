import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const VideosController = () => import('#controllers/videos_controller')

/**
 * Videos (SPEC §2 'Video Dashboard', 'Video Compare'): the REST resource
 * under /api/videos. The SPEC §7 paths under /api/video live in
 * spec_paths.ts; the growth-hacking windows in their own routes.
 */
router
  .group(() => {
    router.get('/videos', [VideosController, 'index'])
    router.get('/videos/export', [VideosController, 'export'])
    router.get('/videos/dashboard', [VideosController, 'dashboard'])
    router.get('/videos/suggest', [VideosController, 'suggest'])
    router.get('/videos/compare', [VideosController, 'compare'])
    router.get('/videos/compare/export', [VideosController, 'compareExport'])
    router.get('/videos/:id', [VideosController, 'show']).where('id', router.matchers.number())
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
