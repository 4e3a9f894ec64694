import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import accessTokenCache, { type TokenEviction } from '#auth/access_token_cache'
import studioConfig from '#config/studio'
import { LEASE_OWNER } from '#support/lease'
import redisLink from '#support/redis_link'
import type { RedisService } from '@adonisjs/redis/types'
import CreatorListCache from '#services/creators/creator_list_cache'
import ProfileCache from '#services/people/profile_cache'
import { teamListCache } from '#services/people/team_list_cache'
import AuditLogCache from '#services/audit/audit_log_cache'
import MetricsCache from '#services/metrics/metrics_cache'
import VideosCache from '#services/videos/videos_cache'
import GrowthAnswersCache from '#services/videos/growth/growth_answers_cache'
import { lastRunCache } from '#services/metrics/last_run_cache'
import { ipAllowlistCache } from '#services/auth/ip_allowlist_cache'
import { permissionsByRole } from '#services/permission_service'
import uploadLookupCache from '#services/uploads/upload_lookup_cache'

interface ClearableCache {
  clear(): void
}

/*
|--------------------------------------------------------------------------
| Every in-process cache of the API
|--------------------------------------------------------------------------
|
| Each keeps answers of this process for a short time or until the data it
| depends on changes, within a share of one byte budget (CACHE_BUDGET_MB,
| default 64 MB; least recently used first out):
|
| - creatorList   the creator list's and summary's answers, ≤ 5 s (21 %)
| - metrics       the metric endpoints' answers, per data version (46 %)
| - videos        the video endpoints' answers, per data version (8 %)
| - growthAnswers a video's growth windows and compares, ≤ 5 s (3 %)
| - lastRun       the newest collection run, ≤ 1 s (one entry)
| - accessTokens  verified access tokens and their users, ≤ 5 s (15 %)
| - profiles      the signed-in person's profile (user/info), ≤ 5 s (2 %)
| - teamList      the sign-up screen's teams (reference data), ≤ 1 min
| - auditLog      pages of the studio log, ≤ 5 s (2 %)
| - permissions   `{resource: [actions]}` per role (a handful of entries)
| - ipAllowlist   the allow-list's ranges, ≤ 5 s (one entry)
| - uploadLookups the Upload Station's platform look-ups, ≤ 5 min (3 %)
|
| Services that change what a cache shows clear it through `afterCommit`
| once their transaction has committed (and at once, so that this process
| never answers from a cache its own write made stale). One exception: the
| rows of the creator tables (creators, their platform accounts and ad
| prices) announce their own saves and deletes (`creator:changed`,
| api/start/events.ts clears creatorList), so services clear creatorList
| themselves only for what the query builder writes (no model hooks).
|
| With Redis, every clear and every token eviction is published on the
| brand's cache channel and applied by every other process at once (a second
| API instance, a worker, a CLI command's writes); the time limits above
| then only bound what a lost message (Redis away) can cost, and every cache
| is cleared when Redis comes back.
|
*/
const CACHES = {
  creatorList: CreatorListCache,
  metrics: MetricsCache,
  videos: VideosCache,
  growthAnswers: GrowthAnswersCache,
  lastRun: lastRunCache,
  accessTokens: accessTokenCache,
  profiles: ProfileCache,
  teamList: teamListCache,
  auditLog: AuditLogCache,
  permissions: permissionsByRole,
  ipAllowlist: ipAllowlistCache,
  uploadLookups: uploadLookupCache,
} satisfies Record<string, ClearableCache>

type CacheName = keyof typeof CACHES

function isTransaction(
  client: QueryClientContract | null | undefined
): client is TransactionClientContract {
  return Boolean(client?.isTransaction)
}

interface CacheMessage {
  from: string
  clear?: CacheName[]
  tokens?: TokenEviction
}

const CHANNEL = `${studioConfig.brand}:caches`

export default class Caches {
  static #redis: RedisService | null = null
  static #subscribed = false

  /** Clears the named caches now, here and (with Redis) in every other process. */
  static clear(...names: CacheName[]) {
    for (const name of names) CACHES[name].clear()
    this.#publish({ from: LEASE_OWNER, clear: names })
  }

  /**
   * Subscribes this process to the other processes' clears and token
   * evictions (idempotent; nothing without Redis). Called at boot.
   */
  static async listen() {
    if (this.#redis || !redisLink.configured) return
    const { default: redis } = await import('@adonisjs/redis/services/main')
    this.#redis = redis
    accessTokenCache.onEvict = (eviction) => this.#publish({ from: LEASE_OWNER, tokens: eviction })
    MetricsCache.busConnected = () => redisLink.up && this.#subscribed
    const receive = (text: string) => this.#receive(text)
    const subscribe = () =>
      redis.connection().subscribe(CHANNEL, receive, {
        onSubscription: () => {
          this.#subscribed = true
        },
        onError: () => {
          this.#subscribed = false
          setTimeout(() => redisLink.up && !this.#subscribed && subscribe(), 3_000).unref()
        },
      })
    redisLink.onChange((state) => {
      if (state !== 'up') return
      // messages sent while Redis was away are lost: start afresh
      for (const cache of Object.values(CACHES)) cache.clear()
      if (!this.#subscribed) subscribe()
    })
  }

  static #receive(text: string) {
    let message: CacheMessage
    try {
      message = JSON.parse(text) as CacheMessage
    } catch {
      return
    }
    if (message.from === LEASE_OWNER) return
    for (const name of message.clear ?? []) {
      if (name in CACHES) CACHES[name].clear()
    }
    if (message.tokens) accessTokenCache.apply(message.tokens)
  }

  static #publish(message: CacheMessage) {
    if (!this.#redis || !redisLink.up) return
    this.#redis
      .publish(CHANNEL, JSON.stringify(message))
      .catch((error) => logger.warn({ err: error }, 'cache message not sent'))
  }

  /** Clears every cache (tests, and commands that rewrite data under a running server's feet). */
  static clearAll() {
    this.clear(...(Object.keys(CACHES) as CacheName[]))
  }

  /**
   * Runs `evict` now and, when `client` is a transaction, once more after
   * it commits: a read between the write and the commit cannot leave a
   * stale answer behind.
   */
  static onCommit(client: QueryClientContract | null | undefined, evict: () => void) {
    evict()
    if (isTransaction(client)) client.after('commit', evict)
  }

  /** Clears the named caches now and after `client`'s transaction commits. */
  static afterCommit(client: QueryClientContract | null | undefined, ...names: CacheName[]) {
    this.onCommit(client, () => this.clear(...names))
  }
}
