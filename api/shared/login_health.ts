/**
 * The account-health centre (docs/architecture.md, issue 28 §3): what a
 * login check of one stored login came to, and the groups the screen lists
 * logins in. Shared with the admin (`@shared/login_health`).
 */

/**
 * A check's result: the login works; the platform refused it (expired,
 * signed out); it asks for a captcha or a verification; or the check could
 * not tell (network, an upstream error, no check for that platform).
 */
export const LOGIN_CHECK_RESULTS = ['works', 'refused', 'captcha', 'unknown'] as const
export type LoginCheckResult = (typeof LOGIN_CHECK_RESULTS)[number]

/** Results after which the stored login counts as 'cannot access' and the collection skips it. */
export const REFUSED_RESULTS: readonly LoginCheckResult[] = ['refused', 'captcha']

/**
 * The screen's groups: refused (the platform refused it, or its expiry
 * passed), lapsing (it expires within LOGIN_LAPSE_DAYS), works (checked and
 * working), unchecked (never checked, or the check could not tell).
 */
export const LOGIN_GROUPS = ['refused', 'lapsing', 'works', 'unchecked'] as const
export type LoginGroup = (typeof LOGIN_GROUPS)[number]

/** A login expiring within this many days is listed as lapsing. */
export const LOGIN_LAPSE_DAYS = 7

/** Accounts one "check now" request checks at most (the screen sends its logins in parts). */
export const LOGIN_CHECK_BATCH = 25
