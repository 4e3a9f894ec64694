import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import studioConfig from '#config/studio'

const DashboardsController = () => import('#controllers/dashboards_controller')

/**
 * The dashboard (SPEC §2 Dashboard, §7): the headline numbers under the
 * brand's path (/api/mcn_dashboard by default), the creator ranking list
 * (also under /sort), platform totals, the daily chart, the week/month
 * ranking and the Excel download. MetricPolicy decides who; a trailing
 * slash is accepted as SPEC §7 writes /api/dashboard/ranking/month/.
 */
router
  .group(() => {
    router.get(`/${studioConfig.brand}_dashboard`, [DashboardsController, 'overview'])
    router.get('/dashboard/overview', [DashboardsController, 'overview'])
    router.get('/dashboard/list', [DashboardsController, 'list'])
    router.get('/dashboard/sort', [DashboardsController, 'list'])
    router.get('/dashboard/total', [DashboardsController, 'total'])
    router.get('/dashboard/chart/weekly', [DashboardsController, 'chart'])
    router.get('/dashboard/ranking/month', [DashboardsController, 'ranking'])
    router.get('/dashboard/download', [DashboardsController, 'download'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
