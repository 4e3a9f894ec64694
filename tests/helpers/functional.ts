import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import IpAllowlistService from '#services/auth/ip_allowlist_service'
import CreatorListCache from '#services/creators/creator_list_cache'
import MetricsCache from '#services/metrics/metrics_cache'
import type User from '#models/user'
import type { TokenPair } from '#services/auth/token_service'

/** The password UserFactory gives every user. */
export const FACTORY_PASSWORD = 'secret-password'

/**
 * What every functional group needs: a global transaction per test (rolled
 * back afterwards), fresh rate-limit counters and empty allow-list, creator-list and metric caches,
 * so that no test sees what another one left behind.
 */
export function setupFunctionalGroup(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    IpAllowlistService.clearCache()
    CreatorListCache.clear()
    MetricsCache.clear()
    return () => IpAllowlistService.clearCache()
  })
}

/** Signs in through POST /api/user/login and returns the token pair. */
export async function login(
  client: ApiClient,
  user: User,
  password = FACTORY_PASSWORD
): Promise<TokenPair> {
  const response = await client.post('/api/user/login').form({ account: user.email, password })
  response.assertStatus(200)
  response.assertBodyContains({ status: 0 })
  return response.body().data
}

/**
 * Leaves only the given ranges on the allow-list (inside the test's
 * transaction, so the seeded loopback entries come back afterwards).
 */
export async function allowOnly(...ranges: string[]) {
  await IpAllowlistEntry.query().delete()
  IpAllowlistService.clearCache()
  for (const range of ranges) {
    await IpAllowlistService.add(range, null, null)
  }
}

type EnvKey = Parameters<typeof env.get>[0]

/**
 * Sets (or, with undefined, unsets) an environment variable and returns the
 * function that restores it. Unsetting needs care: `env.set` with undefined
 * alone would leave the string "undefined" in process.env.
 */
export function setEnv(key: EnvKey, value: string | undefined) {
  const original = env.get(key)
  const apply = (next: unknown) => {
    env.set(key, next as any)
    if (next === undefined) delete process.env[key]
  }
  apply(value)
  return () => apply(original)
}

/** Awaits a request and checks its HTTP status. */
export async function expectStatus(
  request: PromiseLike<{ assertStatus(status: number): void }>,
  status: number
) {
  const response = await request
  response.assertStatus(status)
}
