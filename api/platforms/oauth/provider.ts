import type { OpenToken } from '#platforms/open_token'
import { PlatformError } from '#platforms/types'
import type { OAuthPlatform } from '#shared/oauth'

/*
| One open platform's OAuth authorisation-code flow, as the connect service
| and the refresh job use it: the authorise page's URL, the code exchange,
| and (where the platform has one) the refresh. Answers are read into the
| studio's OpenToken with lifetimes taken from the answer itself
| (expires_in, refresh_expires_in …). Secrets come from the provider's
| options (env, api/platforms/oauth/providers.ts); no token, code or secret
| is ever put in an error message.
*/

interface OAuthCredentials {
  /** client_key (ByteDance), app_id (Kuaishou), client_id / App Key (Weibo). */
  clientId: string
  clientSecret: string
}

export interface OAuthProviderOptions {
  /** The token endpoints' base URL. */
  baseUrl: string
  /** The authorise page's base URL, when it is not `baseUrl`. */
  authorizeBase?: string
  /** null when the env does not give them (the provider then says what is missing). */
  credentials: OAuthCredentials | null
  /** The env names that would give the credentials, for the "not configured" message. */
  credentialNames: string[]
  scope: string
  timeoutMs?: number
}

/** What a code exchange gives: the login, and the platform's id of the user it belongs to. */
export interface OAuthGrant {
  token: OpenToken
  /** Weibo's uid, ByteDance's and Kuaishou's open_id. */
  userId: string | null
}

export interface OAuthProvider {
  readonly platform: OAuthPlatform
  /** "Douyin", in messages and logs. */
  readonly label: string
  /** Whether the platform renews a login without the person (Weibo: not for ordinary apps). */
  readonly refreshable: boolean
  /** The env names that are not set (empty when the provider can be used). */
  missing(): string[]
  authorizeUrl(input: { state: string; redirectUri: string }): string
  exchange(code: string, redirectUri: string): Promise<OAuthGrant>
  /** A renewed login; the refresh token's own renewal where the platform has one. */
  refresh(token: OpenToken): Promise<OpenToken>
  /** A new refresh token for one about to lapse, where the platform renews them (ByteDance). */
  renewRefreshToken?(token: OpenToken): Promise<OpenToken>
}

/** Refuses to go on without credentials: 'not_configured', naming the env. */
export function credentialsOf(
  platform: OAuthPlatform,
  label: string,
  options: OAuthProviderOptions
): OAuthCredentials {
  if (options.credentials) return options.credentials
  throw new PlatformError(
    platform,
    'not_configured',
    `${label} sign-in is not set up on this server: set ${options.credentialNames.join(' and ')}`,
    { retryable: false }
  )
}

/** `message` with every one of `secrets` replaced by a mask (a platform may echo the code back). */
export function scrub(message: string, secrets: (string | null | undefined)[]) {
  let clean = message
  for (const secret of secrets) {
    if (secret && secret.length >= 4) clean = clean.split(secret).join('••••')
  }
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean
}

/** A string field of an answer, or null. */
export function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}
