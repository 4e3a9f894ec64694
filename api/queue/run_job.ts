import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { StudioJobClass } from '#jobs/registry'

/** The fields of a BullMQ job that job classes read through bull-queue's Job base. */
interface JobEnvelope {
  id?: string
  name: string
  data: unknown
  attemptsMade: number
  delay: number
  failedReason?: string
}

async function instantiate(jobClass: StudioJobClass, envelope: JobEnvelope) {
  const instance = await app.container.make(jobClass)
  instance.$injectInternal({ job: envelope as any, logger: logger as any })
  return instance
}

/** Runs one job class with the container, as @rlanz/bull-queue's worker does. */
export async function runJob(jobClass: StudioJobClass, envelope: JobEnvelope) {
  const instance = await instantiate(jobClass, envelope)
  return app.container.call(instance, 'handle', [envelope.data])
}

/** Calls the job's `rescue` after its last failed attempt. */
export async function rescueJob(jobClass: StudioJobClass, envelope: JobEnvelope, error: Error) {
  const instance = await instantiate(jobClass, envelope)
  if (typeof instance.rescue === 'function') {
    await app.container.call(instance, 'rescue', [envelope.data, error])
  }
}
