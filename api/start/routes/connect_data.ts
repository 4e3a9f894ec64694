import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ConnectDataController = () => import('#controllers/connect_data_controller')

/**
 * Connect data (issue 29): an outside creator or video connected to a
 * managed one, its history moved once, confirmed or reverted.
 * ConnectDataPolicy decides who.
 */
router
  .group(() => {
    router.get('/connect_data', [ConnectDataController, 'index'])
    router.get('/connect_data/preview', [ConnectDataController, 'preview'])
    router.get('/connect_data/tasks', [ConnectDataController, 'tasks'])
    router.get('/connect_data/outside', [ConnectDataController, 'outside'])
    router.post('/connect_data', [ConnectDataController, 'store'])
    router.post('/connect_data/:id/confirm', [ConnectDataController, 'confirm'])
    router.post('/connect_data/:id/revert', [ConnectDataController, 'revert'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
