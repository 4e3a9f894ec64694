import type { HttpContext } from '@adonisjs/core/http'
import StudioException from '#exceptions/studio_exception'
import CreatorService from '#services/creators/creator_service'
import LoginHealthService from '#services/platform_accounts/login_health/login_health_service'
import { presentLoginHealthSummary } from '#services/platform_accounts/login_health/login_health_presenter'
import OAuthConnectService from '#services/platform_accounts/oauth_connect_service'
import OAuthRefreshService from '#services/platform_accounts/oauth_refresh_service'
import PlatformAccountReadService from '#services/platform_accounts/platform_account_read_service'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import {
  presentCookieState,
  presentTokenState,
} from '#services/platform_accounts/crawler_service_presenter'
import MetricRunService from '#services/metrics/run_service'
import { presentRun } from '#services/metrics/run_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { originOf } from '#support/origin'
import { areaMessages } from '#validators/messages'
import {
  crawlerAccountsValidator,
  crawlerCookieValidator,
  crawlerCreatorValidator,
  crawlerRefreshValidator,
  crawlerStatusValidator,
  crawlerTaskValidator,
  crawlerTokenValidator,
} from '#validators/crawler_service'
import { CRAWLER_SERVICES, type CrawlerService } from '#shared/crawler_service'
import { isOAuthPlatform } from '#shared/oauth'
import type { PlatformKey } from '#shared/constants'

/**
 * The SPEC §7 crawler, cookie and token service, on the studio's own server
 * at the paths the spec names (without /api, as /add/white_ip): each path
 * validates, authorises and answers `{status: 0, data}` from the service
 * the screens use — the health centre's summary, the edit tab's account
 * service (cookie and token rules, security code), the OAuth connect and
 * refresh services, the dashboard's collection runs. No answer carries a
 * token or a cookie.
 */
export default class CrawlerServiceController {
  /** GET /all_platform/status?platform= — logins per platform that work, lapse, were refused. */
  async status(ctx: HttpContext) {
    await ctx.bouncer.with('LoginHealthPolicy').authorize('view')
    const input = await this.#validate(ctx, crawlerStatusValidator, ctx.request.qs())
    const summary = await LoginHealthService.summary({
      user: ctx.auth.getUserOrFail(),
      platform: input.platform,
    })
    return ok(presentLoginHealthSummary(summary))
  }

  /** GET /all_platform/cookie?creator_id=&platform= — whether a cookie is stored, and its dates. */
  async cookies(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const input = await this.#validate(ctx, crawlerAccountsValidator, ctx.request.qs())
    const creator = await PlatformAccountReadService.creatorWithAccounts(
      input.creator_id,
      ctx.auth.getUserOrFail(),
      input.platform
    )
    return ok({
      creator_id: creator.id,
      accounts: creator.accounts.map((account) => presentCookieState(account)),
    })
  }

  /**
   * POST /all_platform/cookie {creator_id, platform, uid?, cookie, cookie_2?, security_code} —
   * the edit tab's cookie entry (PlatformAccountService: every export shape, the sign-in
   * cookie alive, Weibo's two cookies or one export, stored encrypted).
   */
  async storeCookie(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const input = await this.#validate(ctx, crawlerCookieValidator, ctx.request.all())
    const actor = actorOf(ctx)
    const creator = await this.#accountCreator(input.creator_id, input.platform, ctx, input.uid)
    const account = await PlatformAccountService.update(
      creator,
      input.platform,
      { cookie: input.cookie, cookie_2: input.cookie_2, ...(input.uid ? { uid: input.uid } : {}) },
      actor,
      input.security_code
    )
    return ok(this.#cookieAnswer(account))
  }

  /** GET /all_platform/token?creator_id=&platform= — token status, expiry and refresh window. */
  async tokens(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const input = await this.#validate(ctx, crawlerAccountsValidator, ctx.request.qs())
    const creator = await PlatformAccountReadService.creatorWithAccounts(
      input.creator_id,
      ctx.auth.getUserOrFail(),
      input.platform
    )
    return ok({
      creator_id: creator.id,
      accounts: creator.accounts.map((account) => presentTokenState(account, creator)),
    })
  }

  /** POST /all_platform/token {creator_id, platform} — renews the account's OAuth login now. */
  async refreshToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('connect')
    const input = await this.#validate(ctx, crawlerRefreshValidator, ctx.request.all())
    const { creator, account } = await this.#account(input.creator_id, input.platform, ctx)
    const outcome = await OAuthRefreshService.refreshAccount(account)
    await account.refresh()
    return ok({ outcome, account: presentTokenState(account, creator) })
  }

  /**
   * POST /<platform>/code {creator_id} — starts the OAuth connect of the account, as the
   * edit tab's Connect button: the platform's authorise URL. 422 where the platform has none.
   */
  async code(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('connect')
    const platform = this.#platform(ctx)
    const input = await this.#validate(ctx, crawlerCreatorValidator, ctx.request.all())
    if (!isOAuthPlatform(platform)) {
      throw new StudioException('crawler_service.errors.connect_not_supported', {
        status: 422,
        data: { platform, name: ctx.i18n.t(`dashboard.platforms.${platform}`) },
      })
    }
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(input.creator_id, actor.user)
    return ok(await OAuthConnectService.start(creator, platform, actor, originOf(ctx)))
  }

  /** GET /<platform>/api/token?creator_id= — the account's token state. */
  async token(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const input = await this.#validate(ctx, crawlerCreatorValidator, ctx.request.qs())
    const { creator, account } = await this.#account(input.creator_id, this.#platform(ctx), ctx)
    return ok(presentTokenState(account, creator))
  }

  /**
   * POST /<platform>/api/token {creator_id, token, security_code} — a pasted token: Baidu's app
   * token (with its app id) for Haokan, as /api/creator/modifiy_baidu_token; the account's token
   * for the others, as the edit tab's token field (connected now, the renewal rules).
   */
  async storeToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const platform = this.#platform(ctx)
    const input = await this.#validate(ctx, crawlerTokenValidator, ctx.request.all())
    const actor = actorOf(ctx)
    if (platform === 'haokan') {
      const creator = await CreatorService.find(input.creator_id, actor.user)
      await CreatorService.setBaiduToken(
        creator,
        {
          baidu_token: input.token,
          ...(input.baidu_app_id ? { baidu_app_id: input.baidu_app_id } : {}),
          security_code: input.security_code,
        },
        actor
      )
      const found = await PlatformAccountReadService.creatorWithAccounts(
        creator.id,
        actor.user,
        platform
      )
      return ok({
        creator_id: creator.id,
        baidu_app_id: found.baiduAppId ?? null,
        baidu_token_present: Boolean(found.baiduTokenEncrypted),
        account: found.accounts[0] ? presentTokenState(found.accounts[0], found) : null,
      })
    }
    const creator = await CreatorService.find(input.creator_id, actor.user)
    await PlatformAccountService.update(
      creator,
      platform,
      { token: input.token },
      actor,
      input.security_code
    )
    const { account } = await this.#account(creator.id, platform, ctx)
    return ok(presentTokenState(account, creator))
  }

  /**
   * POST /<platform>/api/crawler {creator_id} — collects the account now: the dashboard's
   * 'resync data' run scoped to this creator and platform; 202 with the queued run.
   */
  async crawl(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('collect')
    const platform = this.#platform(ctx)
    const input = await this.#validate(ctx, crawlerCreatorValidator, ctx.request.all())
    await this.#account(input.creator_id, platform, ctx)
    const run = await MetricRunService.queue(
      { platform, creator_ids: [input.creator_id] },
      ctx.auth.getUserOrFail()
    )
    ctx.response.status(202)
    return ok(presentRun(run))
  }

  /** GET /<platform>/task?creator_id=&limit= — the account's last collection runs, the next one. */
  async task(ctx: HttpContext) {
    await ctx.bouncer.with('MetricPolicy').authorize('runs')
    const platform = this.#platform(ctx)
    const input = await this.#validate(ctx, crawlerTaskValidator, ctx.request.qs())
    const { account } = await this.#account(input.creator_id, platform, ctx)
    const { runs, nextRunAt } = await MetricRunService.forAccount(
      input.creator_id,
      platform,
      input.limit ?? 10
    )
    return ok({
      creator_id: input.creator_id,
      platform,
      account_id: account.id,
      active: Boolean(account.active),
      last_collected_at: account.lastCollectedAt?.toUTC().toISO() ?? null,
      next_run_at: nextRunAt.toISO(),
      runs: runs.map((run) => presentRun(run)),
    })
  }

  /* ---------------------------------------------------------------- */

  #validate<Schema extends { validate: (...args: any[]) => any }>(
    ctx: HttpContext,
    validator: Schema,
    data: unknown
  ): ReturnType<Schema['validate']> {
    return validator.validate(data, {
      messagesProvider: areaMessages(ctx.i18n, 'crawler_service.validator'),
    })
  }

  /** The platform of a per-platform path (/douyin/…, /baidu/… → haokan, /bili/… → bilibili). */
  #platform(ctx: HttpContext): PlatformKey {
    const service = ctx.route!.pattern.split('/')[1] as CrawlerService
    return CRAWLER_SERVICES[service]
  }

  /** The creator (visible to the user) whose account on `platform` exists; 404 otherwise. */
  async #account(creatorId: number, platform: PlatformKey, ctx: HttpContext) {
    const creator = await PlatformAccountReadService.creatorWithAccounts(
      creatorId,
      ctx.auth.getUserOrFail(),
      platform
    )
    const account = creator.accounts[0]
    if (!account) {
      throw new StudioException('crawler_service.errors.no_account', {
        status: 404,
        data: { platform, name: ctx.i18n.t(`dashboard.platforms.${platform}`) },
      })
    }
    return { creator, account }
  }

  /** The creator of a cookie entry; a uid given must be the stored account's, when it has one. */
  async #accountCreator(
    creatorId: number,
    platform: PlatformKey,
    ctx: HttpContext,
    uid: string | undefined
  ) {
    const creator = await PlatformAccountReadService.creatorWithAccounts(
      creatorId,
      ctx.auth.getUserOrFail(),
      platform
    )
    const stored = creator.accounts[0]?.uid
    if (uid && stored && stored !== uid) {
      throw new StudioException('crawler_service.errors.uid_mismatch', {
        status: 422,
        data: { field: 'uid' },
      })
    }
    return creator
  }

  #cookieAnswer(account: Awaited<ReturnType<typeof PlatformAccountService.update>>) {
    return {
      id: account.id,
      platform: account.platform,
      uid: account.uid,
      cookie_present: account.cookie_present,
      cookie_status: account.cookie_status,
      cookie_entered_at: account.cookie_entered_at,
      cookie_checked_at: account.cookie_checked_at,
      cookie_recheck_due_at: account.cookie_recheck_due_at,
    }
  }
}
