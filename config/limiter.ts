import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Login attempts, private-data codes and the white-ip key are rate limited.
 * With Redis the counters are shared by every API instance; without it they
 * live in the process (the embedded single-process install). While a
 * configured Redis is away, api/services/auth/limits.ts counts in memory.
 */
const limiterConfig = defineConfig({
  default: env.get('REDIS_HOST') ? 'redis' : 'memory',
  stores: {
    redis: stores.redis({ connectionName: 'main', rejectIfRedisNotReady: true }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
