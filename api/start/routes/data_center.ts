import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import studioConfig from '#config/studio'

const DataCenterController = () => import('#controllers/data_center_controller')
const CreatorMetricsController = () => import('#controllers/creator_metrics_controller')

/**
 * Data center and charts (SPEC §2 Data Center, platform dashboards, Data
 * Chart Panel; §7 paths): the panel under /api/{brand}_dashboard_panel (and
 * /api/data-center), the category panel, fan tiers, chart series and a
 * creator's charts. MetricPolicy decides who; MetricScope narrows what.
 */
router
  .group(() => {
    router.get(`/${studioConfig.brand}_dashboard_panel`, [DataCenterController, 'panel'])
    router.get('/data-center', [DataCenterController, 'panel'])
    router.get('/dashboard/category/platform', [DataCenterController, 'categories'])
    router.get('/dashboard/fans', [DataCenterController, 'fanTiers'])
    router.get('/metrics/series', [DataCenterController, 'series'])

    router.get('/creator/chart/daily', [CreatorMetricsController, 'daily'])
    router.get('/creator/chart/monthly', [CreatorMetricsController, 'monthly'])
    router.get('/creator/dashboard/detail', [CreatorMetricsController, 'detail'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
