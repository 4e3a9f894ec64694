import limiter from '@adonisjs/limiter/services/main'
import { errors } from '@adonisjs/limiter'

export interface FailureRule {
  /** The counter's key, for example `login:account:<email>:<ip>`. */
  key: string
  /** Failures allowed within `duration` before the key is blocked. */
  failures: number
  duration: string
  blockDuration: string
}

/**
 * Runs `attempt` unless one of the rules' keys has used up its failures. A
 * throwing attempt counts as a failure on every key (and blocks the keys that
 * reach their limit); a successful one clears the keys marked `resetOnSuccess`.
 * Used for logins, private-data codes and the white-ip key.
 */
export async function limitFailures<T>(
  rules: FailureRule[],
  attempt: () => Promise<T>,
  resetOnSuccess: string[] = rules.map((rule) => rule.key)
): Promise<T> {
  const limiters = rules.map((rule) => ({
    rule,
    limiter: limiter.use({
      requests: rule.failures,
      duration: rule.duration,
      blockDuration: rule.blockDuration,
    }),
  }))

  for (const { rule, limiter: instance } of limiters) {
    const state = await instance.get(rule.key)
    if (state && state.remaining <= 0) {
      throw new errors.E_TOO_MANY_REQUESTS(state)
    }
  }

  try {
    const result = await attempt()
    for (const { rule, limiter: instance } of limiters) {
      if (resetOnSuccess.includes(rule.key)) await instance.delete(rule.key)
    }
    return result
  } catch (error) {
    for (const { rule, limiter: instance } of limiters) {
      const { consumed, limit } = await instance.increment(rule.key)
      if (consumed >= limit) await instance.block(rule.key, rule.blockDuration)
    }
    throw error
  }
}
