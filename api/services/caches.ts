import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import accessTokenCache from '#auth/access_token_cache'
import CreatorListCache from '#services/creators/creator_list_cache'
import MetricsCache from '#services/metrics/metrics_cache'
import { ipAllowlistCache } from '#services/auth/ip_allowlist_cache'
import { permissionsByRole } from '#services/permission_service'

interface ClearableCache {
  clear(): void
}

/*
|--------------------------------------------------------------------------
| Every in-process cache of the API
|--------------------------------------------------------------------------
|
| Each keeps answers of this process for a short time or until the data it
| depends on changes; none is shared between processes, so each bounds how
| long another process's writes take to show.
|
| - creatorList   the creator list's and summary's answers, ≤ 5 s
| - metrics       the metric endpoints' answers, per data version (the
|                 newest rollup row, re-read every 5 s)
| - accessTokens  verified access tokens and their users, ≤ 5 s
| - permissions   `{resource: [actions]}` per role, for the process's life
| - ipAllowlist   the allow-list's ranges, ≤ 5 s
|
| Services that change what a cache shows clear it through `afterCommit`
| once their transaction has committed (and at once, so that this process
| never answers from a cache its own write made stale); models never do.
|
*/
export const CACHES = {
  creatorList: CreatorListCache,
  metrics: MetricsCache,
  accessTokens: accessTokenCache,
  permissions: permissionsByRole,
  ipAllowlist: ipAllowlistCache,
} satisfies Record<string, ClearableCache>

export type CacheName = keyof typeof CACHES

function isTransaction(
  client: QueryClientContract | null | undefined
): client is TransactionClientContract {
  return Boolean(client?.isTransaction)
}

export default class Caches {
  /** Clears the named caches now. */
  static clear(...names: CacheName[]) {
    for (const name of names) CACHES[name].clear()
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
