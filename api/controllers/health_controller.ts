import type { HttpContext } from '@adonisjs/core/http'
import HealthService, { presentHealth } from '#services/health_service'

/**
 * Public, for load balancers and supervisors.
 * - GET /api/health — liveness: the process answers (200), with what it
 *   sees of its dependencies.
 * - GET /api/health/ready — readiness: 200 when the database and the queue
 *   (Redis when configured) answer, else 503 naming what is down, so a load
 *   balancer stops sending traffic to an instance that cannot serve it.
 */
export default class HealthController {
  async show() {
    return { status: 0, data: presentHealth(await HealthService.check()) }
  }

  async ready({ response, i18n }: HttpContext) {
    const health = await HealthService.check()
    const down = HealthService.downOf(health)
    if (!down.length) return { status: 0, data: presentHealth(health) }
    response.status(503)
    return {
      status: 503,
      message: i18n.t('messages.errors.not_ready', { down: down.join(', ') }),
      data: { ...presentHealth(health), down },
    }
  }
}
