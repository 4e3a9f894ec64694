import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SettlementsController = () => import('#controllers/settlements_controller')
const RevenuesController = () => import('#controllers/revenues_controller')

/** Monthly settlement (/app/creator_adjustment): revenue, exchange rates, statements. */
router
  .group(() => {
    router.get('/settlements', [SettlementsController, 'index'])
    router.get('/settlements/totals', [SettlementsController, 'totals'])
    router.get('/settlements/team-totals', [SettlementsController, 'teamTotals'])
    router.get('/settlements/rates', [SettlementsController, 'rates'])
    router.put('/settlements/rates', [SettlementsController, 'updateRates'])
    router.post('/settlements/run', [SettlementsController, 'run'])
    router.get('/settlements/:id', [SettlementsController, 'show'])
    router.get('/settlements/:id/pdf', [SettlementsController, 'pdf'])
    router.post('/settlements/:id/confirm', [SettlementsController, 'confirm'])
    router.post('/settlements/:id/paid', [SettlementsController, 'paid'])
    router.post('/settlements/:id/adjustments', [SettlementsController, 'adjust'])

    router.get('/revenues', [RevenuesController, 'index'])
    router.post('/revenues', [RevenuesController, 'store'])
    router.post('/revenues/import', [RevenuesController, 'import'])
    router.put('/revenues/:id', [RevenuesController, 'update'])
    router.patch('/revenues/:id', [RevenuesController, 'update'])
    router.delete('/revenues/:id', [RevenuesController, 'destroy'])

    router.get('/exchange-rates', [RevenuesController, 'rates'])
    router.post('/exchange-rates', [RevenuesController, 'storeRate'])
    router.delete('/exchange-rates/:id', [RevenuesController, 'destroyRate'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
