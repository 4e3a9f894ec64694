import type { PlatformAccountRef } from '#platforms/types'
import { UploadError } from '#platforms/upload/types'
import {
  envelopeData,
  type Answer,
  type EnvelopeRules,
  type UploadHttp,
} from '#platforms/upload/http'
import { COOKIE_DOMAINS, cookieHeader, parseCookies } from '#shared/cookies'

/*
| Bilibili's creator host (member.bilibili.com) as the upload adapter
| (bilibili.ts) speaks to it: the login each call carries (the cookie, or a
| token sent as SESSDATA; bili_jct as the csrf token) and the
| `{code, message, data}` envelope of its answers, its codes mapped to
| UploadErrors.
*/

/** member.bilibili.com's `{code, message, data}`; a rate limit waits its Retry-After seconds, else a minute. */
const RULES: EnvelopeRules = {
  codeField: 'code',
  messageField: 'message',
  authCodes: new Set([-101, -111]),
  rateCodes: new Set([21070, -412]),
  retryAfter: (answer) => retryAfterOf(answer),
}

/** `data` of a member.bilibili.com answer whose code is 0; the code mapped to an UploadError otherwise. */
export function memberData(
  http: UploadHttp,
  answer: Answer,
  step: string,
  submit = false
): unknown {
  if (answer.status === 412) {
    // the risk-control gateway's answer: nothing was done, wait and try again
    throw new UploadError('bilibili', 'rate_limited', `Bilibili intercepted ${step} (HTTP 412)`, {
      upstreamCode: 412,
      retryAfterMs: retryAfterOf(answer) ?? 60_000,
    })
  }
  return envelopeData(http, RULES, answer, step, submit)
}

/** The Cookie header: the stored cookie, or the token sent as SESSDATA. */
export function cookieOf(account: PlatformAccountRef) {
  return (
    cookieHeader(account.cookie, COOKIE_DOMAINS.bilibili) ||
    cookieHeader(account.token ? `SESSDATA=${account.token.trim()}` : null)
  )
}

/** The headers of a signed-in call; no login is an expired one. */
export function loginHeaders(account: PlatformAccountRef): Record<string, string> {
  const cookie = cookieOf(account)
  if (!cookie) {
    throw new UploadError('bilibili', 'auth_expired', 'The account has no Bilibili cookie', {})
  }
  return { Cookie: cookie, Referer: 'https://member.bilibili.com/' }
}

/** bili_jct, the csrf token Bilibili's writes ask for. */
export function csrfOf(account: PlatformAccountRef) {
  return (
    parseCookies(account.cookie, COOKIE_DOMAINS.bilibili).find((entry) => entry.name === 'bili_jct')
      ?.value ?? ''
  )
}

function retryAfterOf(answer: Answer) {
  const seconds = Number(answer.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined
}
