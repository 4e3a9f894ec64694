import type { HttpContext } from '@adonisjs/core/http'
import HealthService, { presentHealth } from '#services/health_service'

/**
 * GET /api/health — public, for load balancers. Reports whether the database
 * and the queue are reachable; 503 when the database is not.
 */
export default class HealthController {
  async show({ response }: HttpContext) {
    const health = await HealthService.check()
    const up = health.database === 'ok'
    response.status(up ? 200 : 503)
    return { status: up ? 0 : 503, data: presentHealth(health) }
  }
}
