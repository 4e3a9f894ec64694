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
/** How often a running worker checks that every schedule is registered (QUEUE_SCHEDULE_CHECK_MS). */
const SCHEDULE_CHECK_MS = env.get('QUEUE_SCHEDULE_CHECK_MS') ?? 30_000
/** A failed registration is tried again after 1 s, doubling up to 30 s, until it holds. */
const SCHEDULE_RETRY_MS = { first: 1_000, longest: 30_000 }

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
  static #keeping: { timer: NodeJS.Timeout; unready: () => void } | null = null
  static #restoring: Promise<void> | null = null
  static #restoreAgain = false
  static #retrySchedules: { timer: NodeJS.Timeout; wake: () => void } | null = null

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
   * Registers every schedule of api/jobs/registry.ts (or those of `keys`)
   * in the studio's time zone; idempotent (upserted by key), so every worker
   * start calls it.
   */
  static async registerSchedules(keys?: string[]) {
    for (const schedule of SCHEDULES) {
      if (keys && !keys.includes(schedule.key)) continue
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
   * waits, one when it starts). Afterwards the worker keeps the schedules
   * registered (see #keepSchedules).
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
      if (state === 'up' && this.#worker === 'running') this.restoreSchedules()
    })
    await this.#tryStart()
  }

  /**
   * A Redis that lost its data (restarted without persistence) has none of
   * the schedules, and BullMQ's own connection may come back seconds after
   * the main one. So a running worker checks them whenever either
   * connection is ready again and every 30 s, and registers the missing ones
   * again, retrying with backoff until they are all there. Every instance
   * does it; registering is idempotent (upserted by key).
   */
  static #keepSchedules() {
    if (this.#keeping) return
    const timer = setInterval(() => this.restoreSchedules(), SCHEDULE_CHECK_MS)
    timer.unref()
    const unready = this.driver.onReady(() => this.restoreSchedules())
    this.#keeping = { timer, unready }
  }

  /** The schedules of api/jobs/registry.ts the queue does not hold (none while it cannot tell). */
  static async missingSchedules() {
    if (this.#worker !== 'running') return []
    try {
      return await this.driver.missingSchedules(SCHEDULES.map((schedule) => schedule.key))
    } catch {
      return []
    }
  }

  /** Registers the missing schedules again; one pass at a time, retried until it holds. */
  static restoreSchedules() {
    if (this.#restoring) {
      this.#restoreAgain = true
      this.#retrySchedules?.wake()
      return this.#restoring
    }
    this.#restoring = this.#restore().finally(() => {
      this.#restoring = null
    })
    return this.#restoring
  }

  static async #restore() {
    let wait = SCHEDULE_RETRY_MS.first
    let failures = 0
    while (!this.#stopped && this.#worker === 'running') {
      this.#restoreAgain = false
      if (!this.driver.available()) {
        // Redis is away: redis_link's 'up' wakes this pass when it answers
        await this.#pause(SCHEDULE_RETRY_MS.longest)
        continue
      }
      try {
        const keys = SCHEDULES.map((schedule) => schedule.key)
        const missing = await this.driver.missingSchedules(keys)
        if (!missing.length) return
        await this.registerSchedules(missing)
        const still = await this.driver.missingSchedules(keys)
        if (!still.length) {
          logger.info(`queue schedules registered again: ${missing.join(', ')}`)
          return
        }
        throw new Error(`still missing: ${still.join(', ')}`)
      } catch (error) {
        if (failures++ === 0) {
          logger.warn(
            { err: error },
            'queue schedules could not be registered again; trying again until they are'
          )
        }
      }
      if (!this.#restoreAgain) await this.#pause(wait)
      wait = Math.min(wait * 2, SCHEDULE_RETRY_MS.longest)
    }
  }

  static #pause(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.#retrySchedules = null
        resolve()
      }
      const timer = setTimeout(wake, ms)
      timer.unref()
      this.#retrySchedules = { timer, wake }
    })
  }

  static async #tryStart() {
    this.#retry = null
    if (this.#stopped || this.#worker === 'running') return
    try {
      if (!redisLink.up) throw new Error('not answering yet')
      await this.registerSchedules()
      await this.driver.startWorker()
      this.#worker = 'running'
      this.#keepSchedules()
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
    if (this.#keeping) {
      clearInterval(this.#keeping.timer)
      this.#keeping.unready()
      this.#keeping = null
    }
    this.#retrySchedules?.wake()
    if (this.#driver) await this.#driver.stop()
    this.#worker = 'off'
  }

  static async health(): Promise<QueueHealth> {
    return { driver: this.driver.name, state: await this.driver.health(), worker: this.#worker }
  }
}
