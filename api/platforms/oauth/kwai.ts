import { DateTime } from 'luxon'
import { OpenHttp, type Json } from '#platforms/open_http'
import { expiryAfter, type OpenToken } from '#platforms/open_token'
import { PlatformError, type PlatformErrorCode } from '#platforms/types'
import {
  credentialsOf,
  scrub,
  text,
  type OAuthGrant,
  type OAuthProvider,
  type OAuthProviderOptions,
} from '#platforms/oauth/provider'

/*
| Kuaishou open platform OAuth (open.kuaishou.com, "快手登录"):
|
| - authorise: GET oauth2/connect?app_id&scope&response_type=code&redirect_uri&state
| - GET oauth2/access_token?app_id&app_secret&code&grant_type=authorization_code
|   → {result: 1, access_token, expires_in (48 h), refresh_token,
|   refresh_token_expires_in (180 days), open_id, scopes}
| - GET oauth2/refresh_token?app_id&app_secret&refresh_token&grant_type=refresh_token:
|   a new access token and a new refresh token (the old one void); the new
|   refresh token inherits the old one's expiry, which the answer states
|
| result 1 is success; any other value is one of the documented oauth2.0
| error codes, with `error` / `error_msg` beside it.
*/

const CODES: Record<number, { code: PlatformErrorCode; retryable: boolean }> = {
  100200100: { code: 'bad_response', retryable: false }, // parameter missing or wrong
  100200101: { code: 'not_configured', retryable: false }, // invalid client (app, callback)
  100200102: { code: 'auth', retryable: false }, // request refused (invalid token …)
  100200103: { code: 'bad_response', retryable: false }, // response_type wrong
  100200104: { code: 'bad_response', retryable: false }, // grant_type not supported
  100200105: { code: 'auth', retryable: false }, // code wrong
  100200106: { code: 'not_configured', retryable: false }, // scope wrong
  100200107: { code: 'auth', retryable: false }, // invalid open_id
  100200108: { code: 'auth', retryable: false }, // access_token expired
  100200109: { code: 'auth', retryable: false }, // the user withdrew the app's authorisation
  100200110: { code: 'auth', retryable: false }, // the user's authorisation expired
  100200111: { code: 'auth', retryable: false }, // the user never authorised
  100200113: { code: 'auth', retryable: false }, // refresh_token expired
  100200500: { code: 'upstream', retryable: true }, // internal error
}

export default class KwaiOAuth implements OAuthProvider {
  readonly platform = 'kwai' as const
  readonly label = 'Kuaishou'
  readonly refreshable = true
  readonly #http: OpenHttp

  constructor(readonly options: OAuthProviderOptions) {
    this.#http = new OpenHttp('kwai', this.label, options.baseUrl, options.timeoutMs)
  }

  missing() {
    return this.options.credentials ? [] : this.options.credentialNames
  }

  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
    const { clientId } = credentialsOf(this.platform, this.label, this.options)
    const base = this.options.authorizeBase ?? this.options.baseUrl
    const url = new URL('oauth2/connect', base.endsWith('/') ? base : `${base}/`)
    url.searchParams.set('app_id', clientId)
    url.searchParams.set('scope', this.options.scope)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('redirect_uri', redirectUri)
    url.searchParams.set('state', state)
    return url.toString()
  }

  async exchange(code: string): Promise<OAuthGrant> {
    const { clientId, clientSecret } = credentialsOf(this.platform, this.label, this.options)
    const body = await this.#get(
      'oauth2/access_token',
      { app_id: clientId, app_secret: clientSecret, code, grant_type: 'authorization_code' },
      [code, clientSecret]
    )
    const token = this.#tokenOf(body, null)
    return { token, userId: token.openId }
  }

  async refresh(token: OpenToken): Promise<OpenToken> {
    const { clientId, clientSecret } = credentialsOf(this.platform, this.label, this.options)
    if (!token.refreshToken) {
      throw new PlatformError('kwai', 'auth', 'Kuaishou login has no refresh token', {
        retryable: false,
      })
    }
    const body = await this.#get(
      'oauth2/refresh_token',
      {
        app_id: clientId,
        app_secret: clientSecret,
        refresh_token: token.refreshToken,
        grant_type: 'refresh_token',
      },
      [token.refreshToken, clientSecret]
    )
    return this.#tokenOf(body, token)
  }

  async #get(path: string, query: Record<string, string>, secrets: (string | null)[]) {
    const answer = await this.#http.call(path, { query })
    const body = answer.body!
    const result = Number(body.result)
    if (result !== 1) {
      const known = CODES[result]
      const detail = scrub(text(body.error_msg) ?? text(body.error) ?? '', secrets)
      throw new PlatformError(
        'kwai',
        known?.code ?? 'bad_response',
        `Kuaishou refused ${path}: ${Number.isFinite(result) ? result : 'no result'}${detail ? ` ${detail}` : ''}`,
        {
          retryable: known?.retryable ?? false,
          upstreamCode: Number.isFinite(result) ? result : undefined,
        }
      )
    }
    return body
  }

  #tokenOf(body: Json, before: OpenToken | null): OpenToken {
    const accessToken = text(body.access_token)
    if (!accessToken) {
      throw new PlatformError('kwai', 'bad_response', "Kuaishou's answer holds no login", {
        retryable: false,
      })
    }
    const now = DateTime.now()
    const scopes = Array.isArray(body.scopes)
      ? body.scopes.filter((s: unknown) => typeof s === 'string')
      : []
    return {
      accessToken,
      refreshToken: text(body.refresh_token) ?? before?.refreshToken ?? null,
      openId: text(body.open_id) ?? before?.openId ?? null,
      expiresAt: expiryAfter(body.expires_in, now),
      refreshExpiresAt:
        expiryAfter(body.refresh_token_expires_in, now) ?? before?.refreshExpiresAt ?? null,
      scope: scopes.length ? scopes.join(',') : (before?.scope ?? null),
    }
  }
}
