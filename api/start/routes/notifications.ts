import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const HeadlineNotificationsController = () =>
  import('#controllers/headline_notifications_controller')

/** Headline notifications (SPEC §7: offset 0, limit 20). */
router
  .group(() => {
    router.get('/', [HeadlineNotificationsController, 'index'])
    router.get('/unread', [HeadlineNotificationsController, 'unread'])
    router.post('/read-all', [HeadlineNotificationsController, 'readAll'])
    router.post('/:id/read', [HeadlineNotificationsController, 'read'])
  })
  .prefix('/api/headline-notifications')
  .use([middleware.auth(), middleware.allowedIp()])
