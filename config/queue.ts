import env from '#start/env'
import { defineConfig } from '@rlanz/bull-queue'

/**
 * Jobs run on BullMQ (through @rlanz/bull-queue) when REDIS_HOST is set and
 * on the in-process driver otherwise; both run the same job classes of
 * api/jobs. Retries, backoff and cleanup are set here once.
 */
export default defineConfig({
  defaultConnection: {
    host: env.get('REDIS_HOST') ?? '127.0.0.1',
    port: env.get('REDIS_PORT') ?? 6379,
    password: env.get('REDIS_PASSWORD') ?? undefined,
    db: env.get('REDIS_DB') ?? 0,
    // as the main connection (config/redis.ts): back within 2 s of Redis, not BullMQ's 20 s
    retryStrategy: (times: number) => Math.min(times * 200, 2_000),
  },
  queue: {
    prefix: `${env.get('APP_BRAND') ?? 'mcn'}-bull`,
  },
  worker: {
    prefix: `${env.get('APP_BRAND') ?? 'mcn'}-bull`,
    concurrency: 2,
  },
  jobs: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: 500,
    removeOnFail: 2000,
  },
})
