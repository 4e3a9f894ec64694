import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ChannelStats } from '#platforms/types'
import type { StoredAccount } from '#platforms/account_ref'
import CreatorTotalsService from '#services/creators/totals_service'
import type { PauseInfo } from '#services/platform_breaker/platform_breaker'
import SnapshotWriter, { type SnapshotRow } from '#services/metrics/snapshot_writer'
import { ACCESS_STATUS, COLLECT_STATUS, METRICS, type PlatformKey } from '#shared/constants'

/** An account a run collects (the columns of STORED_ACCOUNT_COLUMNS). */
export type AccountToCollect = StoredAccount

/** Which stored login an account's refused login was: its cookie or its token. */
type LoginKind = 'cookie' | 'token'

export interface Outcome {
  account: AccountToCollect
  stats?: ChannelStats
  /**
   * Collected without channel counters: the platform gives none (Xigua,
   * iQiyi), its videos were read. No channel snapshot is written (0 fans
   * would read as a fan drop); the account counts as collected.
   */
  videosOnly?: true
  adapter?: { name: string; source: SnapshotRow['source'] }
  failure?: { code: string; message: string; login?: LoginKind }
  skipped?: boolean
  /** Not asked (or asked and the platform paused): retried later, nothing marked. */
  deferred?: PauseInfo
}

/** The failure codes a refused stored login is recorded with (the alert scan raises the expiry alert for them). */
const LOGIN_FAILURE_CODES: Record<LoginKind, 'cookie_expired' | 'token_expired'> = {
  cookie: 'cookie_expired',
  token: 'token_expired',
}

/**
 * Platforms read with a login the studio holds, not the account's (YouTube's
 * API key): a refused login there says nothing about the account's token.
 */
const STUDIO_LOGIN_PLATFORMS = new Set<PlatformKey>(['youtube'])
/**
 * Platforms whose adapters sign in with the account's cookie first (Bilibili's
 * SESSDATA; the platforms read through a signed-in browser session).
 */
const COOKIE_PLATFORMS = new Set<PlatformKey>([
  'bilibili',
  'xiaohongshu',
  'wechat_channels',
  'tencent',
  'iqiyi',
  'netease',
])

/**
 * The stored login a platform's 'auth' answer is about: Bilibili's cookie
 * (its token only when it has no cookie: the adapter sends the token as
 * SESSDATA then), another platform's token (or its cookie when it holds no
 * token); null when the account holds neither or the platform is read with
 * the studio's own key.
 */
export function loginOf(account: AccountToCollect): LoginKind | null {
  if (STUDIO_LOGIN_PLATFORMS.has(account.platform)) return null
  const cookie = Boolean(account.cookie_encrypted)
  const token = Boolean(account.token_encrypted)
  if (COOKIE_PLATFORMS.has(account.platform)) return cookie ? 'cookie' : token ? 'token' : null
  return token ? 'token' : cookie ? 'cookie' : null
}

/** The failure recorded for a refused stored login, in plain words (the adapter's detail after it). */
export function loginFailure(account: AccountToCollect, login: LoginKind, detail: string) {
  const what = login === 'cookie' ? 'cookie' : 'token'
  const renew = login === 'cookie' ? 'enter a new cookie' : 're-authorize the token'
  return {
    code: LOGIN_FAILURE_CODES[login],
    login,
    message:
      `The stored ${account.platform} login (${what}) has expired or was signed out: ${renew}. ${detail}`.slice(
        0,
        255
      ),
  }
}

/**
 * Stand-in rows for accounts not collected on `date` (failed or deferred):
 * their last known values before `date` with zero differences (source
 * 'carried'), so that the day's totals and charts do not dip for a failed
 * login or a paused platform. A day that already holds a snapshot keeps it;
 * accounts without history get none.
 */
async function carriedRows(
  trx: TransactionClientContract,
  date: string,
  missing: Outcome[],
  collectedAt: Date
): Promise<SnapshotRow[]> {
  const rows: SnapshotRow[] = []
  for (let start = 0; start < missing.length; start += 500) {
    const ids = missing.slice(start, start + 500).map((outcome) => outcome.account.id)
    const previous = await trx
      .from('metric_snapshots as s')
      .whereIn('s.account_id', ids)
      .where(
        's.snapshot_date',
        trx.knexRawQuery(
          `(select max(p.snapshot_date) from metric_snapshots p
             where p.account_id = s.account_id and p.snapshot_date < ?)`,
          [date]
        )
      )
      .whereNotExists((query) =>
        query
          .from('metric_snapshots as d')
          .whereColumn('d.account_id', 's.account_id')
          .where('d.snapshot_date', date)
      )
      .select('s.*')
    for (const row of previous) {
      rows.push({
        ...Object.fromEntries(
          METRICS.flatMap((metric) => [
            [metric, Number(row[metric])],
            [`${metric}_diff`, 0],
          ])
        ),
        account_id: Number(row.account_id),
        creator_id: Number(row.creator_id),
        platform: row.platform,
        snapshot_date: date,
        source: 'carried',
        adapter: 'carried',
        collected_at: collectedAt,
      } as SnapshotRow)
    }
  }
  return rows
}

/**
 * Writes a batch's snapshots (collected, or carried for failed and deferred
 * accounts) and account states, then the touched creators' total fans and
 * failing flag; returns the days written. A failed account is marked
 * (collect_status 1); one whose stored login was refused also gets that
 * login's status 'cannot access' (the alert scan then raises the expiry
 * alert); a collected one is cleared, and a login status this marking set
 * is put back. Deferred accounts keep their state.
 */
export async function storeOutcomes(
  trx: TransactionClientContract,
  date: string,
  outcomes: Outcome[]
) {
  const now = DateTime.utc()
  const stamp = now.toFormat(trx.dialect.dateTimeFormat)
  const collectedAt = now.toJSDate()
  const rows: SnapshotRow[] = []
  const succeeded: number[] = []
  const failed: Outcome[] = []
  const deferred: Outcome[] = []
  for (const outcome of outcomes) {
    if (outcome.stats) {
      const { account, stats, adapter } = outcome
      rows.push({
        ...stats,
        account_id: account.id,
        creator_id: account.creator_id,
        platform: account.platform,
        snapshot_date: date,
        source: adapter!.source,
        adapter: adapter!.name.slice(0, 20),
        collected_at: collectedAt,
      })
      succeeded.push(account.id)
    } else if (outcome.videosOnly) {
      succeeded.push(outcome.account.id)
    } else if (outcome.deferred) {
      deferred.push(outcome)
    } else if (!outcome.skipped) {
      failed.push(outcome)
    }
  }

  rows.push(...(await carriedRows(trx, date, [...failed, ...deferred], collectedAt)))
  const result = await SnapshotWriter.upsertMany(rows, trx)

  await restoreLogins(
    trx,
    outcomes.filter(
      (outcome) => (outcome.stats || outcome.videosOnly) && outcome.adapter?.source !== 'simulated'
    ),
    stamp
  )
  // the account's fans are those of its newest snapshot (a back-dated run leaves them)
  await CreatorTotalsService.refreshAccountFans(trx, succeeded, {
    collect_status: COLLECT_STATUS.OK,
    collect_error: null,
    last_collected_at: stamp,
    updated_at: stamp,
  })
  for (let start = 0; start < failed.length; start += 500) {
    const part = failed.slice(start, start + 500)
    const cases = part.map(() => 'when ? then ?').join(' ')
    await trx
      .from('creator_platform_accounts')
      .whereIn(
        'id',
        part.map((outcome) => outcome.account.id)
      )
      .update({
        collect_status: COLLECT_STATUS.FAILED,
        collect_error: trx.knexRawQuery(
          `case id ${cases} end`,
          part.flatMap((outcome) => [
            outcome.account.id,
            `${outcome.failure!.code}: ${outcome.failure!.message}`.slice(0, 255),
          ])
        ),
        collect_failed_at: stamp,
        updated_at: stamp,
      })
  }
  for (const login of ['cookie', 'token'] as const) {
    const ids = failed
      .filter((outcome) => outcome.failure?.login === login)
      .map((outcome) => outcome.account.id)
    for (let start = 0; start < ids.length; start += 500) {
      await trx
        .from('creator_platform_accounts')
        .whereIn('id', ids.slice(start, start + 500))
        .update({ [`${login}_status`]: ACCESS_STATUS.CANNOT_ACCESS })
    }
  }

  const creators = [
    ...new Set(
      outcomes
        .filter((outcome) => !outcome.skipped && !outcome.deferred)
        .map((outcome) => outcome.account.creator_id)
    ),
  ]
  await CreatorTotalsService.recompute(trx, creators, stamp, { touch: false })
  return result.dates
}

/**
 * A collection that worked with the stored login proves it: the status of
 * the login the adapter used (loginOf), set to 'cannot access' by a refused
 * login earlier, is put back to connected. Saving a new cookie or token in
 * the creator form resets it too (PlatformAccountService).
 */
async function restoreLogins(trx: TransactionClientContract, collected: Outcome[], stamp: string) {
  for (const login of ['cookie', 'token'] as const) {
    const ids = collected
      .filter((outcome) => loginOf(outcome.account) === login)
      .map((outcome) => outcome.account.id)
    for (let start = 0; start < ids.length; start += 500) {
      await trx
        .from('creator_platform_accounts')
        .whereIn('id', ids.slice(start, start + 500))
        .where(`${login}_status`, ACCESS_STATUS.CANNOT_ACCESS)
        .update({ [`${login}_status`]: ACCESS_STATUS.CONNECTED, updated_at: stamp })
    }
  }
}
