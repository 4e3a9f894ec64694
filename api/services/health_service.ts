import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import QueueService from '#queue/main'
import redisLink from '#support/redis_link'
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
    const missingSchedules = queue.state === 'ok' ? await QueueService.missingSchedules() : []
    // found missing: registered again now (readiness says so until they are back)
    if (missingSchedules.length) void QueueService.restoreSchedules()
    const redis: 'ok' | 'down' | 'off' = redisLink.configured
      ? redisLink.up
        ? 'ok'
        : 'down'
      : 'off'
    return {
      database,
      redis,
      queue: queue.state,
      queueDriver: queue.driver,
      worker: queue.worker,
      missingSchedules,
    }
  }

  /**
   * The dependencies that do not answer ('database', 'redis', 'queue',
   * 'worker') and 'schedules' while the queue lacks one, for readiness. The worker counts only where this process is
   * meant to run one (a web server without QUEUE_WORKER=false).
   */
  static downOf(health: Awaited<ReturnType<typeof HealthService.check>>) {
    const wantsWorker = app.getEnvironment() === 'web' && env.get('QUEUE_WORKER') !== false
    return [
      ...(health.database === 'ok' ? [] : ['database']),
      ...(health.redis === 'down' ? ['redis'] : []),
      ...(health.queue === 'ok' ? [] : ['queue']),
      ...(wantsWorker && health.worker !== 'running' ? ['worker'] : []),
      ...(health.missingSchedules.length ? ['schedules'] : []),
    ]
  }
}

/** The health answer's data: the database, Redis, the queue, its driver and worker, the version. */
export function presentHealth(health: Awaited<ReturnType<typeof HealthService.check>>) {
  return {
    database: health.database,
    redis: health.redis,
    queue: health.queue,
    queue_driver: health.queueDriver,
    worker: health.worker,
    missing_schedules: health.missingSchedules,
    version: VERSION_LABEL,
  }
}
