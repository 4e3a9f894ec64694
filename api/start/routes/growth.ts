import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const GrowthController = () => import('#controllers/growth_controller')

/** The growth-hacking windows of a video and the growth-hacking board. */
router
  .group(() => {
    router
      .get('/videos/:id/growth', [GrowthController, 'show'])
      .where('id', router.matchers.number())
    router.get('/growth-board', [GrowthController, 'board'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
