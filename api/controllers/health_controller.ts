import type { HttpContext } from '@adonisjs/core/http'
import HealthService from '#services/health_service'
import { VERSION_LABEL } from '#shared/constants'

/**
 * GET /api/health — public, for load balancers. Reports whether the database
 * and the queue are reachable; 503 when the database is not.
 */
export default class HealthController {
  async show({ response }: HttpContext) {
    const { database, queue, queueDriver } = await HealthService.check()
    response.status(database === 'ok' ? 200 : 503)
    return {
      status: database === 'ok' ? 0 : 503,
      data: { database, queue, queue_driver: queueDriver, version: VERSION_LABEL },
    }
  }
}
