import { DateTime } from 'luxon'
import { OpenHttp } from '#platforms/open_http'
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
| Weibo open platform OAuth2 (api.weibo.com):
|
| - authorise: GET oauth2/authorize?client_id&redirect_uri&scope&state&response_type=code
| - POST oauth2/access_token (form: client_id, client_secret,
|   grant_type=authorization_code, code, redirect_uri — the same as the
|   authorise call's) → {access_token, expires_in, remind_in, uid}
|
| No refresh: Weibo gives a refresh_token only to apps built on its mobile
| SDKs, not to a web application such as the studio. A Weibo login
| therefore lapses at the expires_in the answer gave; the token then reads
| "cannot access", the expiry alerts (token_expiring, token_expired) say so
| ahead and after, and the fix is to connect again.
|
| Errors are an HTTP 4xx with {error, error_code, request, error_uri,
| error_description} (error_description may echo the code: it is masked).
*/

const CODES: Record<number, { code: PlatformErrorCode; retryable: boolean }> = {
  10022: { code: 'rate_limited', retryable: true }, // IP requests out of rate limit
  10023: { code: 'rate_limited', retryable: true }, // user requests out of rate limit
  10024: { code: 'rate_limited', retryable: true }, // user requests for this API out of rate limit
  21314: { code: 'auth', retryable: false }, // token used
  21315: { code: 'auth', retryable: false }, // token expired
  21316: { code: 'auth', retryable: false }, // token revoked
  21317: { code: 'auth', retryable: false }, // token rejected
  21322: { code: 'not_configured', retryable: false }, // redirect_uri mismatch
  21323: { code: 'bad_response', retryable: false }, // invalid_request
  21324: { code: 'not_configured', retryable: false }, // invalid_client (App Key / Secret)
  21325: { code: 'auth', retryable: false }, // invalid_grant: code invalid, expired or revoked
  21327: { code: 'auth', retryable: false }, // expired_token
  21330: { code: 'auth', retryable: false }, // access_denied
  21332: { code: 'auth', retryable: false }, // invalid access token
}

export default class WeiboOAuth implements OAuthProvider {
  readonly platform = 'weibo' as const
  readonly label = 'Weibo'
  readonly refreshable = false
  readonly #http: OpenHttp

  constructor(readonly options: OAuthProviderOptions) {
    this.#http = new OpenHttp('weibo', this.label, options.baseUrl, options.timeoutMs)
  }

  missing() {
    return this.options.credentials ? [] : this.options.credentialNames
  }

  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
    const { clientId } = credentialsOf(this.platform, this.label, this.options)
    const base = this.options.authorizeBase ?? this.options.baseUrl
    const url = new URL('oauth2/authorize', base.endsWith('/') ? base : `${base}/`)
    url.searchParams.set('client_id', clientId)
    url.searchParams.set('redirect_uri', redirectUri)
    if (this.options.scope) url.searchParams.set('scope', this.options.scope)
    url.searchParams.set('state', state)
    url.searchParams.set('response_type', 'code')
    return url.toString()
  }

  async exchange(code: string, redirectUri: string): Promise<OAuthGrant> {
    const { clientId, clientSecret } = credentialsOf(this.platform, this.label, this.options)
    const path = 'oauth2/access_token'
    const answer = await this.#http.call(path, {
      method: 'POST',
      form: {
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      },
    })
    const body = answer.body!
    const errorCode = Number(body.error_code)
    if (body.error !== undefined || (Number.isFinite(errorCode) && errorCode > 0)) {
      const known = CODES[errorCode]
      const detail = scrub(
        [text(body.error), text(body.error_description)].filter(Boolean).join(' '),
        [code, clientSecret]
      )
      throw new PlatformError(
        'weibo',
        known?.code ?? (answer.status >= 500 ? 'upstream' : 'bad_response'),
        `Weibo refused ${path}: ${Number.isFinite(errorCode) ? errorCode : answer.status}${detail ? ` ${detail}` : ''}`,
        {
          retryable: known?.retryable ?? answer.status >= 500,
          upstreamCode: Number.isFinite(errorCode) ? errorCode : answer.status,
        }
      )
    }
    const accessToken = text(body.access_token)
    if (!accessToken) {
      throw new PlatformError('weibo', 'bad_response', "Weibo's answer holds no login", {
        retryable: false,
      })
    }
    const uid = text(body.uid)
    const token: OpenToken = {
      accessToken,
      refreshToken: null,
      openId: uid,
      expiresAt: expiryAfter(body.expires_in, DateTime.now()),
      refreshExpiresAt: null,
      scope: text(body.scope),
    }
    return { token, userId: uid }
  }

  async refresh(): Promise<OpenToken> {
    throw new PlatformError(
      'weibo',
      'not_supported',
      'Weibo does not renew a login for web applications: connect the account again',
      { retryable: false }
    )
  }
}
