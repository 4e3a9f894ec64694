import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const LoginHealthController = () => import('#controllers/login_health_controller')

/** The account-health centre (issue 28 §3). */
router
  .group(() => {
    router.get('/', [LoginHealthController, 'index'])
    router.get('/summary', [LoginHealthController, 'summary'])
    router.post('/check', [LoginHealthController, 'check'])
  })
  .prefix('/api/login_health')
  .use([middleware.auth(), middleware.allowedIp()])
