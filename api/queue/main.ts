import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import studioConfig from '#config/studio'
import { SCHEDULES, type StudioJobClass } from '#jobs/registry'
import BullMqDriver from '#queue/bullmq_driver'
import InProcessDriver from '#queue/in_process_driver'
import type { DispatchOptions, QueueDriver, QueueHealth } from '#queue/types'

/**
 * One door to the jobs: BullMQ when REDIS_HOST is set, the in-process
 * driver otherwise. Both run the same job classes (api/jobs/registry.ts).
 */
export default class QueueService {
  static #driver: QueueDriver | null = null

  static get driver(): QueueDriver {
    if (!this.#driver) {
      this.#driver = env.get('REDIS_HOST')
        ? new BullMqDriver()
        : new InProcessDriver({ pollMs: 1_000, attempts: 3 })
    }
    return this.#driver
  }

  static dispatch(job: StudioJobClass, payload: unknown, options?: DispatchOptions) {
    return this.driver.dispatch(job, payload, options)
  }

  /**
   * Registers every schedule of api/jobs/registry.ts in the studio's time
   * zone; idempotent (upserted by key), so every worker start calls it.
   */
  static async registerSchedules() {
    for (const schedule of SCHEDULES) {
      await this.driver.schedule(
        schedule.key,
        schedule.job,
        schedule.cron,
        studioConfig.timezone,
        schedule.payload
      )
    }
  }

  /** Registers the schedules and starts the worker. */
  static async startWorker() {
    await this.registerSchedules()
    await this.driver.startWorker()
    logger.info(`queue worker started (${this.driver.name})`)
  }

  static async stop() {
    if (this.#driver) await this.#driver.stop()
  }

  static async health(): Promise<QueueHealth> {
    return { driver: this.driver.name, state: await this.driver.health() }
  }
}
