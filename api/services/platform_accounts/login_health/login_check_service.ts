import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import { accountRefOf, withStoredLogin, type StoredAccount } from '#platforms/account_ref'
import { selectStoredAccounts } from '#platforms/account_ref'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import PlatformCircuit from '#services/platform_breaker/platform_circuit'
import CreatorTotalsService from '#services/creators/totals_service'
import { loginOf } from '#services/metrics/collection_store'
import {
  loginAccountsQuery,
  type LoginScope,
} from '#services/platform_accounts/login_health/login_accounts'
import { ACCESS_STATUS } from '#shared/constants'
import { REFUSED_RESULTS, type LoginCheckResult } from '#shared/login_health'
import { utcOf } from '#support/dates'

/*
| The account-health check (issue 28 §3): every stored login (the token or
| cookie of an active account of a creator under contract) is asked the
| platform's cheapest signed-in call, the adapter's checkLogin, a few at a
| time through the per-platform brake. Each account keeps what its check
| came to and when (login_checked_at, login_check_result, login_check_error);
| a refused login's token or cookie status becomes 1 'cannot access' (the
| alert scan then raises its expiry alert, and the daily collection skips it
| as not connected); a working one clears a 'cannot access' the collection
| or an earlier check set. Logins are never logged or stored in an error.
*/

/** What the check of one account came to; `deferred`: its platform is paused (not recorded). */
interface Checked {
  account: StoredAccount
  result: LoginCheckResult | 'deferred'
  error: string | null
  /** The adapter read the real login (not the simulator). */
  live: boolean
}

interface LoginCheckCounts {
  total: number
  works: number
  refused: number
  captcha: number
  unknown: number
  /** Not asked: the platform is paused (the brake). */
  deferred: number
}

/** Accounts whose results are written together. */
const BATCH = 200

/** `text` with every stored secret of the account (the token, the cookie, its values) masked. */
function scrub(text: string, secrets: (string | null | undefined)[]) {
  let clean = text
  for (const secret of secrets) {
    if (secret && secret.length >= 6) clean = clean.split(secret).join('••••')
  }
  return clean
}

function secretsOf(token: string | null | undefined, cookie: string | null | undefined) {
  const values: string[] = []
  if (token) values.push(token)
  if (cookie) {
    values.push(cookie)
    for (const match of cookie.matchAll(/"value"\s*:\s*"([^"]{6,})"|=([^;\s]{6,})/g)) {
      values.push(match[1] ?? match[2])
    }
  }
  return values
}

export default class LoginCheckService {
  /** Logins checked at the same time. */
  static concurrency = 4
  /** Per check: attempts for retryable answers and the backoff (tests shorten it). */
  static retry = { attempts: 2, baseDelayMs: 500, maxDelayMs: 5_000 }

  /** Checks every stored login of `scope` and records the results; returns the counts. */
  static async check(scope: LoginScope = {}): Promise<LoginCheckCounts> {
    const accounts = await selectStoredAccounts(loginAccountsQuery(scope).orderBy('a.id'))
    const counts: LoginCheckCounts = {
      total: accounts.length,
      works: 0,
      refused: 0,
      captcha: 0,
      unknown: 0,
      deferred: 0,
    }
    const circuit = new PlatformCircuit(this.retry)
    for (let start = 0; start < accounts.length; start += BATCH) {
      const part = accounts.slice(start, start + BATCH)
      await circuit.refresh()
      const checked: Checked[] = []
      let next = 0
      const worker = async () => {
        while (next < part.length) {
          const one = await this.#checkOne(part[next++], circuit)
          counts[one.result]++
          checked.push(one)
        }
      }
      await Promise.all(
        Array.from({ length: Math.min(this.concurrency, part.length) }, () => worker())
      )
      await db.transaction((trx) => this.#store(trx, checked))
    }
    for (const platform of circuit.answered) await PlatformBreaker.reset(platform)
    logger.info({ ...counts, tripped: circuit.tripped }, 'login check finished')
    return counts
  }

  /**
   * Checks one account's stored login now, recorded as every check is; what
   * the check found (result, error, when), or null when the account holds no
   * login the check reads (no token or cookie, inactive, contract ended).
   * `deferred`: its platform is paused, nothing was asked.
   */
  static async checkAccount(accountId: number) {
    const counts = await this.check({ accountIds: [accountId] })
    if (counts.total === 0) return null
    const row = await db
      .from('creator_platform_accounts')
      .where('id', accountId)
      .select('login_checked_at', 'login_check_result', 'login_check_error')
      .firstOrFail()
    return {
      result: (counts.deferred ? 'deferred' : row.login_check_result) as
        LoginCheckResult | 'deferred',
      error: counts.deferred ? null : ((row.login_check_error as string | null) ?? null),
      checkedAt: utcOf(row.login_checked_at),
    }
  }

  static async #checkOne(account: StoredAccount, circuit: PlatformCircuit): Promise<Checked> {
    let adapter
    try {
      adapter = platforms.use(account.platform)
    } catch (error) {
      return { account, result: 'unknown', error: `error: ${String(error)}`, live: false }
    }
    const live = adapter.source !== 'simulated'
    if (!adapter.checkLogin) {
      const error = 'not_supported: this platform has no login check yet'
      return { account, result: 'unknown', error, live }
    }
    const ref = accountRefOf(account)
    const answer = await circuit.call(account.platform, () =>
      adapter.checkLogin!(withStoredLogin(adapter, ref, account))
    )
    if ('value' in answer) return { account, result: 'works', error: null, live }
    if ('deferred' in answer) return { account, result: 'deferred', error: null, live }
    const failure = answer.error
    const code = failure instanceof PlatformError ? failure.code : 'error'
    const message = failure instanceof Error ? failure.message : String(failure)
    const error = scrub(`${code}: ${message}`, secretsOf(ref.token, ref.cookie)).slice(0, 255)
    const result: LoginCheckResult =
      code === 'auth' ? 'refused' : code === 'captcha' ? 'captcha' : 'unknown'
    if (result !== 'refused' && result !== 'captcha') {
      logger.warn({ accountId: account.id, platform: account.platform, code }, 'login check unsure')
    }
    return { account, result, error, live }
  }

  /**
   * Writes a batch's results; a refused login's status becomes 'cannot
   * access', a working live login's 'cannot access' is cleared (the
   * simulator proves nothing about a login), and the creators' failing flags
   * follow.
   */
  static async #store(trx: Parameters<typeof CreatorTotalsService.recompute>[0], rows: Checked[]) {
    const stamp = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
    const recorded = rows.filter((row) => row.result !== 'deferred')
    for (const row of recorded) {
      const login = loginOf(row.account)
      const changes: Record<string, unknown> = {
        login_checked_at: stamp,
        login_check_result: row.result,
        login_check_error: row.error,
      }
      if (login && REFUSED_RESULTS.includes(row.result as LoginCheckResult)) {
        changes[`${login}_status`] = ACCESS_STATUS.CANNOT_ACCESS
      }
      await trx.from('creator_platform_accounts').where('id', row.account.id).update(changes)
      if (login && row.result === 'works' && row.live) {
        await trx
          .from('creator_platform_accounts')
          .where('id', row.account.id)
          .where(`${login}_status`, ACCESS_STATUS.CANNOT_ACCESS)
          .update({ [`${login}_status`]: ACCESS_STATUS.CONNECTED, updated_at: stamp })
      }
    }
    const creators = [...new Set(recorded.map((row) => row.account.creator_id))]
    if (creators.length) {
      await CreatorTotalsService.recompute(trx, creators, stamp, { touch: false })
    }
  }

  /**
   * The accounts among `accounts` whose stored login the last check found
   * refused (or facing a captcha) and which is still marked 'cannot access'
   * (a new token or cookie saved since clears the mark): the daily
   * collection skips them as not connected.
   */
  static async refusedAmong(accounts: StoredAccount[]): Promise<Set<number>> {
    const refused = new Set<number>()
    const byId = new Map(accounts.map((account) => [account.id, account]))
    const ids = [...byId.keys()]
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await db
        .from('creator_platform_accounts')
        .whereIn('id', ids.slice(start, start + 500))
        .whereIn('login_check_result', [...REFUSED_RESULTS])
        .select('id', 'token_status', 'cookie_status')
      for (const row of rows) {
        const account = byId.get(Number(row.id))!
        const login = loginOf(account)
        if (login && Number(row[`${login}_status`]) === ACCESS_STATUS.CANNOT_ACCESS) {
          refused.add(account.id)
        }
      }
    }
    return refused
  }
}
