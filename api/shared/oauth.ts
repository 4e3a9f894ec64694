/**
 * Connecting an open-platform login by OAuth (issue 28 §2): the platforms
 * whose authorise page the studio opens, how long a started connect waits
 * for its callback, and the results the callback lands back on the creator's
 * edit tab with (admin: creators.connect.results.<result>).
 */
export const OAUTH_PLATFORMS = ['douyin', 'xigua', 'kwai', 'weibo'] as const
export type OAuthPlatform = (typeof OAUTH_PLATFORMS)[number]

export function isOAuthPlatform(value: unknown): value is OAuthPlatform {
  return typeof value === 'string' && (OAUTH_PLATFORMS as readonly string[]).includes(value)
}

/** A started connect's state is good for this long, and for one callback. */
export const CONNECT_STATE_MINUTES = 10

/**
 * What a callback came to: connected; denied (the person refused on the
 * platform's page, error=access_denied); expired or replayed state; failed
 * (the platform refused the code, or could not be reached).
 */
export const CONNECT_RESULTS = ['connected', 'denied', 'expired', 'replayed', 'failed'] as const
export type ConnectResult = (typeof CONNECT_RESULTS)[number]
