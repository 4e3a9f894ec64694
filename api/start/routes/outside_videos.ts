import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OutsideVideosController = () => import('#controllers/outside_videos_controller')

/** Outside videos (issue 29): tracked by link or found by an outside creator's crawl. */
router
  .group(() => {
    router.get('/', [OutsideVideosController, 'index'])
    router.post('/', [OutsideVideosController, 'store'])
    router.get('/:id', [OutsideVideosController, 'show'])
    router.get('/:id/comparison', [OutsideVideosController, 'comparison'])
    router.patch('/:id', [OutsideVideosController, 'update'])
    router.delete('/:id', [OutsideVideosController, 'destroy'])
    router.post('/:id/crawl', [OutsideVideosController, 'crawl'])
  })
  .prefix('/api/outside_videos')
  .use([middleware.auth(), middleware.allowedIp()])
