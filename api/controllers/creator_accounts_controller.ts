import type { HttpContext } from '@adonisjs/core/http'
import CreatorLoginService from '#services/creators/creator_login_service'
import CreatorReadService from '#services/creators/creator_read_service'
import CreatorService from '#services/creators/creator_service'
import PlatformAccountService from '#services/platform_accounts/platform_account_service'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import {
  creatorAccountPasswordValidator,
  creatorAccountValidator,
  creatorBaiduTokenValidator,
} from '#validators/creator_account'
import { PLATFORMS, type PlatformKey } from '#shared/constants'

function platformOf(value: unknown): PlatformKey | undefined {
  return PLATFORMS.find((platform) => platform === value)
}

/**
 * A creator's accounts: the platform accounts (uid, token, cookie), the
 * Baidu app token and the creator's own sign-in account. Each change needs
 * the caller's security code.
 */
export default class CreatorAccountsController {
  /** PUT /api/creators/:id/accounts/:platform → the account JSON. */
  async update(ctx: HttpContext) {
    const { bouncer, request, params } = ctx
    await bouncer.with('CreatorPolicy').authorize('edit')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(params.id), actor.user)
    const {
      platform,
      security_code: code,
      ...changes
    } = await request.validateUsing(creatorAccountValidator, {
      data: { ...request.all(), platform: params.platform },
      meta: { creatorId: creator.id, platform: platformOf(params.platform) },
    })
    return PlatformAccountService.update(creator, platform, changes, actor, code)
  }

  /** PUT /api/creators/:id/baidu-token → the creator's detail. */
  async baiduToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const input = await ctx.request.validateUsing(creatorBaiduTokenValidator)
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    await CreatorService.setBaiduToken(creator, input, actor)
    return CreatorReadService.detail(creator.id, actor.user)
  }

  /** PUT /api/creators/:id/account-password → {status: 0, data: {id, email, status, created}}. */
  async password(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('changePassword')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    const input = await ctx.request.validateUsing(creatorAccountPasswordValidator)
    return ok(await CreatorLoginService.setPassword(creator, input, actor))
  }
}
