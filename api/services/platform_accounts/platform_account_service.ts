import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import StudioException from '#exceptions/studio_exception'
import type Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import AuditService from '#services/audit/audit_service'
import { accountChanges, accountFacts } from '#services/creators/creator_changes'
import SecurityCodeService from '#services/auth/security_code_service'
import { accountState, renewalDaysOf } from '#services/platform_accounts/account_state'
import { presentPlatformAccount } from '#services/platform_accounts/platform_account_presenter'
import type { Actor } from '#support/actor'
import { refuseDuplicates } from '#support/sql'
import { ACCESS_STATUS, COOKIE_AFTER_TOKEN_DAYS, type PlatformKey } from '#shared/constants'
import { COOKIE_NAMES, summarizeCookie } from '#shared/cookies'
import { weiboCookieProblem } from '#shared/weibo_cookies'

/** What may change on a platform account (the creator form's platform tabs). */
interface AccountChanges {
  uid?: string | null
  channel_name?: string | null
  channel_url?: string | null
  fans?: number
  active?: boolean
  token?: string | null
  token_connected_at?: Date
  cookie?: string | null
  cookie_2?: string | null
}

const { CONNECTED, CANNOT_ACCESS } = ACCESS_STATUS

/** A cookie is JSON text holding an object or an array (SPEC §5 "a cookie must be valid JSON"). */
function parseCookie(text: string, field: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = undefined
  }
  if (value === null || typeof value !== 'object') {
    throw new StudioException('creator.cookie_not_json', { status: 422, data: { field } })
  }
  return value
}

/**
 * Platform accounts of creators: the token and cookie rules of SPEC §4/§5
 * and the creator's derived `total_fans` and `failing`. Tokens and cookies
 * are stored encrypted only; an empty token or cookie leaves the stored one.
 *
 * - A new token connects now (or at `token_connected_at`), status 0, and
 *   expires after the platform's renewal period (Xigua 30, Douyin 90 days;
 *   other platforms have no fixed renewal).
 * - A cookie must be JSON; Weibo takes both of its cookies, SUB and SUBP, at
 *   once (one in `cookie`, one in `cookie_2`) or one JSON export holding both; a cookie may be entered only
 *   from COOKIE_AFTER_TOKEN_DAYS after the token connected. A new cookie is
 *   entered and checked now, status 0.
 * - A status reads 1 (cannot access) once the token expired or the cookie's
 *   recheck (COOKIE_RECHECK_DAYS) passed, whatever the stored value says.
 * - `failing` is any active account whose token or cookie status is 1 or
 *   whose last metrics collection failed (collect_status 1);
 *   `total_fans` sums the active accounts' fans.
 */
export default class PlatformAccountService {
  /**
   * PUT /api/creators/:id/accounts/:platform: one platform account (token
   * and cookie rules), the creator's totals, the audit entry; one
   * transaction, confirmed by the actor's security code.
   */
  static async update(
    creator: Creator,
    platform: PlatformKey,
    changes: AccountChanges,
    actor: Actor,
    securityCode: string
  ) {
    await SecurityCodeService.verify(actor.user, securityCode)
    return refuseDuplicates(
      () =>
        db.transaction(async (trx) => {
          const now = DateTime.utc()
          const { account, changed } = await this.upsert(creator, platform, changes, { trx, now })
          await this.recompute(creator, trx, now)
          await AuditService.log(
            actor,
            'creator.account_update',
            ['creator', creator.id],
            { platform, changes: changed },
            trx
          )
          return presentPlatformAccount(account, now)
        }),
      () => new StudioException('creator.duplicate', { status: 409 })
    )
  }

  /**
   * Creates or updates the creator's account on `platform` with `changes`
   * (inside the caller's transaction). `field` prefixes the field named in
   * error data (`accounts.2` when the account came in a creator form).
   * Answers the account and what changed on it, for the studio log (token
   * and cookie only as masks).
   */
  static async upsert(
    creator: Creator,
    platform: PlatformKey,
    changes: AccountChanges,
    options: { trx: TransactionClientContract; now?: DateTime; field?: string }
  ) {
    const now = options.now ?? DateTime.utc()
    let account = await CreatorPlatformAccount.query({ client: options.trx })
      .where('creator_id', creator.id)
      .where('platform', platform)
      .first()
    const before = accountFacts(account)
    if (!account) {
      account = new CreatorPlatformAccount().merge({
        creatorId: creator.id,
        platform,
        fans: 0,
        active: true,
        tokenStatus: CANNOT_ACCESS,
        cookieStatus: CANNOT_ACCESS,
      })
    }
    account.useTransaction(options.trx)
    this.apply(account, changes, now, options.field)
    await account.save()
    const changed = accountChanges(before, accountFacts(account), {
      token: Boolean(changes.token),
      cookie: Boolean(changes.cookie || changes.cookie_2),
    })
    return { account, changed }
  }

  /** Applies the changes and the token and cookie rules to an account (not saved). */
  static apply(
    account: CreatorPlatformAccount,
    changes: AccountChanges,
    now: DateTime = DateTime.utc(),
    field?: string
  ) {
    const name = (key: string) => (field ? `${field}.${key}` : key)

    if (changes.uid !== undefined) account.uid = changes.uid
    if (changes.channel_name !== undefined) account.channelName = changes.channel_name
    if (changes.channel_url !== undefined) account.channelUrl = changes.channel_url
    if (changes.fans !== undefined) account.fans = changes.fans
    if (changes.active !== undefined) account.active = changes.active

    this.#applyToken(account, changes, now)
    this.#applyCookie(account, changes, now, name)

    const state = accountState(account, now)
    account.tokenStatus = state.tokenStatus
    account.cookieStatus = state.cookieStatus
  }

  /**
   * Tokens and cookies are never sent back to the form, so an empty value
   * (null or '') means "unchanged", never "remove".
   */
  static #applyToken(account: CreatorPlatformAccount, changes: AccountChanges, now: DateTime) {
    const given = changes.token_connected_at
      ? DateTime.fromJSDate(changes.token_connected_at).toUTC()
      : null
    // a time later today (the validator compares days) is taken as now
    const connectedAt = given && given > now ? now : given

    if (changes.token) {
      account.setToken(changes.token)
      account.tokenStatus = CONNECTED
      account.tokenConnectedAt = connectedAt ?? now
    } else if (connectedAt && account.tokenEncrypted) {
      account.tokenConnectedAt = connectedAt
    } else {
      return
    }

    const days = renewalDaysOf(account.platform)
    account.tokenExpiresAt = days ? account.tokenConnectedAt!.plus({ days }) : null
  }

  static #applyCookie(
    account: CreatorPlatformAccount,
    changes: AccountChanges,
    now: DateTime,
    name: (key: string) => string
  ) {
    const first = changes.cookie || null
    const second = changes.cookie_2 || null
    if (first === null && second === null) return

    const isWeibo = account.platform === 'weibo'
    if (!isWeibo && second !== null) {
      throw new StudioException('creator.cookie_2_weibo_only', {
        status: 422,
        data: { field: name('cookie_2') },
      })
    }

    let stored: string
    const parsedFirst = first ? parseCookie(first, name('cookie')) : null
    const parsedSecond = second ? parseCookie(second, name('cookie_2')) : null
    if (isWeibo) {
      this.#checkWeiboCookies(first, second, name, now)
      stored =
        parsedFirst !== null && parsedSecond !== null
          ? JSON.stringify({ cookie: parsedFirst, cookie_2: parsedSecond })
          : first!
    } else {
      this.#checkCookieContent(account.platform, first!, name('cookie'), now)
      stored = first!
    }

    if (account.tokenEncrypted && account.tokenConnectedAt) {
      const allowedFrom = account.tokenConnectedAt.plus({ days: COOKIE_AFTER_TOKEN_DAYS })
      if (now < allowedFrom) {
        throw new StudioException('creator.cookie_too_early', {
          status: 422,
          data: {
            field: name('cookie'),
            date: allowedFrom.setZone(studioConfig.timezone).toFormat('yyyy-MM-dd HH:mm'),
            available_at: allowedFrom.toUTC().toISO(),
          },
        })
      }
    }

    account.setCookie(stored)
    account.cookieStatus = CONNECTED
    account.cookieEnteredAt = now
    account.cookieCheckedAt = now
  }

  /**
   * A cookie must hold cookies, and the one the platform signs in with
   * (Bilibili's SESSDATA) unexpired: an export made while signed out, or
   * one that has lapsed, is refused with what is wrong rather than stored
   * to fail at the next collection.
   */
  static #checkCookieContent(platform: PlatformKey, text: string, field: string, now: DateTime) {
    const summary = summarizeCookie(text, platform, now.toMillis())
    if (!summary.unusable) return
    if (summary.found.length === 0) {
      throw new StudioException('creator.cookie_empty', { status: 422, data: { field } })
    }
    const essential = COOKIE_NAMES[platform]!.required
    const entry = summary.found.find((item) => item.name === essential)
    if (!entry) {
      throw new StudioException('creator.cookie_missing', {
        status: 422,
        data: { field, name: essential },
      })
    }
    throw new StudioException('creator.cookie_expired', {
      status: 422,
      data: {
        field,
        name: essential,
        date: DateTime.fromMillis(entry.expiresAt!)
          .setZone(studioConfig.timezone)
          .toFormat('yyyy-MM-dd HH:mm'),
      },
    })
  }

  /** Weibo's rule (api/shared/weibo_cookies.ts): SUB and SUBP in the two fields, or in one export. */
  static #checkWeiboCookies(
    first: string | null,
    second: string | null,
    name: (key: string) => string,
    now: DateTime
  ) {
    const problem = weiboCookieProblem(first, second, now.toMillis())
    if (!problem) return
    if (problem.key === 'weibo_two_cookies') {
      throw new StudioException('creator.weibo_two_cookies', {
        status: 422,
        data: { field: name(problem.field) },
      })
    }
    throw new StudioException('creator.cookie_expired', {
      status: 422,
      data: {
        field: name(problem.field),
        name: problem.name,
        date: DateTime.fromMillis(problem.expiresAt)
          .setZone(studioConfig.timezone)
          .toFormat('yyyy-MM-dd HH:mm'),
      },
    })
  }

  /**
   * Recomputes the creator's `total_fans` (active accounts) and `failing`
   * (an active account whose token or cookie status is 1 or whose last
   * collection failed) and saves them.
   */
  static async recompute(
    creator: Creator,
    trx: TransactionClientContract,
    now: DateTime = DateTime.utc()
  ) {
    const accounts = await CreatorPlatformAccount.query({ client: trx }).where(
      'creator_id',
      creator.id
    )
    const active = accounts.filter((account) => Boolean(account.active))
    creator.totalFans = active.reduce((sum, account) => sum + Number(account.fans ?? 0), 0)
    creator.failing = active.some((account) => accountState(account, now).failing)
    creator.useTransaction(trx)
    await creator.save()
    return creator
  }
}
