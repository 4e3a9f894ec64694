import limiter from '@adonisjs/limiter/services/main'

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
    limiter: limiter.use({
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
