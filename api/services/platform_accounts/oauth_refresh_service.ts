import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import CreatorPlatformAccount from '#models/creator_platform_account'
import { lapseOf } from '#services/platform_accounts/oauth_connect_service'
import { oauthProvider } from '#platforms/oauth/providers'
import type { OAuthProvider } from '#platforms/oauth/provider'
import { readOpenToken, storeOpenToken, type OpenToken } from '#platforms/open_token'
import { PlatformError } from '#platforms/types'
import { encryptPrivate } from '#support/private_data'
import { affectedRows, sqlDateTime } from '#support/sql'
import { ACCESS_STATUS } from '#shared/constants'
import StudioException from '#exceptions/studio_exception'
import { isOAuthPlatform, OAUTH_PLATFORMS, type OAuthPlatform } from '#shared/oauth'

/**
 * How long before its end a login is renewed, by platform: the job runs
 * daily, so the margin is over a day (Kuaishou's access tokens last 48 h
 * and are renewed every run; ByteDance's last 15 days).
 */
const REFRESH_MARGIN_HOURS: Record<OAuthPlatform, number> = {
  douyin: 72,
  xigua: 72,
  kwai: 36,
  weibo: 0,
}

/** Refusals that mean the login itself is gone (the person must connect again). */
const LOST = new Set(['auth', 'captcha', 'not_supported'])

interface RefreshSummary {
  checked: number
  renewed: number
  failed: number
  unchanged: number
  /** Renewals another run wrote first (this one's answer discarded). */
  raced: number
}

/**
 * The daily renewal of OAuth logins (tokens:platform:refresh): every stored
 * open-platform login of a refreshable platform whose access token ends
 * within its margin is refreshed, and a ByteDance refresh token ending
 * within the margin is renewed too, before the SPEC §4 re-authorisation.
 * A login the platform refuses (or whose refresh token has lapsed) is
 * marked token status 1 "cannot access" with the reason in token_error;
 * a transient failure (network, rate limit, 5xx) only records its reason
 * and is tried again next run.
 *
 * Safe to run twice: every write is conditional on the ciphertext it read,
 * so a run that lost a race with another leaves the other's newer login
 * alone (and does not mark it failed). Weibo logins are never refreshed:
 * they lapse at their expiry and the alerts ask for a reconnect.
 */
export default class OAuthRefreshService {
  static async run(now: DateTime = DateTime.utc()): Promise<RefreshSummary> {
    const summary: RefreshSummary = { checked: 0, renewed: 0, failed: 0, unchanged: 0, raced: 0 }
    const platforms = OAUTH_PLATFORMS.filter((platform) => REFRESH_MARGIN_HOURS[platform] > 0)
    const providers = new Map<OAuthPlatform, OAuthProvider>()
    for (const platform of platforms) {
      const provider = oauthProvider(platform)
      if (provider.refreshable && provider.missing().length === 0) providers.set(platform, provider)
    }
    if (providers.size === 0) return summary
    const accounts = await CreatorPlatformAccount.query()
      .whereIn('platform', [...providers.keys()])
      .where('active', true)
      .whereNotNull('token_encrypted')
      .orderBy('id')
    for (const account of accounts) {
      const token = readOpenToken(account.getToken())
      if (!token?.refreshToken) continue
      summary.checked++
      const provider = providers.get(account.platform as OAuthPlatform)!
      const outcome = await this.#renew(account, provider, token, now)
      summary[outcome]++
    }
    logger.info(summary, 'tokens:platform:refresh finished')
    return summary
  }

  /**
   * When the daily renewal takes an account's login: from its access
   * token's end less the platform's margin (`opens_at`), until its refresh
   * token's end; `refreshable` false for a login the job never renews (Weibo,
   * a pasted token, one without a refresh token). Never a token value.
   */
  static windowOf(account: CreatorPlatformAccount) {
    const platform = account.platform
    const token = account.tokenEncrypted ? readOpenToken(account.getToken()) : null
    const at = (iso: string | null | undefined) =>
      iso ? DateTime.fromISO(iso, { zone: 'utc' }) : null
    const margin = isOAuthPlatform(platform) ? REFRESH_MARGIN_HOURS[platform] : 0
    const refreshable = Boolean(
      margin > 0 && token?.refreshToken && oauthProvider(platform as OAuthPlatform).refreshable
    )
    const accessEnds = at(token?.expiresAt)
    return {
      refreshable,
      accessExpiresAt: accessEnds,
      refreshExpiresAt: at(token?.refreshExpiresAt),
      opensAt: refreshable && accessEnds ? accessEnds.minus({ hours: margin }) : null,
      lastRefreshedAt: account.tokenRefreshedAt ?? null,
      error: account.tokenError ?? null,
    }
  }

  /**
   * Renews one account's login now, whatever its window says (the crawler
   * service's token refresh): the same renewal, refusal marks and race guard
   * as the daily run. 422 for a login the platform does not renew, 409 when
   * the platform's app is not set up.
   */
  static async refreshAccount(account: CreatorPlatformAccount, now: DateTime = DateTime.utc()) {
    const platform = account.platform
    const token = account.tokenEncrypted ? readOpenToken(account.getToken()) : null
    if (!this.windowOf(account).refreshable || !token) {
      throw new StudioException('crawler_service.errors.not_refreshable', {
        status: 422,
        data: { platform },
      })
    }
    const provider = oauthProvider(platform as OAuthPlatform)
    const missing = provider.missing()
    if (missing.length) {
      throw new StudioException('oauth.errors.not_configured', {
        status: 409,
        data: { platform, names: missing.join(', ') },
      })
    }
    const outcome = await this.#renew(account, provider, token, now, true)
    logger.info({ platform, accountId: account.id, outcome }, 'oauth refresh of one login')
    return outcome
  }

  static async #renew(
    account: CreatorPlatformAccount,
    provider: OAuthProvider,
    token: OpenToken,
    now: DateTime,
    force = false
  ): Promise<keyof Omit<RefreshSummary, 'checked'>> {
    const platform = account.platform as OAuthPlatform
    const margin = now.plus({ hours: REFRESH_MARGIN_HOURS[platform] })
    const at = (iso: string | null) => (iso ? DateTime.fromISO(iso, { zone: 'utc' }) : null)
    const refreshEnds = at(token.refreshExpiresAt)
    const accessEnds = at(token.expiresAt)
    const cap = account.tokenExpiresAt
    if (refreshEnds && refreshEnds <= now) {
      return this.#fail(account, 'auth', `${provider.label}'s refresh token lapsed: connect again`)
    }
    // a refresh token ending within the margin is renewed (ByteDance), unless the SPEC §4
    // re-authorisation comes first; read again after the access refresh, whose answer tells
    const refreshDue = (login: OpenToken) => {
      const ends = at(login.refreshExpiresAt)
      return Boolean(provider.renewRefreshToken && ends && ends <= margin && (!cap || cap > ends))
    }
    const accessDue = force || !accessEnds || accessEnds <= margin
    if (!accessDue && !refreshDue(token)) return 'unchanged'
    let renewed = token
    try {
      if (accessDue) renewed = await provider.refresh(renewed)
      if (refreshDue(renewed)) renewed = await provider.renewRefreshToken!(renewed)
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error
      logger.warn(
        {
          platform,
          accountId: account.id,
          code: error.code,
          upstreamCode: error.options.upstreamCode,
        },
        `oauth refresh refused: ${error.message}`
      )
      if (LOST.has(error.code)) return this.#fail(account, error.code, error.message)
      await this.#write(account, { token_error: `${error.code}: ${error.message}`.slice(0, 500) })
      return 'failed'
    }
    const connectedAt = account.tokenConnectedAt ?? now
    const lapse = lapseOf(provider, platform, renewed, connectedAt)
    const written = await this.#write(account, {
      token_encrypted: encryptPrivate('platform_token', storeOpenToken(renewed)),
      token_status: ACCESS_STATUS.CONNECTED,
      token_expires_at: lapse ? sqlDateTime(lapse) : null,
      token_refreshed_at: sqlDateTime(now),
      token_error: null,
    })
    return written ? 'renewed' : 'raced'
  }

  static async #fail(account: CreatorPlatformAccount, code: string, message: string) {
    const written = await this.#write(account, {
      token_status: ACCESS_STATUS.CANNOT_ACCESS,
      token_error: `${code}: ${message}`.slice(0, 500),
    })
    if (written) await this.#recomputeCreator(account.creatorId)
    return written ? ('failed' as const) : ('raced' as const)
  }

  /** Writes `values` if the login is still the one this run read; whether it was. */
  static async #write(account: CreatorPlatformAccount, values: Record<string, unknown>) {
    const result = await db
      .from('creator_platform_accounts')
      .where('id', account.id)
      .where('token_encrypted', account.tokenEncrypted!)
      .update({ ...values, updated_at: sqlDateTime() })
    return affectedRows(result) === 1
  }

  /** The creator's `failing` follows its account's new status. */
  static async #recomputeCreator(creatorId: number) {
    const { default: Creator } = await import('#models/creator')
    const { default: PlatformAccountService } =
      await import('#services/platform_accounts/platform_account_service')
    await db.transaction(async (trx) => {
      const creator = await Creator.findOrFail(creatorId, { client: trx })
      await PlatformAccountService.recompute(creator, trx)
    })
  }
}
