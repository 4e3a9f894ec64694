/**
 * Cookies as staff paste them, turned into what a platform wants: the form
 * stores a cookie as JSON (SPEC §5), in whichever shape the tool that
 * exported it writes —
 *
 * - an array of `{name, value, domain?, expirationDate? | expires?}`
 *   (EditThisCookie, Cookie-Editor, a browser's DevTools),
 * - `{cookie_info: {cookies: [...]}}` (Bilibili's own login answer, the
 *   shape QR-login tools save),
 * - `{cookies: [...], origins: [...]}` (a Playwright storage state),
 * - a plain object `{SESSDATA: "…", bili_jct: "…"}`,
 *
 * and, for values stored before the form checked them, a `Cookie` header
 * text (`SESSDATA=…; bili_jct=…`).
 */
interface CookieEntry {
  name: string
  value: string
  /** Expiry, epoch ms, when the export says (null: a session cookie or unknown). */
  expiresAt: number | null
}

const NAME = /^[\w!#$%&'*+.^`|~-]+$/

function entryOf(item: unknown, domain: string | undefined): CookieEntry | null {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return null
  const record = item as Record<string, unknown>
  const name = typeof record.name === 'string' ? record.name.trim() : ''
  const raw = record.value
  if (!name || (typeof raw !== 'string' && typeof raw !== 'number')) return null
  const cookieDomain = typeof record.domain === 'string' ? record.domain.replace(/^\./, '') : ''
  if (domain && cookieDomain && !`.${cookieDomain}`.endsWith(`.${domain}`)) return null
  const seconds = Number(record.expirationDate ?? record.expires)
  return {
    name,
    value: String(raw),
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
  }
}

function fromHeader(text: string): CookieEntry[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const at = part.indexOf('=')
      return { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim(), expiresAt: null }
    })
}

/** The cookies of `text` (for `domain` and its subdomains when the export names domains). */
export function parseCookies(text: string | null | undefined, domain?: string): CookieEntry[] {
  const trimmed = text?.trim()
  if (!trimmed) return []
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return fromHeader(trimmed).filter((entry) => NAME.test(entry.name))
  }
  let list: unknown[] | null = null
  if (Array.isArray(value)) list = value
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const info = record.cookie_info as Record<string, unknown> | undefined
    if (info && Array.isArray(info.cookies)) list = info.cookies
    else if (Array.isArray(record.cookies)) list = record.cookies
    else {
      list = Object.entries(record)
        .filter(([, item]) => typeof item === 'string' || typeof item === 'number')
        .map(([name, item]) => ({ name, value: item }))
    }
  } else if (typeof value === 'string') {
    return parseCookies(value, domain)
  }
  const entries = new Map<string, CookieEntry>()
  for (const item of list ?? []) {
    const entry = entryOf(item, domain)
    if (entry && NAME.test(entry.name)) entries.set(entry.name, entry)
  }
  return [...entries.values()]
}

/** Printable ASCII without `;`: what a cookie value may hold in a header. */
const HEADER_VALUE = /^[\x20-\x3a\x3c-\x7e]*$/

/**
 * The `Cookie` header for `text`; a value a header cannot carry (a line
 * break, a `;`, characters outside ASCII) is left out rather than sent broken.
 */
export function cookieHeader(text: string | null | undefined, domain?: string) {
  return parseCookies(text, domain)
    .filter((entry) => HEADER_VALUE.test(entry.value))
    .map((entry) => `${entry.name}=${entry.value}`)
    .join('; ')
}

/**
 * The cookies a platform's adapter signs in with, the first one essential
 * (without it the platform answers as to a visitor). Platforms not listed
 * take whatever the export holds.
 */
export const COOKIE_NAMES: Partial<Record<string, { required: string; expected: string[] }>> = {
  bilibili: { required: 'SESSDATA', expected: ['SESSDATA', 'bili_jct', 'DedeUserID'] },
  xiaohongshu: { required: 'web_session', expected: ['web_session', 'a1'] },
  wechat_channels: { required: 'sessionid', expected: ['sessionid', 'wxuin'] },
  tencent: { required: 'omaccesstoken', expected: ['omaccesstoken', 'omtoken', 'userid'] },
  iqiyi: { required: 'P00001', expected: ['P00001', 'P00003'] },
  netease: { required: 'NTES_SESS', expected: ['NTES_SESS', 'S_INFO', 'P_INFO'] },
}

/** Cookie domains by platform, for exports that hold several sites' cookies. */
export const COOKIE_DOMAINS: Partial<Record<string, string>> = {
  bilibili: 'bilibili.com',
  xiaohongshu: 'xiaohongshu.com',
  wechat_channels: 'channels.weixin.qq.com',
  tencent: 'qq.com',
  iqiyi: 'iqiyi.com',
  netease: '163.com',
}

export interface CookieSummary {
  /** Every cookie found (for the platform's domain when the export names domains). */
  found: CookieEntry[]
  /** The platform's expected cookies that are missing. */
  missing: string[]
  /** Found cookies whose expiry has passed. */
  expired: string[]
  /** The essential cookie is missing or expired: the platform would not sign in. */
  unusable: boolean
}

/** What a pasted cookie holds for `platform`, as of `now` (epoch ms). */
export function summarizeCookie(
  text: string | null | undefined,
  platform: string,
  now: number = Date.now()
): CookieSummary {
  const found = parseCookies(text, COOKIE_DOMAINS[platform])
  const names = COOKIE_NAMES[platform]
  const byName = new Map(found.map((entry) => [entry.name, entry]))
  const expired = found
    .filter((entry) => entry.expiresAt !== null && entry.expiresAt <= now)
    .map((entry) => entry.name)
  const missing = (names?.expected ?? []).filter((name) => !byName.has(name))
  const essential = names ? byName.get(names.required) : undefined
  const unusable =
    found.length === 0 ||
    Boolean(names && (!essential || (essential.expiresAt !== null && essential.expiresAt <= now)))
  return { found, missing, expired, unusable }
}
