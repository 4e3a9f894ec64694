import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import QueueJob from '#models/queue_job'
import QueueSchedule from '#models/queue_schedule'
import { nextNumber } from '#database/factories/sequence'

/**
 * A token cleanup waiting in the in-process queue, due now. States:
 * `running` (locked by a worker), `completed`, `failed` (out of attempts);
 * the dates they set give way to merged ones.
 */
export const QueueJobFactory = factory
  .define(QueueJob, () => ({
    queue: 'default',
    name: 'tokens:cleanup',
    payload: {},
    status: 'pending' as const,
    attempts: 0,
    maxAttempts: 3,
    runAt: DateTime.utc(),
    lockedAt: null,
    lastError: null,
    finishedAt: null,
  }))
  .state('running', (job) => {
    job.status = 'running'
    job.lockedAt ??= DateTime.utc()
  })
  .state('completed', (job) => {
    job.status = 'completed'
    job.attempts = Math.max(job.attempts, 1)
    job.finishedAt ??= DateTime.utc()
  })
  .state('failed', (job) => {
    job.status = 'failed'
    job.attempts = job.maxAttempts
    job.lastError ??= 'boom'
    job.finishedAt ??= DateTime.utc()
  })
  .build()

/** A daily job at 13:00 in Seoul, next due in an hour. */
export const QueueScheduleFactory = factory
  .define(QueueSchedule, () => ({
    key: `test:schedule:${nextNumber()}`,
    jobName: 'metrics:collect',
    cron: '0 13 * * *',
    timezone: 'Asia/Seoul',
    nextRunAt: DateTime.utc().plus({ hours: 1 }),
    lastRunAt: null,
  }))
  .build()
