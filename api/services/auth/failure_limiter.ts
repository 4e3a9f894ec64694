import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import redisLink, { isRedisUnreachable } from '#support/redis_link'

type Store = 'redis' | 'memory'

/**
 * A rate limit that survives Redis going away: counted in Redis (shared by
 * every instance) while it answers, in this process's memory while it does
 * not — a sign-in never fails because Redis is down, and the limit still
 * holds per process. A command refused by a dying connection is counted
 * again in memory and marks Redis down (logged once, api/support/redis_link).
 */
export function rateLimit(options: LimiterConsumptionOptions) {
  const configured: Store = redisLink.configured ? 'redis' : 'memory'
  async function run<T>(call: (store: Store) => Promise<T>): Promise<T> {
    if (configured === 'memory' || !redisLink.up) return call('memory')
    try {
      return await call('redis')
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS || !isRedisUnreachable(error)) {
        throw error
      }
      redisLink.report('down', error)
      return call('memory')
    }
  }
  return {
    consume: (key: string) => run((store) => limiter.use(store, options).consume(key)),
    increment: (key: string) => run((store) => limiter.use(store, options).increment(key)),
    decrement: (key: string) => run((store) => limiter.use(store, options).decrement(key)),
    delete: (key: string) => run((store) => limiter.use(store, options).delete(key)),
  }
}

export interface FailureRule {
  /** The counter's key, for example `login:account:<email>:<ip>`. */
  key: string
  /** Failures allowed within `duration` before the key is blocked. */
  failures: number
  duration: string
  blockDuration: string
}

/**
 * Runs `attempt` unless one of the rules' keys has used up its failures.
 * Every attempt is counted on every key *before* it is evaluated (one atomic
 * consume per key, in Redis when configured), so parallel requests cannot
 * all pass a check made before any of them was counted: at most `failures`
 * attempts per window are ever evaluated. A successful attempt clears the
 * keys marked `resetOnSuccess` and gives its point back on the others, so
 * that only failures use up a key. Used for logins, security codes,
 * termination codes, current passwords and register codes.
 */
export async function limitFailures<T>(
  rules: FailureRule[],
  attempt: () => Promise<T>,
  resetOnSuccess: string[] = rules.map((rule) => rule.key)
): Promise<T> {
  const limiters = rules.map((rule) => ({
    rule,
    limiter: rateLimit({
      requests: rule.failures,
      duration: rule.duration,
      blockDuration: rule.blockDuration,
    }),
  }))

  const counted: typeof limiters = []
  try {
    for (const entry of limiters) {
      await entry.limiter.consume(entry.rule.key)
      counted.push(entry)
    }
  } catch (error) {
    // Refused on one key: the points taken on the others were for an attempt never made.
    for (const { rule, limiter: instance } of counted) await instance.decrement(rule.key)
    throw error
  }

  const result = await attempt()
  for (const { rule, limiter: instance } of limiters) {
    if (resetOnSuccess.includes(rule.key)) await instance.delete(rule.key)
    else await instance.decrement(rule.key)
  }
  return result
}
