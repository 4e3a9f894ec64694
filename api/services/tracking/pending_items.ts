import { DateTime } from 'luxon'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import { accountState } from '#services/platform_accounts/account_state'
import { presentAccountStatus } from '#services/platform_accounts/platform_account_presenter'
import type { PendingReason } from '#shared/tracking'

/**
 * Why an active account is a pending item of creator tracking: never
 * collected (no collection or backfill ever reached it), or failing as the
 * creator list and dashboard decide it (account_state.ts: a stored token or
 * cookie that cannot access, or a failed last collection). Empty: nothing
 * is pending.
 */
export function pendingReasons(
  account: CreatorPlatformAccount,
  now: DateTime = DateTime.utc()
): PendingReason[] {
  const state = accountState(account, now)
  const reasons: PendingReason[] = []
  if (!account.lastCollectedAt) reasons.push('never_collected')
  if (!state.failing) return reasons
  if (state.tokenStatus === 1 && account.tokenEncrypted) reasons.push('token')
  if (state.cookieStatus === 1 && account.cookieEncrypted) reasons.push('cookie')
  if (state.collectFailing) reasons.push('collect')
  return reasons
}

/** A pending account: its state as the creator detail shows it, and the reasons. */
export function presentPendingItem(account: CreatorPlatformAccount, now = DateTime.utc()) {
  return { ...presentAccountStatus(account, now), reasons: pendingReasons(account, now) }
}
