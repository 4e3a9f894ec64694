import { parseCookies } from './cookies.js'

/*
| Weibo's cookie rule (SPEC §5 "Weibo needs both cookies at the same time, or
| one JSON cookie"): Weibo signs in with two cookies, SUB and SUBP. They are
| entered together — one in each of the Weibo tab's two fields (cookie,
| cookie_2) — or as one JSON export that holds both. The API and the form
| check the same rule with this function.
*/

/** The two cookies Weibo signs in with, SUB first (the session itself). */
const WEIBO_COOKIES = ['SUB', 'SUBP'] as const

type Entry = ReturnType<typeof parseCookies>[number]

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * The cookies of one Weibo field, also in the nested shapes that hold two
 * exports: `{"cookie": {...}, "cookie_2": {...}}` (what the API stores for
 * two fields), `{"weibo.com": [...], "weibo.cn": [...]}` and `[[...], [...]]`.
 */
function weiboCookieEntries(text: string | null | undefined): Entry[] {
  const trimmed = text?.trim()
  if (!trimmed) return []
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return parseCookies(trimmed)
  }
  const parts = Array.isArray(value)
    ? value.every((item) => Array.isArray(item))
      ? value
      : null
    : isObject(value) &&
        !Array.isArray(value.cookies) &&
        !isObject(value.cookie_info) &&
        Object.values(value).length > 0 &&
        Object.values(value).every((item) => item !== null && typeof item === 'object')
      ? Object.values(value)
      : null
  if (!parts) return parseCookies(trimmed)
  return parts.flatMap((part) => parseCookies(JSON.stringify(part)))
}

type WeiboCookieProblem =
  /** SUB or SUBP is missing: `field` is the one to fill (cookie_2 beside a lone first cookie). */
  | { key: 'weibo_two_cookies'; field: 'cookie' | 'cookie_2'; missing: string[] }
  /** SUB's own expiry (as the export says) has passed. */
  | { key: 'cookie_expired'; field: 'cookie' | 'cookie_2'; name: string; expiresAt: number }

/**
 * What keeps a Weibo cookie entry from signing in, as of `now` (epoch ms),
 * or null when SUB and SUBP are both there — in the two fields together, or
 * in the one JSON export given. An empty second field means "the first holds
 * both"; a second field alone is refused (the first is missing).
 */
export function weiboCookieProblem(
  first: string | null | undefined,
  second: string | null | undefined,
  now: number = Date.now()
): WeiboCookieProblem | null {
  const hasFirst = Boolean(first?.trim())
  const hasSecond = Boolean(second?.trim())
  if (!hasFirst && !hasSecond) return null
  if (!hasFirst) return { key: 'weibo_two_cookies', field: 'cookie', missing: [...WEIBO_COOKIES] }
  const firstEntries = weiboCookieEntries(first)
  const secondEntries = weiboCookieEntries(second)
  const found = new Map<string, { entry: Entry; field: 'cookie' | 'cookie_2' }>()
  for (const entry of firstEntries) found.set(entry.name, { entry, field: 'cookie' })
  for (const entry of secondEntries) {
    if (!found.has(entry.name)) found.set(entry.name, { entry, field: 'cookie_2' })
  }
  const missing = WEIBO_COOKIES.filter((name) => !found.has(name))
  if (missing.length) {
    return {
      key: 'weibo_two_cookies',
      field: 'cookie_2',
      missing,
    }
  }
  const sub = found.get('SUB')!
  if (sub.entry.expiresAt !== null && sub.entry.expiresAt <= now) {
    return { key: 'cookie_expired', field: sub.field, name: 'SUB', expiresAt: sub.entry.expiresAt }
  }
  return null
}
