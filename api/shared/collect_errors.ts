/**
 * Why a platform account's collection did not work, as a code the admin
 * words in the reader's language (alerts.collect_errors.<code>), kept apart
 * from the technical detail (the adapter's own message, shown second).
 *
 * The adapters' codes (api/platforms/types.ts PlatformErrorCode), the
 * collection's own states (deferred: not tried because the platform was
 * paused for the run; paused: the platform is paused; cookie_expired /
 * token_expired: the stored login no longer works) and `error` for anything
 * else.
 */
export const COLLECT_ERROR_CODES = [
  'not_found',
  'auth',
  'captcha',
  'rate_limited',
  'quota_exceeded',
  'bad_response',
  'upstream',
  'network',
  'not_supported',
  'not_configured',
  'deferred',
  'paused',
  'cookie_expired',
  'token_expired',
  'error',
] as const
type CollectErrorCode = (typeof COLLECT_ERROR_CODES)[number]

export interface CollectError {
  code: CollectErrorCode
  /** The technical detail (an adapter's message), or null. */
  detail: string | null
}

const KNOWN = new Set<string>(COLLECT_ERROR_CODES)

export function isCollectErrorCode(value: unknown): value is CollectErrorCode {
  return typeof value === 'string' && KNOWN.has(value)
}

/**
 * Reads a stored failure text (`code: message`, as the collection writes
 * creator_platform_accounts.collect_error) into its code and detail; a text
 * without a known code is `error` with the whole text as its detail.
 */
export function splitCollectError(text: string | null | undefined): CollectError | null {
  if (text === null || text === undefined) return null
  const value = String(text).trim()
  if (!value) return null
  const match = /^([a-z_]+)(?::\s*([\s\S]*))?$/.exec(value)
  if (match && isCollectErrorCode(match[1])) {
    return { code: match[1], detail: match[2]?.trim() || null }
  }
  return { code: 'error', detail: value }
}
