import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const MetricRunsController = () => import('#controllers/metric_runs_controller')

/**
 * Metrics collection (SPEC §2 'resync data', §9 the daily 13:00 run): queue
 * a collection for a scope and follow the runs. MetricPolicy decides who.
 */
router
  .group(() => {
    router.post('/metrics/collect', [MetricRunsController, 'collect'])
    router.get('/metrics/runs', [MetricRunsController, 'index'])
    router.get('/metrics/runs/:id', [MetricRunsController, 'show'])
  })
  .prefix('/api')
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.allowedIp()])
