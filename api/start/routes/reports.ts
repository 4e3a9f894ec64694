import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ReportsController = () => import('#controllers/reports_controller')
const ReportsPowerBiController = () => import('#controllers/reports_power_bi_controller')

/** Reports (/app/report_page, /app/mcn_report), a creator's statements and the Power BI feed. */
router
  .group(() => {
    router.get('/reports/teams', [ReportsController, 'teams'])
    router.get('/reports/teams/download', [ReportsController, 'download'])
    router.get('/creator/report_month', [ReportsController, 'statements'])
    router.get('/power-bi/accounts/self', [ReportsPowerBiController, 'accounts'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
