import { DateTime } from 'luxon'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import { readOpenToken } from '#platforms/open_token'
import {
  ACCESS_STATUS,
  COLLECT_STATUS,
  COOKIE_RECHECK_DAYS,
  EXPIRY_WARNING_DAYS,
  TOKEN_RENEWAL_DAYS,
  type PlatformKey,
} from '#shared/constants'

/** An account's token and cookie state as of `now` (statuses computed on read, SPEC §4). */
export interface AccountState {
  tokenStatus: 0 | 1
  cookieStatus: 0 | 1
  tokenExpiring: boolean
  cookieRecheckDueAt: DateTime | null
  cookieRecheckDue: boolean
  /** The last collection of the account's metrics failed (collect_status 1). */
  collectFailing: boolean
  failing: boolean
}

/** Days after which a platform's token must be re-authorised (Xigua 30, Douyin 90), else null. */
export function renewalDaysOf(platform: PlatformKey): number | null {
  return (TOKEN_RENEWAL_DAYS as Partial<Record<PlatformKey, number>>)[platform] ?? null
}

/**
 * A status reads 1 (cannot access) once the token expired or the cookie's
 * recheck (COOKIE_RECHECK_DAYS) passed, whatever the stored value says; an
 * account fails when a token or cookie it holds cannot access or its last
 * metrics collection failed (one never given a token or cookie is only not
 * connected).
 */
export function accountState(
  account: CreatorPlatformAccount,
  now: DateTime = DateTime.utc()
): AccountState {
  const tokenExpired = Boolean(account.tokenExpiresAt && account.tokenExpiresAt <= now)
  const cannotAccess = ACCESS_STATUS.CANNOT_ACCESS
  const tokenStatus = Number(account.tokenStatus) === cannotAccess || tokenExpired ? 1 : 0
  const cookieRecheckDueAt = account.cookieCheckedAt
    ? account.cookieCheckedAt.plus({ days: COOKIE_RECHECK_DAYS })
    : null
  const recheckPassed = Boolean(cookieRecheckDueAt && cookieRecheckDueAt <= now)
  const cookieStatus = Number(account.cookieStatus) === cannotAccess || recheckPassed ? 1 : 0
  const warnUntil = now.plus({ days: EXPIRY_WARNING_DAYS })
  const collectFailing = Number(account.collectStatus ?? 0) === COLLECT_STATUS.FAILED
  return {
    tokenStatus,
    cookieStatus,
    tokenExpiring: Boolean(account.tokenExpiresAt && account.tokenExpiresAt <= warnUntil),
    cookieRecheckDueAt,
    cookieRecheckDue: Boolean(cookieRecheckDueAt && cookieRecheckDueAt <= warnUntil),
    collectFailing,
    // an account not connected yet (no token, no cookie) is not failing: nothing broke
    failing:
      (tokenStatus === 1 && Boolean(account.tokenEncrypted)) ||
      (cookieStatus === 1 && Boolean(account.cookieEncrypted)) ||
      collectFailing,
  }
}

/**
 * `••••wxyz`: enough of a token to recognise it, never enough to use it (of
 * the access token, when the login is a stored OAuth answer).
 */
export function tokenHint(account: CreatorPlatformAccount) {
  if (!account.tokenEncrypted) return null
  const token = readOpenToken(account.getToken())?.accessToken ?? ''
  return token.length >= 12 ? `••••${token.slice(-4)}` : '••••'
}
