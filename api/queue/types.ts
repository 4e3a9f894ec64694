import type { StudioJobClass } from '#jobs/registry'

export interface DispatchOptions {
  /** Milliseconds before the job may run. */
  delay?: number
  /** Total attempts including the first (default from config/queue.ts). */
  attempts?: number
  /** A stable id: a job with the same id already waiting is not added twice (BullMQ). */
  jobId?: string
}

export interface QueueHealth {
  driver: 'in-process' | 'bullmq'
  state: 'ok' | 'down'
  /** This process's worker: running, waiting for Redis, or off (an API-only instance). */
  worker: 'off' | 'waiting' | 'running'
}

export interface QueueDriver {
  readonly name: QueueHealth['driver']
  dispatch(job: StudioJobClass, payload: unknown, options?: DispatchOptions): Promise<string>
  /** Registers a repeatable job once; calling it again with the same key updates it. */
  schedule(
    key: string,
    job: StudioJobClass,
    cron: string,
    timezone: string,
    payload: unknown
  ): Promise<void>
  startWorker(): Promise<void>
  /** Stops taking work and waits for the job in hand. */
  stop(): Promise<void>
  health(): Promise<QueueHealth['state']>
}
