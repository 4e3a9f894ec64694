import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Used only when REDIS_HOST is set: BullMQ jobs and shared rate limits.
 * Connections are opened lazily, so an install without Redis never dials it.
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
      retryStrategy(times) {
        return times > 10 ? null : times * 100
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
