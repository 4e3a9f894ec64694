import db from '@adonisjs/lucid/services/db'
import QueueService from '#queue/main'

/** Whether the studio's dependencies answer (GET /api/health, for load balancers). */
export default class HealthService {
  static async check() {
    let database: 'ok' | 'down' = 'ok'
    try {
      await db.rawQuery('select 1')
    } catch {
      database = 'down'
    }
    const queue = await QueueService.health()
    return { database, queue: queue.state, queueDriver: queue.driver }
  }
}
