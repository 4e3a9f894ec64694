import { DateTime } from 'luxon'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import { accountState, tokenHint } from '#services/platform_accounts/account_state'
import { isoDateTime } from '#support/dates'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { splitCollectError } from '#shared/collect_errors'

/** Accounts in the order of PLATFORMS (the order every screen shows them in). */
export function byPlatformOrder(a: { platform: string }, b: { platform: string }) {
  return PLATFORMS.indexOf(a.platform as PlatformKey) - PLATFORMS.indexOf(b.platform as PlatformKey)
}

/**
 * An account's access and collection state as of `now`: uid, token and
 * cookie statuses with their dates, and the last collection. Whether a
 * token or cookie is stored shows as `*_present`; no secret ever leaves.
 */
export function presentAccountStatus(
  account: CreatorPlatformAccount,
  now: DateTime = DateTime.utc()
) {
  const state = accountState(account, now)
  const collectError = splitCollectError(account.collectError)
  return {
    id: account.id,
    platform: account.platform,
    uid: account.uid,
    channel_name: account.channelName,
    channel_url: account.channelUrl,
    fans: Number(account.fans ?? 0),
    active: Boolean(account.active),
    token_present: Boolean(account.tokenEncrypted),
    token_status: state.tokenStatus,
    token_connected_at: isoDateTime(account.tokenConnectedAt),
    token_expires_at: isoDateTime(account.tokenExpiresAt),
    token_expiring: state.tokenExpiring,
    cookie_present: Boolean(account.cookieEncrypted),
    cookie_status: state.cookieStatus,
    cookie_entered_at: isoDateTime(account.cookieEnteredAt),
    cookie_checked_at: isoDateTime(account.cookieCheckedAt),
    cookie_recheck_due_at: isoDateTime(state.cookieRecheckDueAt),
    cookie_recheck_due: state.cookieRecheckDue,
    collect_status: state.collectFailing ? 1 : 0,
    collect_error: account.collectError ?? null,
    // the failure as a code the admin words (alerts.collect_errors.*) and its technical detail
    collect_error_code: collectError?.code ?? null,
    collect_error_detail: collectError?.detail ?? null,
    last_collected_at: isoDateTime(account.lastCollectedAt),
    collect_failed_at: isoDateTime(account.collectFailedAt),
  }
}

/** A platform account in a creator's detail and after an edit: the state and a token hint. */
export function presentPlatformAccount(
  account: CreatorPlatformAccount,
  now: DateTime = DateTime.utc()
) {
  return { ...presentAccountStatus(account, now), token_hint: tokenHint(account) }
}

/** One account of the creator list's row. */
export function presentAccountSummary(account: CreatorPlatformAccount, now: DateTime) {
  const state = accountState(account, now)
  return {
    platform: account.platform,
    uid: account.uid,
    fans: Number(account.fans ?? 0),
    token_status: state.tokenStatus,
    cookie_status: state.cookieStatus,
    collect_status: state.collectFailing ? 1 : 0,
  }
}
