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
| The ByteDance open platform's OAuth (Douyin on open.douyin.com; Toutiao and
| Xigua on open.snssdk.com, the same flow and answers, documented in the
| Douyin Open Platform's "toutiao-or-xigua" section):
|
| - authorise: GET {authorize}?client_key&response_type=code&scope&redirect_uri&state
| - POST oauth/access_token/ (form: client_key, client_secret, code, grant_type)
| - POST oauth/refresh_token/ (form: client_key, grant_type=refresh_token,
|   refresh_token): a new access token (15 days); the refresh token keeps its
|   own lifetime (30 days), which the answer's refresh_expires_in tells
| - POST oauth/renew_refresh_token/ (form: client_key, refresh_token): a new
|   refresh token (30 days, at most 5 times), the old one void at once
|
| Every answer is HTTP 200 with {data: {error_code, description, …}, message};
| error_code 0 is success. A non-empty data.captcha asks for verification.
*/

/** Documented OAuth error codes, by what the studio does about them. */
const CODES: Record<number, { code: PlatformErrorCode; retryable: boolean }> = {
  10002: { code: 'bad_response', retryable: false }, // parameter error
  10003: { code: 'not_configured', retryable: false }, // client_key wrong
  10004: { code: 'not_configured', retryable: false }, // scope/permission missing
  10005: { code: 'bad_response', retryable: false }, // parameter missing
  10006: { code: 'bad_response', retryable: false }, // grant type not supported
  10007: { code: 'auth', retryable: false }, // code expired
  10008: { code: 'auth', retryable: false }, // access_token expired
  10010: { code: 'auth', retryable: false }, // refresh_token expired
  10013: { code: 'not_configured', retryable: false }, // client_key or secret wrong
  10020: { code: 'auth', retryable: false }, // refresh_token renewed too often
  2190002: { code: 'auth', retryable: false }, // access_token invalid
  2190008: { code: 'auth', retryable: false }, // access_token expired
  2100004: { code: 'upstream', retryable: true }, // system busy
}

interface ByteDanceOAuthOptions extends OAuthProviderOptions {
  /** The authorise page's path on authorizeBase: platform/oauth/connect/ (Douyin), oauth/authorize/ (Xigua). */
  authorizePath: string
}

export default class ByteDanceOAuth implements OAuthProvider {
  readonly refreshable = true
  readonly #http: OpenHttp

  constructor(
    readonly platform: 'douyin' | 'xigua',
    readonly label: string,
    readonly options: ByteDanceOAuthOptions
  ) {
    this.#http = new OpenHttp(platform, label, options.baseUrl, options.timeoutMs)
  }

  missing() {
    return this.options.credentials ? [] : this.options.credentialNames
  }

  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
    const { clientId } = credentialsOf(this.platform, this.label, this.options)
    const base = this.options.authorizeBase ?? this.options.baseUrl
    const url = new URL(this.options.authorizePath, base.endsWith('/') ? base : `${base}/`)
    url.searchParams.set('client_key', clientId)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('scope', this.options.scope)
    url.searchParams.set('redirect_uri', redirectUri)
    url.searchParams.set('state', state)
    return url.toString()
  }

  async exchange(code: string): Promise<OAuthGrant> {
    const { clientId, clientSecret } = credentialsOf(this.platform, this.label, this.options)
    const data = await this.#post(
      'oauth/access_token/',
      {
        client_key: clientId,
        client_secret: clientSecret,
        code,
        grant_type: 'authorization_code',
      },
      [code, clientSecret]
    )
    const token = this.#tokenOf(data, null)
    return { token, userId: token.openId }
  }

  async refresh(token: OpenToken): Promise<OpenToken> {
    const { clientId } = credentialsOf(this.platform, this.label, this.options)
    if (!token.refreshToken) {
      throw new PlatformError(this.platform, 'auth', `${this.label} login has no refresh token`, {
        retryable: false,
      })
    }
    const data = await this.#post(
      'oauth/refresh_token/',
      {
        client_key: clientId,
        grant_type: 'refresh_token',
        refresh_token: token.refreshToken,
      },
      [token.refreshToken, token.accessToken]
    )
    return this.#tokenOf(data, token)
  }

  /** A new refresh token for one about to lapse (oauth/renew_refresh_token/). */
  async renewRefreshToken(token: OpenToken): Promise<OpenToken> {
    const { clientId } = credentialsOf(this.platform, this.label, this.options)
    const data = await this.#post(
      'oauth/renew_refresh_token/',
      {
        client_key: clientId,
        refresh_token: token.refreshToken ?? '',
      },
      [token.refreshToken, token.accessToken]
    )
    const refreshToken = text(data.refresh_token)
    if (!refreshToken) throw this.#badAnswer('oauth/renew_refresh_token/')
    return {
      ...token,
      refreshToken,
      // this answer's expires_in is the new refresh token's lifetime
      refreshExpiresAt: expiryAfter(data.expires_in) ?? token.refreshExpiresAt,
    }
  }

  /** The answer's `data`, once its error_code says success. */
  async #post(path: string, form: Record<string, string>, secrets: (string | null)[]) {
    const answer = await this.#http.call(path, { method: 'POST', form })
    const data = answer.body?.data
    if (!data || typeof data !== 'object') throw this.#badAnswer(path)
    const errorCode = Number(data.error_code ?? 0)
    if (text(data.captcha)) {
      throw new PlatformError(
        this.platform,
        'captcha',
        `${this.label} asks for a verification on ${path}`,
        {
          retryable: false,
          upstreamCode: errorCode || undefined,
        }
      )
    }
    if (errorCode !== 0) {
      const known = CODES[errorCode]
      const description = scrub(text(data.description) ?? text(answer.body?.message) ?? '', secrets)
      throw new PlatformError(
        this.platform,
        known?.code ?? 'bad_response',
        `${this.label} refused ${path}: ${errorCode}${description ? ` ${description}` : ''}`,
        { retryable: known?.retryable ?? false, upstreamCode: errorCode }
      )
    }
    return data as Json
  }

  #tokenOf(data: Json, before: OpenToken | null): OpenToken {
    const accessToken = text(data.access_token)
    if (!accessToken) throw this.#badAnswer('oauth/access_token/')
    const now = DateTime.now()
    return {
      accessToken,
      refreshToken: text(data.refresh_token) ?? before?.refreshToken ?? null,
      openId: text(data.open_id) ?? before?.openId ?? null,
      expiresAt: expiryAfter(data.expires_in, now),
      refreshExpiresAt:
        expiryAfter(data.refresh_expires_in, now) ?? before?.refreshExpiresAt ?? null,
      scope: text(data.scope) ?? before?.scope ?? null,
    }
  }

  #badAnswer(path: string) {
    return new PlatformError(
      this.platform,
      'bad_response',
      `${this.label}'s answer to ${path} holds no login`,
      {
        retryable: false,
      }
    )
  }
}
