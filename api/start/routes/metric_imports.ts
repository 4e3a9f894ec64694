import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const MetricImportsController = () => import('#controllers/metric_imports_controller')

/**
 * A platform's own creator-center export (Excel or CSV) imported into one
 * account's daily figures (issue 28 §4). MetricImportPolicy decides who.
 */
router
  .post('/api/creators/:id/accounts/:platform/imports', [MetricImportsController, 'store'])
  .where('id', router.matchers.number())
  .use([middleware.auth(), middleware.allowedIp()])
