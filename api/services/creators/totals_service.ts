import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Caches from '#services/caches'
import { chunks } from '#support/chunks'
import { COOKIE_RECHECK_DAYS } from '#shared/constants'

/** An account's fans: those of its newest snapshot (kept when it has none). */
const NEWEST_SNAPSHOT_FANS = `coalesce((select s.fans from metric_snapshots s
   where s.account_id = creator_platform_accounts.id
   order by s.snapshot_date desc limit 1), fans)`

/** Ids per statement (well under SQLite's bound-variable limit). */
const IDS_PER_STATEMENT = 500

/**
 * A creator's derived totals: `total_fans` (the active accounts' fans) and
 * `failing` (an active account whose token or cookie it holds has status 1, whose
 * token expired, whose cookie recheck passed or whose last collection
 * failed) — the rules of api/services/platform_accounts/account_state.ts in
 * SQL, for many creators at once. Every bulk writer (the Excel import, the
 * daily collection, the backfill, the demo data) ends with `recompute`;
 * single-creator edits recompute through PlatformAccountService.
 */
export default class CreatorTotalsService {
  /**
   * Sets the accounts' fans from their newest snapshot, with `changes`
   * (collection status and stamps) on the same rows; every account when
   * `accountIds` is null.
   */
  static async refreshAccountFans(
    client: QueryClientContract,
    accountIds: number[] | null,
    changes: Record<string, unknown> = {}
  ) {
    const update = () => ({ fans: client.knexRawQuery(NEWEST_SNAPSHOT_FANS), ...changes })
    if (accountIds === null) {
      await client.from('creator_platform_accounts').update(update())
      return
    }
    for (const part of chunks(accountIds, IDS_PER_STATEMENT)) {
      await client.from('creator_platform_accounts').whereIn('id', part).update(update())
    }
  }

  /**
   * Recomputes total_fans and failing of `creatorIds` (every creator when
   * null), one statement per 500. `touch: false` leaves updated_at alone (a
   * collection does not count as an edit of the creator). The creator list
   * cache is cleared now and after the transaction commits.
   */
  static async recompute(
    client: QueryClientContract,
    creatorIds: number[] | null,
    stamp: string,
    options: { touch?: boolean } = {}
  ) {
    Caches.afterCommit(client, 'creatorList')
    const touch = options.touch ?? true
    const now = DateTime.utc()
    const format = client.dialect.dateTimeFormat
    const bindings = [
      now.toFormat(format),
      now.minus({ days: COOKIE_RECHECK_DAYS }).toFormat(format),
      ...(touch ? [stamp] : []),
    ]
    const parts = creatorIds === null ? [null] : chunks([...new Set(creatorIds)], IDS_PER_STATEMENT)
    for (const part of parts) {
      const where = part ? `where id in (${part.map(() => '?').join(', ')})` : ''
      await client.rawQuery(
        `update creators set
           total_fans = (select coalesce(sum(a.fans), 0) from creator_platform_accounts a
                         where a.creator_id = creators.id and a.active <> 0),
           failing = case when exists (select 1 from creator_platform_accounts a
                         where a.creator_id = creators.id and a.active <> 0
                           and ((a.token_status = 1 and a.token_encrypted is not null)
                             or (a.cookie_status = 1 and a.cookie_encrypted is not null)
                             or a.collect_status = 1
                             or (a.token_expires_at is not null and a.token_expires_at <= ?)
                             or (a.cookie_checked_at is not null and a.cookie_checked_at <= ?)))
                     then 1 else 0 end${touch ? ',\n           updated_at = ?' : ''}
         ${where}`,
        [...bindings, ...(part ?? [])]
      )
    }
  }
}
