import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import QueueService from '#services/queue_service'
import { VERSION_LABEL } from '#shared/constants'

/**
 * GET /api/health — public, for load balancers. Reports whether the database
 * and the queue are reachable; 503 when the database is not.
 */
export default class HealthController {
  async show({ response }: HttpContext) {
    let database: 'ok' | 'down' = 'ok'
    try {
      await db.rawQuery('select 1')
    } catch {
      database = 'down'
    }
    const queue = await QueueService.health()
    response.status(database === 'ok' ? 200 : 503)
    return {
      status: database === 'ok' ? 0 : 503,
      data: { database, queue: queue.state, queue_driver: queue.driver, version: VERSION_LABEL },
    }
  }
}
