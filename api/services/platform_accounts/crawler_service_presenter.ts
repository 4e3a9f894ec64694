import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import OAuthRefreshService from '#services/platform_accounts/oauth_refresh_service'
import { presentAccountStatus } from '#services/platform_accounts/platform_account_presenter'
import { isoDateTime } from '#support/dates'

/*
| The crawler, cookie and token service's answers (SPEC §7): an account's
| cookie or token state as the edit tab and the health centre read it —
| whether one is stored and its dates, statuses and refresh window. Never a
| cookie, a token, nor part of one.
*/

function accountOf(status: ReturnType<typeof presentAccountStatus>) {
  return {
    id: status.id,
    platform: status.platform,
    uid: status.uid,
    channel_name: status.channel_name,
    active: status.active,
  }
}

/** Whether a cookie is stored, when it was entered and checked, its status. */
export function presentCookieState(account: CreatorPlatformAccount, now = DateTime.utc()) {
  const status = presentAccountStatus(account, now)
  return {
    ...accountOf(status),
    cookie_present: status.cookie_present,
    cookie_status: status.cookie_status,
    cookie_entered_at: status.cookie_entered_at,
    cookie_checked_at: status.cookie_checked_at,
    cookie_recheck_due_at: status.cookie_recheck_due_at,
    cookie_recheck_due: status.cookie_recheck_due,
  }
}

/**
 * A token's status, expiry and refresh window (when the daily renewal takes
 * it, its last renewal and what a failed one said); for Haokan also whether
 * the creator's Baidu app token is stored.
 */
export function presentTokenState(
  account: CreatorPlatformAccount,
  creator: Creator,
  now = DateTime.utc()
) {
  const status = presentAccountStatus(account, now)
  const window = OAuthRefreshService.windowOf(account)
  return {
    ...accountOf(status),
    token_present: status.token_present,
    token_status: status.token_status,
    token_connected_at: status.token_connected_at,
    token_expires_at: status.token_expires_at,
    token_expiring: status.token_expiring,
    refresh: {
      refreshable: window.refreshable,
      opens_at: isoDateTime(window.opensAt),
      access_expires_at: isoDateTime(window.accessExpiresAt),
      refresh_expires_at: isoDateTime(window.refreshExpiresAt),
      last_refreshed_at: isoDateTime(window.lastRefreshedAt),
      error: window.error,
    },
    ...(account.platform === 'haokan'
      ? {
          baidu_app_id: creator.baiduAppId ?? null,
          baidu_token_present: Boolean(creator.baiduTokenEncrypted),
        }
      : {}),
  }
}
