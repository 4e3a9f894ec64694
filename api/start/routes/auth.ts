import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AuthController = () => import('#controllers/auth_controller')

router
  .group(() => {
    router.get('/info', [AuthController, 'info'])
    router.get('/permissions', [AuthController, 'permissions'])
  })
  .prefix('/api/user')
  .use([middleware.auth(), middleware.allowedIp()])
