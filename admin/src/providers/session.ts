import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, type Locale } from '@shared/constants'

/**
 * Client-side session state (SPEC §3 "Auth state", "Session").
 *
 * - The access token lives in the `token` cookie and is sent as the `token`
 *   header on every request.
 * - The refresh token is an HttpOnly cookie set by the server: page scripts
 *   never read it. A local marker remembers that one was issued, so that an
 *   expired access token can be refreshed.
 * - Unlike the legacy client, neither the email nor the password is kept in
 *   session storage (a deliberate change, see docs/architecture.md).
 * - The language is saved locally as kr, ch, en or jp (default en).
 */

const TOKEN_COOKIE = 'token'
const SESSION_MARKER = 'mcn.session'
const LANGUAGE_KEY = 'mcn.lang'

function readCookie(name: string) {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`
}

export const session = {
  getToken() {
    return readCookie(TOKEN_COOKIE)
  },

  /** Stores a new access token; the cookie outlives the token so that -101 can trigger a refresh. */
  setToken(token: string) {
    writeCookie(TOKEN_COOKIE, token, 60 * 60 * 24 * 30)
    localStorage.setItem(SESSION_MARKER, '1')
  },

  hasRefreshToken() {
    return localStorage.getItem(SESSION_MARKER) === '1'
  },

  clear() {
    writeCookie(TOKEN_COOKIE, '', 0)
    localStorage.removeItem(SESSION_MARKER)
  },
}

export function getLanguage(): LanguageCode {
  const stored = localStorage.getItem(LANGUAGE_KEY)
  return (LANGUAGES.find((language) => language.code === stored)?.code ??
    DEFAULT_LANGUAGE) as LanguageCode
}

export function setLanguage(code: LanguageCode) {
  localStorage.setItem(LANGUAGE_KEY, code)
}

export function localeOf(code: LanguageCode): Locale {
  return LANGUAGES.find((language) => language.code === code)!.locale
}

export function codeOf(locale: string): LanguageCode {
  return (LANGUAGES.find((language) => language.locale === locale)?.code ??
    DEFAULT_LANGUAGE) as LanguageCode
}
