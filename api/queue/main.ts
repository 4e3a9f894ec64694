import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import studioConfig from '#config/studio'
import { SCHEDULES, type StudioJobClass } from '#jobs/registry'
import BullMqDriver from '#queue/bullmq_driver'
import InProcessDriver from '#queue/in_process_driver'
import type { DispatchOptions, QueueDriver, QueueHealth } from '#queue/types'
import redisLink from '#support/redis_link'
import { queueUnavailable } from '#queue/unavailable'

/** While Redis does not answer, the worker's start is tried again this often. */
const WORKER_RETRY_MS = 3_000

/**
 * One door to the jobs: BullMQ when REDIS_HOST is set, the in-process
 * driver otherwise. Both run the same job classes (api/jobs/registry.ts).
 */
export default class QueueService {
  static #driver: QueueDriver | null = null
  static #worker: 'off' | 'waiting' | 'running' = 'off'
  static #retry: NodeJS.Timeout | null = null
  static #unwatch: (() => void) | null = null
  static #stopped = false

  static get driver(): QueueDriver {
    if (!this.#driver) {
      this.#driver = env.get('REDIS_HOST')
        ? new BullMqDriver()
        : new InProcessDriver({ pollMs: 1_000, attempts: 3 })
    }
    return this.#driver
  }

  /**
   * Refuses at once (503 'errors.queue_unavailable') while the queue cannot
   * take jobs, so that callers write nothing (no run, no upload) for work
   * that could not be queued.
   */
  static assertAvailable() {
    if (!this.driver.available()) throw queueUnavailable()
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

  /**
   * Registers the schedules and starts the worker — now when the queue
   * answers, else as soon as it does (tried every 3 s; one log line when it
   * waits, one when it starts). When Redis comes back after an outage the
   * schedules are registered again: a Redis that lost its data (no
   * persistence) gets the 13:00 collection and the 13:30 scan back.
   */
  static async startWorker() {
    this.#stopped = false
    if (this.driver.name === 'in-process') {
      await this.registerSchedules()
      await this.driver.startWorker()
      this.#worker = 'running'
      logger.info(`queue worker started (${this.driver.name})`)
      return
    }
    await redisLink.watch()
    this.#unwatch ??= redisLink.onChange((state) => {
      if (state === 'up' && this.#worker === 'running') {
        this.registerSchedules().catch((error) =>
          logger.warn({ err: error }, 'queue schedules could not be registered again')
        )
      }
    })
    await this.#tryStart()
  }

  static async #tryStart() {
    this.#retry = null
    if (this.#stopped || this.#worker === 'running') return
    try {
      if (!redisLink.up) throw new Error('not answering yet')
      await this.registerSchedules()
      await this.driver.startWorker()
      this.#worker = 'running'
      logger.info(`queue worker started (${this.driver.name}, Redis at ${redisLink.address})`)
    } catch (error) {
      if (this.#worker !== 'waiting') {
        logger.warn(
          `queue worker waits for Redis at ${redisLink.address} (${(error as Error).message}); it starts as soon as Redis answers`
        )
      }
      this.#worker = 'waiting'
      if (!this.#stopped) this.#retry = setTimeout(() => this.#tryStart(), WORKER_RETRY_MS)
    }
  }

  static async stop() {
    this.#stopped = true
    if (this.#retry) clearTimeout(this.#retry)
    this.#retry = null
    this.#unwatch?.()
    this.#unwatch = null
    if (this.#driver) await this.#driver.stop()
    this.#worker = 'off'
  }

  static async health(): Promise<QueueHealth> {
    return { driver: this.driver.name, state: await this.driver.health(), worker: this.#worker }
  }
}
