import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import type User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import uploads from '#platforms/upload/main'
import type { PlatformAccountRef } from '#platforms/types'
import { UploadError, type LoginCheck, type UploadEvent } from '#platforms/upload/types'
import { decryptPrivate } from '#support/private_data'
import cache from '#services/uploads/upload_lookup_cache'
import LoginCheckService from '#services/platform_accounts/login_health/login_check_service'
import type { PlatformKey } from '#shared/constants'
import type { UploadPlatform } from '#shared/uploads'

/*
| The Upload Station's helpers: a creator's login check per platform before
| anything is sent, the platforms' categories, tag suggestions, events and
| topics. Everything is read through the upload adapters; lists are kept for
| a few minutes (uploadLookups of api/services/caches.ts).
| The stored token or cookie is decrypted only to be sent to its platform,
| and never leaves in an answer.
*/

/** The platform accounts the check endpoints read: the three upload platforms and Weibo. */
export type CheckedPlatform = UploadPlatform | 'weibo'

export type LoginState = 'ok' | 'missing' | 'expired' | 'unreachable'

/** Words of the answers, in the caller's language (the controller passes i18n.t). */
export type Translate = (key: string, data?: Record<string, unknown>) => string

/** The creator's edit screen on the platform's tab, where a token or cookie is fixed. */
function accountLink(creatorId: number, platform: CheckedPlatform) {
  return `/app/modify_creator?id=${creatorId}&tab=${platform}`
}

export default class UploadPlatformService {
  /** The creator (404 when it does not exist or the user may not see it). */
  static async creator(creatorId: number, user: User) {
    const creator = await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .where('id', creatorId)
      .first()
    if (!creator) {
      throw new StudioException('upload_platforms.errors.creator_not_found', { status: 404 })
    }
    return creator
  }

  /**
   * The account's reference for an adapter, with its login decrypted (Haokan
   * falls back to the creator's Baidu token); null when there is no account.
   */
  static async accountRef(creator: Creator, platform: CheckedPlatform) {
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', creator.id)
      .where('platform', platform)
      .first()
    if (!account) return null
    const token =
      decryptPrivate('platform_token', account.tokenEncrypted) ??
      (platform === 'haokan' ? decryptPrivate('baidu_token', creator.baiduTokenEncrypted) : null)
    const ref: PlatformAccountRef = {
      id: account.id,
      creatorId: creator.id,
      platform: platform as PlatformKey,
      uid: account.uid,
      token,
      cookie: decryptPrivate('platform_cookie', account.cookieEncrypted),
      connected: Boolean(account.tokenEncrypted || account.cookieEncrypted || token),
    }
    return { account, ref }
  }

  /**
   * Whether the creator's stored login for `platform` still signs in (asked
   * of the platform), with the SPEC §8 message and the link to fix it.
   */
  static async loginState(creatorId: number, platform: UploadPlatform, user: User, t: Translate) {
    const creator = await this.creator(creatorId, user)
    const found = await this.accountRef(creator, platform)
    const check: LoginCheck =
      found && (found.ref.token || found.ref.cookie)
        ? await uploads.use(platform).checkLogin(found.ref)
        : { ok: false, reason: 'missing' }
    return this.#present(creator.id, platform, check, t)
  }

  /**
   * The account's stored token and cookie state for the token screens
   * (/api/platform_api/bili, xigua, weibo): when they were connected and
   * checked, when they must be renewed, and a live login check: the upload
   * adapter's for Bilibili and Xigua, the account-health check for Weibo.
   */
  static async accountState(
    creatorId: number,
    platform: CheckedPlatform,
    user: User,
    t: Translate
  ) {
    const creator = await this.creator(creatorId, user)
    const found = await this.accountRef(creator, platform)
    const account = found?.account ?? null
    const check: LoginCheck =
      found && (found.ref.token || found.ref.cookie)
        ? platform === 'weibo'
          ? await this.#healthCheck(found.account.id)
          : await uploads.use(platform).checkLogin(found.ref)
        : { ok: false, reason: 'missing' }
    const login = this.#present(creator.id, platform, check, t)
    const renewDays = platform === 'xigua' ? 30 : null
    return {
      creator_id: creator.id,
      platform,
      exists: account !== null,
      uid: account?.uid ?? null,
      channel_name: account?.channelName ?? null,
      channel_url: account?.channelUrl ?? null,
      has_token: Boolean(account?.tokenEncrypted),
      has_cookie: Boolean(account?.cookieEncrypted),
      token_status: account?.tokenStatus ?? 1,
      cookie_status: account?.cookieStatus ?? 1,
      token_connected_at: account?.tokenConnectedAt?.toISO() ?? null,
      token_expires_at: account?.tokenExpiresAt?.toISO() ?? null,
      token_renew_by:
        renewDays && account?.tokenConnectedAt
          ? account.tokenConnectedAt.plus({ days: renewDays }).toISO()
          : null,
      cookie_entered_at: account?.cookieEnteredAt?.toISO() ?? null,
      cookie_checked_at: account?.cookieCheckedAt?.toISO() ?? null,
      cookie_recheck_by: account?.cookieCheckedAt?.plus({ days: 30 }).toISO() ?? null,
      login,
      link: accountLink(creator.id, platform),
    }
  }

  static async categories(platform: UploadPlatform, creatorId: number | undefined, user: User) {
    const ref = await this.#optionalRef(platform, creatorId, user)
    return this.#cached(platform, 'categories', ref, '', () =>
      uploads.use(platform).categories(ref)
    )
  }

  static async tags(
    platform: UploadPlatform,
    input: { keyword: string; category?: string; creatorId?: number },
    user: User
  ) {
    const ref = await this.#optionalRef(platform, input.creatorId, user)
    const adapter = uploads.use(platform)
    if (!adapter.tags) return []
    const key = `${input.category ?? ''}|${input.keyword}`
    return this.#cached(platform, 'tags', ref, key, () =>
      adapter.tags!(ref, { keyword: input.keyword, category: input.category ?? null })
    )
  }

  /** Bilibili activities, Xigua events (prize, joined) or Haokan topics matching `keyword`. */
  static async events(
    platform: UploadPlatform,
    input: { keyword?: string; creatorId?: number },
    user: User
  ): Promise<UploadEvent[]> {
    const ref = await this.#optionalRef(platform, input.creatorId, user)
    return this.#cached(platform, 'events', ref, input.keyword ?? '', () =>
      uploads.use(platform).events(ref, { keyword: input.keyword })
    )
  }

  /* ---------------------------------------------------------------- */

  static async #optionalRef(platform: UploadPlatform, creatorId: number | undefined, user: User) {
    if (creatorId === undefined) return null
    const creator = await this.creator(creatorId, user)
    const found = await this.accountRef(creator, platform)
    return found && (found.ref.token || found.ref.cookie) ? found.ref : null
  }

  /** A look-up through the cache; platform failures become the station's 4xx/502 answers. */
  static async #cached<T>(
    platform: UploadPlatform,
    kind: string,
    ref: PlatformAccountRef | null,
    key: string,
    read: () => Promise<T>
  ): Promise<T> {
    try {
      return await cache.remember(`${platform}:${kind}:${ref?.id ?? '-'}:${key}`, read)
    } catch (error) {
      throw platformFailure(platform, ref, error)
    }
  }

  /**
   * Weibo has no upload adapter: its live check is the account-health check
   * (the metrics adapter's checkLogin), recorded on the account as every
   * health check is (login_checked_at, login_check_result, a refused login
   * marked 'cannot access'). A paused platform or an unsure answer reads as
   * unreachable.
   */
  static async #healthCheck(accountId: number): Promise<LoginCheck> {
    const checked = await LoginCheckService.checkAccount(accountId)
    if (!checked) return { ok: false, reason: 'missing' }
    if (checked.result === 'works') return { ok: true }
    if (checked.result === 'refused' || checked.result === 'captcha') {
      return { ok: false, reason: 'expired' }
    }
    return { ok: false, reason: 'unreachable' }
  }

  static #present(creatorId: number, platform: CheckedPlatform, check: LoginCheck, t: Translate) {
    const name = t(`dashboard.platforms.${platform}`)
    const state: LoginState = check.ok ? 'ok' : check.reason
    return {
      creator_id: creatorId,
      platform,
      // which check answered: the upload adapter's, or the account-health check (Weibo)
      via: platform === 'weibo' ? 'login_health' : 'upload',
      state,
      ok: check.ok,
      name: check.ok ? (check.name ?? null) : null,
      message: check.ok
        ? null
        : state === 'expired'
          ? t(`upload_platforms.login.expired.${platform}`)
          : t(`upload_platforms.login.${state}`, { platform: name }),
      link: check.ok || state === 'unreachable' ? null : accountLink(creatorId, platform),
    }
  }
}

/** An adapter's failure as the station's answer: expired login 409, rate limit 429, else 502. */
function platformFailure(platform: UploadPlatform, ref: PlatformAccountRef | null, error: unknown) {
  if (!(error instanceof UploadError)) return error
  if (error.code === 'auth_expired') {
    return new StudioException(`upload_platforms.login.expired.${platform}`, {
      status: 409,
      data: ref ? { link: accountLink(ref.creatorId, platform) } : {},
    })
  }
  if (error.code === 'rate_limited') {
    return new StudioException('upload_platforms.errors.busy', {
      status: 429,
      data: { platform, seconds: Math.ceil((error.options.retryAfterMs ?? 60_000) / 1000) },
    })
  }
  return new StudioException('upload_platforms.errors.unreachable', {
    status: 502,
    data: { platform },
  })
}
