import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Used only when REDIS_HOST is set: shared rate limits and the messages that
 * keep several API instances' caches in step (BullMQ has its own connections,
 * config/queue.ts). Connections are opened lazily, so an install without
 * Redis never dials it. A lost connection is retried forever (every 0.2 s,
 * backing off to 2 s), so Redis may restart under a running studio; a command
 * sent while it is away fails after one retry instead of waiting, and
 * api/support/redis_link.ts sends rate limits to memory meanwhile.
 */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: env.get('REDIS_HOST') ?? '127.0.0.1',
      port: env.get('REDIS_PORT') ?? 6379,
      password: env.get('REDIS_PASSWORD') ?? '',
      db: env.get('REDIS_DB') ?? 0,
      keyPrefix: `${env.get('APP_BRAND') ?? 'mcn'}:`,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 3_000,
      retryStrategy(times) {
        return Math.min(times * 200, 2_000)
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
