import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import PlatformPause from '#models/platform_pause'
import { PlatformError } from '#platforms/types'
import type { PlatformKey } from '#shared/constants'
import { bullQueue, ON_REDIS } from '#tests/helpers/queue'

/** A collection queued for later: its payload and when it is due. */
export interface QueuedCollection {
  payload: {
    date?: string
    platform?: PlatformKey
    creatorIds?: number[]
    trigger?: string
    runId?: number
  }
  dueAt: DateTime
}

/**
 * The collections waiting in the queue: queue_jobs rows (in-process
 * driver, due at run_at) or BullMQ's delayed and waiting jobs (due at their
 * timestamp plus delay).
 */
export async function queuedCollections(): Promise<QueuedCollection[]> {
  if (ON_REDIS) {
    const queue = await bullQueue()
    const jobs = await queue.getJobs(['delayed', 'waiting', 'prioritized'])
    return jobs
      .filter((job) => job?.name === 'metrics:collect')
      .map((job) => ({
        payload: job.data,
        dueAt: DateTime.fromMillis(job.timestamp + (job.opts.delay ?? 0), { zone: 'utc' }),
      }))
  }
  const rows = await db
    .from('queue_jobs')
    .where('name', 'metrics:collect')
    .where('status', 'pending')
    .orderBy('id')
  return rows.map((row) => ({
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    dueAt:
      row.run_at instanceof Date
        ? DateTime.fromJSDate(row.run_at, { zone: 'utc' })
        : DateTime.fromSQL(String(row.run_at), { zone: 'utc' }),
  }))
}

/** BullMQ jobs a test queued are removed (the in-process rows roll back with the test). */
export async function removeQueuedCollections() {
  if (!ON_REDIS) return
  const queue = await bullQueue()
  for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
    if (job?.name === 'metrics:collect') await job.remove().catch(() => {})
  }
}

/** The stored breaker state of a platform, or null. */
export function pauseOf(platform: PlatformKey) {
  return PlatformPause.findBy('platform', platform)
}

/** Minutes between two stored moments. */
export function minutesBetween(from: DateTime | null, to: DateTime | null) {
  if (!from || !to) return null
  return Math.round(to.diff(from, 'seconds').seconds / 60)
}

/** Moves a pause into the past, as if its time had run out (the half-open state). */
export async function expirePause(platform: PlatformKey) {
  const past = DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-MM-dd HH:mm:ss')
  await db
    .from('platform_pauses')
    .where('platform', platform)
    .update({ paused_until: past, opened_at: past })
}

/** Bilibili's answer to a blocked client. */
export const blocked412 = () =>
  new PlatformError('bilibili', 'rate_limited', 'Bilibili answered -412 (request was banned)', {
    retryable: true,
    upstreamCode: -412,
  })

/** YouTube's used-up daily quota. */
export const quotaExceeded = () =>
  new PlatformError('youtube', 'quota_exceeded', 'YouTube answered 403 quotaExceeded', {
    retryable: false,
    upstreamCode: 'quotaExceeded',
  })

/** Calls of a fake adapter, all accounts together. */
export function totalCalls(calls: Map<number, number>) {
  return [...calls.values()].reduce((sum, count) => sum + count, 0)
}
