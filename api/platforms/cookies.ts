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
export interface CookieEntry {
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
