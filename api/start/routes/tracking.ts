import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CreatorTrackingController = () => import('#controllers/creator_tracking_controller')

/**
 * Creator tracking (SPEC §2): the list and a creator's detail. The SPEC §7
 * paths (/api/creator/v2/, /api/creator/, /api/creator/dashboard/month/) live
 * in spec_paths.ts. TrackingPolicy decides who.
 */
router
  .group(() => {
    router.get('/creator-tracking', [CreatorTrackingController, 'index'])
    router.get('/creator-tracking/:id', [CreatorTrackingController, 'show'])
  })
  .prefix('/api')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.allowedIp()])
