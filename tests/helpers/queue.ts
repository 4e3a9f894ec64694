import app from '@adonisjs/core/services/app'
import env from '#start/env'
import QueueService from '#queue/main'
import type InProcessDriver from '#queue/in_process_driver'

/** Each database run exercises its own queue driver: BullMQ when REDIS_HOST is set. */
export const ON_REDIS = Boolean(env.get('REDIS_HOST'))

/** Checks `condition` every 50 ms until it holds or `timeoutMs` passed; answers whether it held. */
export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return condition()
}

/**
 * Runs the jobs a test queued: drains the in-process queue, or starts the
 * BullMQ worker until `finished` holds, then stops it. `what` names the work
 * in the error when it does not finish.
 */
export async function runQueued(finished: () => Promise<boolean>, what: string) {
  if (!ON_REDIS) {
    await (QueueService.driver as InProcessDriver).drain()
    return
  }
  await QueueService.driver.startWorker()
  try {
    if (!(await waitFor(finished))) throw new Error(`${what} did not finish`)
  } finally {
    await QueueService.driver.stop()
  }
}

/** The BullMQ queue the studio's jobs go to (when REDIS_HOST is set). */
export async function bullQueue() {
  const manager = await app.container.make('rlanz/queue')
  return manager.getOrSet('default')
}
