import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AlertsController = () => import('#controllers/alerts_controller')

/** The alert dashboard. */
router
  .group(() => {
    router.get('/', [AlertsController, 'index'])
    router.get('/summary', [AlertsController, 'summary'])
    router.get('/rules', [AlertsController, 'rules'])
    router.put('/rules', [AlertsController, 'updateRules'])
    router.patch('/rules', [AlertsController, 'updateRules'])
    router.post('/scan', [AlertsController, 'scan'])
    router.post('/bulk', [AlertsController, 'bulk'])
    router.post('/:id/acknowledge', [AlertsController, 'acknowledge'])
    router.post('/:id/resolve', [AlertsController, 'resolve'])
    router.post('/:id/assign', [AlertsController, 'assign'])
  })
  .prefix('/api/alerts')
  .use([middleware.auth(), middleware.allowedIp()])
