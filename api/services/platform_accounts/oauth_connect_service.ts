import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import StudioException from '#exceptions/studio_exception'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import PlatformOauthConnect from '#models/platform_oauth_connect'
import User from '#models/user'
import AuditService from '#services/audit/audit_service'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import { renewalDaysOf } from '#services/platform_accounts/account_state'
import { oauthProvider } from '#platforms/oauth/providers'
import type { OAuthProvider } from '#platforms/oauth/provider'
import { storeOpenToken, type OpenToken } from '#platforms/open_token'
import { PlatformError } from '#platforms/types'
import type { Actor } from '#support/actor'
import { affectedRows, sqlDateTime } from '#support/sql'
import { ACCESS_STATUS } from '#shared/constants'
import { CONNECT_STATE_MINUTES, type ConnectResult, type OAuthPlatform } from '#shared/oauth'

/** Where a callback lands: the creator's edit tab with a result, or nowhere (a state never issued). */
export interface ConnectOutcome {
  result: ConnectResult | 'unknown'
  platform: OAuthPlatform
  creatorId: number | null
  /** Why it failed (a PlatformError code), for the banner. */
  reason?: string
}

/**
 * When an OAuth login lapses without anybody acting (token_expires_at, which
 * the expiry alerts read): a login the refresh job keeps renewing lapses at
 * its refresh token's end — for ByteDance, whose refresh tokens are renewed
 * too, at the SPEC §4 re-authorisation (Xigua 30, Douyin 90 days after
 * connecting) — and one without a refresh token (Weibo) at its access
 * token's end; never later than the SPEC §4 re-authorisation.
 */
export function lapseOf(
  provider: Pick<OAuthProvider, 'refreshable' | 'renewRefreshToken'>,
  platform: OAuthPlatform,
  token: OpenToken,
  connectedAt: DateTime
): DateTime | null {
  const days = renewalDaysOf(platform)
  const cap = days ? connectedAt.plus({ days }) : null
  const at = (iso: string | null) => (iso ? DateTime.fromISO(iso, { zone: 'utc' }) : null)
  let lapse: DateTime | null
  if (provider.refreshable && token.refreshToken) {
    lapse =
      provider.renewRefreshToken && cap ? cap : (at(token.refreshExpiresAt) ?? at(token.expiresAt))
  } else {
    lapse = at(token.expiresAt)
  }
  if (cap && (!lapse || cap < lapse)) lapse = cap
  return lapse
}

/**
 * OAuth connects of open-platform accounts (issue 28 §2). `start` stores a
 * pending connect (the state's hash, bound to creator, account and staff
 * member, CONNECT_STATE_MINUTES of life) and answers the platform's
 * authorise URL; `callback` takes the state once, exchanges the code and
 * stores the login encrypted in token_encrypted (status 0, expiry from the
 * answer, connected now, Weibo's uid when the account has none), the
 * creator's totals and an audit row in one transaction. A refused, expired,
 * replayed or unknown state writes no account, token or audit row; a
 * refused one spends its state.
 */
export default class OAuthConnectService {
  static async start(creator: Creator, platform: OAuthPlatform, actor: Actor, origin: string) {
    const provider = this.#provider(platform)
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', creator.id)
      .where('platform', platform)
      .first()
    const state = randomBytes(32).toString('base64url')
    const redirectUri = `${origin.replace(/\/+$/, '')}/api/oauth/${platform}/callback`
    const expiresAt = DateTime.utc().plus({ minutes: CONNECT_STATE_MINUTES })
    await PlatformOauthConnect.create({
      stateHash: PlatformOauthConnect.hashOf(state),
      platform,
      creatorId: creator.id,
      accountId: account?.id ?? null,
      userId: actor.user.id,
      redirectUri,
      expiresAt,
      usedAt: null,
      outcome: null,
    })
    return {
      platform,
      url: provider.authorizeUrl({ state, redirectUri }),
      expires_at: expiresAt.toISO(),
    }
  }

  static async callback(
    platform: OAuthPlatform,
    input: { state?: string; code?: string; error?: string },
    ip: string | null
  ): Promise<ConnectOutcome> {
    const unknown: ConnectOutcome = { result: 'unknown', platform, creatorId: null }
    if (!input.state) return unknown
    const connect = await PlatformOauthConnect.query()
      .where('state_hash', PlatformOauthConnect.hashOf(input.state))
      .where('platform', platform)
      .first()
    if (!connect) return unknown
    const outcome = (result: ConnectResult, reason?: string): ConnectOutcome => ({
      result,
      platform,
      creatorId: connect.creatorId,
      reason,
    })
    const now = DateTime.utc()
    if (connect.usedAt) return outcome('replayed')
    if (connect.expiresAt <= now) return outcome('expired')
    // single use: the one callback that takes the state goes on
    const provider = oauthProvider(platform)
    if (provider.missing().length) return outcome('failed', 'not_configured')
    const taken = await db
      .from('platform_oauth_connects')
      .where('id', connect.id)
      .whereNull('used_at')
      .update({ used_at: sqlDateTime(now), updated_at: sqlDateTime(now) })
    if (affectedRows(taken) !== 1) return outcome('replayed')

    if (input.error || !input.code) {
      await this.#settle(connect.id, input.error ? 'denied' : 'failed')
      return input.error ? outcome('denied') : outcome('failed', 'bad_response')
    }

    let grant
    try {
      grant = await provider.exchange(input.code, connect.redirectUri)
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error
      logger.warn(
        {
          platform,
          code: error.code,
          upstreamCode: error.options.upstreamCode,
          creatorId: connect.creatorId,
        },
        `oauth connect refused: ${error.message}`
      )
      await this.#settle(connect.id, 'failed')
      return outcome('failed', error.code)
    }

    await db.transaction(async (trx) => {
      const creator = await Creator.findOrFail(connect.creatorId, { client: trx })
      const user = await User.findOrFail(connect.userId, { client: trx })
      let account = await CreatorPlatformAccount.query({ client: trx })
        .where('creator_id', creator.id)
        .where('platform', platform)
        .first()
      const created = !account
      account ??= new CreatorPlatformAccount().merge({
        creatorId: creator.id,
        platform,
        fans: 0,
        active: true,
        tokenStatus: ACCESS_STATUS.CANNOT_ACCESS,
        cookieStatus: ACCESS_STATUS.CANNOT_ACCESS,
      })
      account.useTransaction(trx)
      account.setToken(storeOpenToken(grant.token))
      account.tokenStatus = ACCESS_STATUS.CONNECTED
      account.tokenConnectedAt = now
      account.tokenExpiresAt = lapseOf(provider, platform, grant.token, now)
      account.tokenRefreshedAt = null
      account.tokenError = null
      // Weibo's uid is the account's own; ByteDance and Kuaishou answer an
      // app-scoped open_id, which stays inside the stored login
      if (platform === 'weibo' && !account.uid && grant.userId) account.uid = grant.userId
      await account.save()
      await PlatformAccountService.recompute(creator, trx, now)
      await AuditService.log(
        { user, ip },
        'creator.account_connect',
        ['creator', creator.id],
        {
          platform,
          account_created: created,
          token_expires_at: account.tokenExpiresAt?.toISO() ?? null,
        },
        trx
      )
      await trx
        .from('platform_oauth_connects')
        .where('id', connect.id)
        .update({ outcome: 'connected', account_id: account.id })
    })
    logger.info({ platform, creatorId: connect.creatorId }, 'oauth connect stored')
    return outcome('connected')
  }

  static #provider(platform: OAuthPlatform) {
    const provider = oauthProvider(platform)
    const missing = provider.missing()
    if (missing.length) {
      throw new StudioException('oauth.errors.not_configured', {
        status: 409,
        data: { platform, names: missing.join(', ') },
      })
    }
    return provider
  }

  static async #settle(id: number, outcome: ConnectResult) {
    await db
      .from('platform_oauth_connects')
      .where('id', id)
      .update({ outcome, updated_at: sqlDateTime() })
  }

  /** Started connects whose life passed a day ago (kept a day to tell "expired" from "unknown"). */
  static async prune(now = DateTime.utc()) {
    const cutoff = sqlDateTime(now.minus({ days: 1 }))
    return Number(
      await db.from('platform_oauth_connects').where('expires_at', '<', cutoff).delete()
    )
  }
}
