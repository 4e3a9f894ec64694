import type { StudioJobClass } from '#jobs/registry'

export interface DispatchOptions {
  /** Milliseconds before the job may run. */
  delay?: number
  /** Total attempts including the first (default from config/queue.ts). */
  attempts?: number
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
  /** The keys of `keys` that are not registered (a Redis that came back empty has none). */
  missingSchedules(keys: string[]): Promise<string[]>
  /** Calls `listener` each time the queue's own connection is ready again; returns the unsubscribe. */
  onReady(listener: () => void): () => void
  /** Whether a job can be added now (BullMQ: Redis answers; in-process: always). */
  available(): boolean
  startWorker(): Promise<void>
  /** Stops taking work and waits for the job in hand. */
  stop(): Promise<void>
  health(): Promise<QueueHealth['state']>
}
