import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const IpAllowlistController = () => import('#controllers/ip_allowlist_controller')
const RegisterCodesController = () => import('#controllers/register_codes_controller')
const AuditLogsController = () => import('#controllers/audit_logs_controller')

/** Administration: allow-list, register codes, studio log (policies decide who). */
router
  .group(() => {
    router.get('/ip-allowlist', [IpAllowlistController, 'index'])
    router.post('/ip-allowlist', [IpAllowlistController, 'store'])
    router
      .delete('/ip-allowlist/:id', [IpAllowlistController, 'destroy'])
      .where('id', router.matchers.number())

    router.get('/register-codes', [RegisterCodesController, 'index'])
    router.post('/register-codes', [RegisterCodesController, 'store'])
    router
      .delete('/register-codes/:id', [RegisterCodesController, 'destroy'])
      .where('id', router.matchers.number())

    router.get('/audit-logs', [AuditLogsController, 'index'])
    router.get('/audit-logs/actions', [AuditLogsController, 'actions'])
  })
  .prefix('/api')
  .use([middleware.auth(), middleware.allowedIp()])
