import type {
  LoginHealthEntry,
  LoginHealthSummary,
} from '#services/platform_accounts/login_health/login_health_service'

/**
 * One login of the health centre: where it stands and the action that
 * fixes it (a token is reconnected, a cookie replaced, both on the creator's
 * edit tab of that platform). Never the token or the cookie itself.
 */
export function presentLoginHealth(entry: LoginHealthEntry) {
  return {
    id: entry.accountId,
    platform: entry.platform,
    uid: entry.uid,
    channel_name: entry.channelName,
    login: entry.login,
    group: entry.group,
    expires_at: entry.expiresAt?.toISO() ?? null,
    checked_at: entry.checkedAt?.toISO() ?? null,
    result: entry.result,
    error: entry.error,
    action: entry.login === 'token' ? 'reconnect' : 'new_cookie',
    creator: { id: entry.creator.id, name: entry.creator.name, brand_no: entry.creator.brandNo },
    in_charge: entry.inCharge,
    team: entry.teamKey,
  }
}

export function presentLoginHealthSummary(summary: LoginHealthSummary) {
  return {
    platforms: summary.platforms,
    totals: summary.totals,
    last_checked_at: summary.lastCheckedAt?.toISO() ?? null,
  }
}
