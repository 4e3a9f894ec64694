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
    block: (key: string, duration: string) =>
      run((store) => limiter.use(store, options).block(key, duration)),
    get: (key: string) => run((store) => limiter.use(store, options).get(key)),
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

/** How long an attempt waits for earlier attempts on its key to settle before it is refused. */
const SETTLE_WAIT_MS = 10_000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `attempt` unless one of the rules' keys has used up its failures.
 *
 * Two counters per key. Slots: every attempt takes one *before* it is
 * evaluated (one atomic consume, in Redis when configured), so parallel
 * requests cannot all pass a check made before any of them was counted —
 * at most `failures` attempts are ever evaluated at once or per window.
 * Failures: only attempts that failed, blocking the key for `blockDuration`
 * once they reach `failures`. An attempt that finds every slot taken while
 * the key has failures to spare is behind attempts still in flight: it
 * waits for them to settle (at most 10 s) instead of being refused, so a
 * burst of right answers — 30 parallel sign-ins of one account — all pass.
 * A successful attempt clears the keys marked `resetOnSuccess` and gives its
 * slot back on the others. Used for logins, security codes, termination
 * codes, current passwords and register codes.
 */
export async function limitFailures<T>(
  rules: FailureRule[],
  attempt: () => Promise<T>,
  resetOnSuccess: string[] = rules.map((rule) => rule.key)
): Promise<T> {
  const keys = rules.map((rule) => ({
    rule,
    failedKey: `${rule.key}:failed`,
    slots: rateLimit({ requests: rule.failures, duration: rule.duration }),
    failures: rateLimit({
      requests: rule.failures,
      duration: rule.duration,
      blockDuration: rule.blockDuration,
    }),
  }))

  const taken: typeof keys = []
  try {
    for (const entry of keys) {
      await takeSlot(entry)
      taken.push(entry)
    }
  } catch (error) {
    // Refused on one key: the slots taken on the others were for an attempt never made.
    for (const { rule, slots } of taken) await slots.decrement(rule.key)
    throw error
  }

  let result: T
  try {
    result = await attempt()
  } catch (error) {
    // a failure keeps its slot for the window and is counted as one
    for (const { rule, failedKey, failures } of keys) {
      const { consumed, limit } = await failures.increment(failedKey)
      if (consumed >= limit) await failures.block(failedKey, rule.blockDuration)
    }
    throw error
  }
  for (const { rule, failedKey, slots, failures } of keys) {
    if (resetOnSuccess.includes(rule.key)) {
      await slots.delete(rule.key)
      await failures.delete(failedKey)
    } else {
      await slots.decrement(rule.key)
    }
  }
  return result
}

/**
 * Takes one slot of a key: refused when the key's failures are used up, and
 * — when only attempts still in flight fill its slots — once they have not
 * settled within SETTLE_WAIT_MS.
 */
async function takeSlot(entry: {
  rule: FailureRule
  failedKey: string
  slots: ReturnType<typeof rateLimit>
  failures: ReturnType<typeof rateLimit>
}) {
  const deadline = Date.now() + SETTLE_WAIT_MS
  for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
    try {
      await entry.slots.consume(entry.rule.key)
      return
    } catch (error) {
      if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
      // a refused consume still counted itself: give that back
      await entry.slots.decrement(entry.rule.key)
      const failed = await entry.failures.get(entry.failedKey)
      if (failed && failed.remaining <= 0) throw new limiterErrors.E_TOO_MANY_REQUESTS(failed)
      if (Date.now() + wait > deadline) throw error
      await pause(wait)
    }
  }
}
