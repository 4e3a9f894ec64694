import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { Worker, type Job as BullJob } from 'bullmq'
import type { defineConfig } from '@rlanz/bull-queue'
import { findJob, type StudioJobClass } from '#jobs/registry'
import { upsertSchedule } from '#queue/schedules'
import { rescueJob, runJob } from '#queue/run_job'
import type { DispatchOptions, QueueDriver } from '#queue/types'
import { queueUnavailable as unavailable } from '#queue/unavailable'
import redisLink from '#support/redis_link'

type QueueConfig = Parameters<typeof defineConfig>[0]

const QUEUE_NAME = 'default'

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/**
 * BullMQ through @rlanz/bull-queue: its provider owns the Queue objects and
 * their connection. Jobs are named by their stable `jobName` (not by file
 * path) and the worker is created here so that shutdown can close it and let
 * the job in hand finish.
 */
export default class BullMqDriver implements QueueDriver {
  readonly name = 'bullmq' as const
  #worker: Worker | null = null

  #listening = new WeakSet<object>()

  async #queue() {
    const manager = await app.container.make('rlanz/queue')
    const queue = manager.getOrSet(QUEUE_NAME)
    if (!this.#listening.has(queue)) {
      this.#listening.add(queue)
      // without a listener BullMQ prints every failed reconnect; redis_link says it once
      queue.on('error', (error: Error) => {
        if (redisLink.up) logger.warn({ err: error }, 'queue error')
      })
    }
    return queue
  }

  #config() {
    return app.config.get<QueueConfig>('queue')
  }

  /**
   * Adds a job; while Redis does not answer, refuses at once with 503
   * 'errors.queue_unavailable' (nothing was queued) instead of waiting.
   */
  async dispatch(job: StudioJobClass, payload: unknown, options: DispatchOptions = {}) {
    if (!this.available()) throw unavailable()
    const queue = await this.#queue()
    try {
      const added = await withTimeout(
        queue.add(job.jobName, payload, {
          ...this.#config().jobs,
          ...(options.delay ? { delay: options.delay } : {}),
          ...(options.attempts ? { attempts: options.attempts } : {}),
        }),
        3_000,
        `Redis at ${redisLink.address}`
      )
      return String(added.id)
    } catch (error) {
      redisLink.report('down', error)
      throw unavailable()
    }
  }

  available() {
    return redisLink.up
  }

  async missingSchedules(keys: string[]) {
    // the scheduler set itself: getJobScheduler() reads a key with colons as a legacy repeat key
    const queue = await this.#queue()
    const found = await withTimeout(
      queue.client.then((client) =>
        Promise.all(keys.map((key) => client.zscore(queue.keys.repeat, key)))
      ),
      2_000,
      `Redis at ${redisLink.address}`
    )
    return keys.filter((_, index) => found[index] === null)
  }

  /**
   * BullMQ's connection reconnects on its own backoff, not the main
   * connection's: it can be ready seconds after redis_link says Redis is up.
   */
  onReady(listener: () => void) {
    let client: {
      on(event: 'ready', fn: () => void): void
      off(event: 'ready', fn: () => void): void
    } | null = null
    let ended = false
    this.#queue()
      .then((queue) => queue.client)
      .then((ready) => {
        if (ended) return
        client = ready as unknown as typeof client
        client!.on('ready', listener)
      })
      .catch(() => {})
    return () => {
      ended = true
      client?.off('ready', listener)
    }
  }

  async schedule(
    key: string,
    job: StudioJobClass,
    cron: string,
    timezone: string,
    payload: unknown
  ) {
    const queue = await this.#queue()
    await withTimeout(
      queue.upsertJobScheduler(
        key,
        { pattern: cron, tz: timezone },
        { name: job.jobName, data: payload, opts: this.#config().jobs }
      ),
      5_000,
      'Redis'
    )
    await upsertSchedule(key, job, cron, timezone)
  }

  async startWorker() {
    if (this.#worker) return
    const config = this.#config()
    this.#worker = new Worker(
      QUEUE_NAME,
      async (job: BullJob) => {
        const jobClass = findJob(job.name)
        if (!jobClass) throw new Error(`Unknown job "${job.name}"`)
        return runJob(jobClass, job as any)
      },
      { ...config.worker, connection: config.worker.connection ?? config.defaultConnection }
    )
    this.#worker.on('failed', async (job, error) => {
      if (!job) return
      logger.error({ err: error, job: job.name, attempt: job.attemptsMade }, 'queue job failed')
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) {
        const jobClass = findJob(job.name)
        if (jobClass) await rescueJob(jobClass, job as any, error).catch(() => {})
      }
    })
    // connection errors while Redis is away are said once by api/support/redis_link.ts
    this.#worker.on('error', (error) => {
      if (redisLink.up) logger.warn({ err: error }, 'queue worker error')
    })
  }

  async stop() {
    if (this.#worker) {
      await this.#worker.close()
      this.#worker = null
    }
  }

  async health() {
    if (!this.available()) return 'down' as const
    try {
      const queue = await this.#queue()
      const client = await withTimeout(queue.client, 1_000, 'Redis')
      await withTimeout((client as unknown as { ping(): Promise<string> }).ping(), 1_000, 'Redis')
      return 'ok' as const
    } catch {
      return 'down' as const
    }
  }
}
