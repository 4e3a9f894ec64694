import { DateTime } from 'luxon'

/*
| The login an open-platform account stores (token_encrypted, encrypted at
| rest like every token): the OAuth answer kept as JSON, so that the adapter
| has the access token and the platform's user id (Douyin's open_id), and
| the refresh job has the refresh token and both lifetimes. A token pasted by
| hand (a plain string) is an access token alone.
*/

export interface OpenToken {
  accessToken: string
  refreshToken: string | null
  /** The platform's id of the user the token belongs to (open_id, uid …). */
  openId: string | null
  /** ISO 8601, when the platform said. */
  expiresAt: string | null
  refreshExpiresAt: string | null
  scope: string | null
}

/** Reads a stored token (JSON or a plain access token); null when there is none. */
export function readOpenToken(stored: string | null | undefined): OpenToken | null {
  const text = stored?.trim()
  if (!text) return null
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>
      const accessToken = typeof value.access_token === 'string' ? value.access_token : ''
      if (!accessToken) return null
      const string = (key: string) =>
        typeof value[key] === 'string' ? (value[key] as string) : null
      return {
        accessToken,
        refreshToken: string('refresh_token'),
        openId: string('open_id'),
        expiresAt: string('expires_at'),
        refreshExpiresAt: string('refresh_expires_at'),
        scope: string('scope'),
      }
    } catch {
      return null
    }
  }
  return {
    accessToken: text,
    refreshToken: null,
    openId: null,
    expiresAt: null,
    refreshExpiresAt: null,
    scope: null,
  }
}

/** The stored form of a token (what token_encrypted holds, before encryption). */
export function storeOpenToken(token: OpenToken): string {
  return JSON.stringify({
    access_token: token.accessToken,
    refresh_token: token.refreshToken,
    open_id: token.openId,
    expires_at: token.expiresAt,
    refresh_expires_at: token.refreshExpiresAt,
    scope: token.scope,
  })
}

/** An ISO time `seconds` after `now` (the platforms answer lifetimes in seconds); null without one. */
export function expiryAfter(seconds: unknown, now = DateTime.now()): string | null {
  const value = Number(seconds)
  if (!Number.isFinite(value) || value <= 0) return null
  return now.plus({ seconds: value }).toUTC().toISO()
}
