import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import QueueJob from '#models/queue_job'
import QueueSchedule from '#models/queue_schedule'
import { findJob, type StudioJobClass } from '#jobs/registry'
import { nextRun, upsertSchedule } from '#queue/schedules'
import { rescueJob, runJob } from '#queue/run_job'
import type { DispatchOptions, QueueDriver } from '#queue/types'

const BACKOFF_MS = 5_000

/**
 * The driver used when no Redis is configured. Jobs are rows of queue_jobs
 * (so they survive a restart) run by a poller inside the same process; it
 * assumes one worker process, which is what the embedded install is.
 */
export default class InProcessDriver implements QueueDriver {
  readonly name = 'in-process' as const
  #timer: NodeJS.Timeout | null = null
  #current: Promise<unknown> | null = null
  #stopping = false

  constructor(private options: { pollMs: number; attempts: number }) {}

  async dispatch(job: StudioJobClass, payload: unknown, options: DispatchOptions = {}) {
    const row = await QueueJob.create({
      queue: 'default',
      name: job.jobName,
      payload,
      status: 'pending',
      attempts: 0,
      maxAttempts: options.attempts ?? this.options.attempts,
      runAt: DateTime.utc().plus({ milliseconds: options.delay ?? 0 }),
    })
    return String(row.id)
  }

  async schedule(key: string, job: StudioJobClass, cron: string, timezone: string) {
    await upsertSchedule(key, job, cron, timezone)
  }

  async missingSchedules(keys: string[]) {
    const rows = await QueueSchedule.query().whereIn('key', keys).select('key')
    const present = new Set(rows.map((row) => row.key))
    return keys.filter((key) => !present.has(key))
  }

  onReady() {
    return () => {}
  }

  available() {
    return true
  }

  async startWorker() {
    if (this.#timer) return
    this.#stopping = false
    await QueueJob.query().where('status', 'running').update({ status: 'pending', locked_at: null })
    this.#timer = setInterval(() => this.#tick(), this.options.pollMs)
    this.#timer.unref()
  }

  #tick() {
    if (this.#current || this.#stopping) return
    this.#current = this.drain()
      .catch((error) => logger.error({ err: error }, 'in-process queue tick failed'))
      .finally(() => {
        this.#current = null
      })
  }

  /** Enqueues due schedules, then runs every due job; returns how many ran. */
  async drain() {
    await this.#enqueueDueSchedules()
    let ran = 0
    while (!this.#stopping) {
      const row = await this.#claimNext()
      if (!row) break
      await this.#run(row)
      ran++
    }
    return ran
  }

  async #enqueueDueSchedules() {
    const now = DateTime.utc()
    const due = await QueueSchedule.query().where(
      'next_run_at',
      '<=',
      now.toSQL({ includeOffset: false })!
    )
    for (const schedule of due) {
      const job = findJob(schedule.jobName)
      const claimed = await QueueSchedule.query()
        .where('id', schedule.id)
        // the stored text, as Lucid writes it (SQLite compares text: no milliseconds)
        .whereIn('next_run_at', [
          schedule.nextRunAt.toUTC().toFormat('yyyy-MM-dd HH:mm:ss'),
          schedule.nextRunAt.toSQL({ includeOffset: false })!,
        ])
        .update({
          next_run_at: nextRun(schedule.cron, schedule.timezone).toFormat('yyyy-MM-dd HH:mm:ss'),
          last_run_at: now.toFormat('yyyy-MM-dd HH:mm:ss'),
        })
      if (job && Number(claimed[0] ?? claimed) > 0) {
        await this.dispatch(job, {})
      }
    }
  }

  async #claimNext() {
    const now = DateTime.utc().toSQL({ includeOffset: false })!
    const candidate = await QueueJob.query()
      .where('status', 'pending')
      .where('run_at', '<=', now)
      .orderBy('run_at', 'asc')
      .orderBy('id', 'asc')
      .first()
    if (!candidate) return null
    const updated = await QueueJob.query()
      .where('id', candidate.id)
      .where('status', 'pending')
      .update({ status: 'running', locked_at: now })
    if (Number(updated[0] ?? updated) !== 1) return null
    await candidate.refresh()
    return candidate
  }

  async #run(row: QueueJob) {
    const jobClass = findJob(row.name)
    const envelope = {
      id: String(row.id),
      name: row.name,
      data: row.payload,
      attemptsMade: row.attempts,
      delay: 0,
    }
    if (!jobClass) {
      row.merge({
        status: 'failed',
        lastError: `Unknown job "${row.name}"`,
        finishedAt: DateTime.utc(),
      })
      await row.save()
      return
    }
    try {
      await runJob(jobClass, envelope)
      row.merge({
        status: 'completed',
        attempts: row.attempts + 1,
        finishedAt: DateTime.utc(),
        lockedAt: null,
      })
      await row.save()
    } catch (error) {
      const attempts = row.attempts + 1
      const message = error instanceof Error ? error.message : String(error)
      if (attempts < row.maxAttempts) {
        row.merge({
          status: 'pending',
          attempts,
          lastError: message,
          lockedAt: null,
          runAt: DateTime.utc().plus({ milliseconds: BACKOFF_MS * 2 ** (attempts - 1) }),
        })
        await row.save()
      } else {
        row.merge({
          status: 'failed',
          attempts,
          lastError: message,
          finishedAt: DateTime.utc(),
          lockedAt: null,
        })
        await row.save()
        await rescueJob(
          jobClass,
          { ...envelope, attemptsMade: attempts, failedReason: message },
          error as Error
        ).catch((rescueError) => logger.error({ err: rescueError }, `rescue of ${row.name} failed`))
      }
    }
  }

  /**
   * Stops the poller and waits for the job in hand. Once stopped, an explicit
   * drain() runs again: a stopped worker must not leave every later drain
   * answering "nothing to run" while jobs wait.
   */
  async stop() {
    this.#stopping = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    if (this.#current) await this.#current
    this.#stopping = false
  }

  async health() {
    return 'ok' as const
  }
}
