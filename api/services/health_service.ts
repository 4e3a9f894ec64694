import db from '@adonisjs/lucid/services/db'
import QueueService from '#queue/main'
import { VERSION_LABEL } from '#shared/constants'

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

  /** The dependencies that do not answer ('database', 'queue'), for readiness. */
  static downOf(health: Awaited<ReturnType<typeof HealthService.check>>) {
    return [
      ...(health.database === 'ok' ? [] : ['database']),
      ...(health.queue === 'ok' ? [] : ['queue']),
    ]
  }
}

/** The health answer's data: the database, the queue and its driver, the version. */
export function presentHealth(health: Awaited<ReturnType<typeof HealthService.check>>) {
  return {
    database: health.database,
    queue: health.queue,
    queue_driver: health.queueDriver,
    version: VERSION_LABEL,
  }
}
