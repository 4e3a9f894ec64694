/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Server middleware run on every request, even when no route matches: the
 * request's language is known before any error is rendered, and the built
 * admin is served before routing.
 */
server.use([
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/detect_user_locale_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/admin_assets_middleware'),
])

/** Router middleware run on every matched route. */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  allowedIp: () => import('#middleware/ip_allowlist_middleware'),
})
