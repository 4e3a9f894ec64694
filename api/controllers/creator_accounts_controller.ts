import type { HttpContext } from '@adonisjs/core/http'
import Creator from '#models/creator'
import { actorOf } from '#services/actor'
import CreatorReadService from '#services/creator_read_service'
import CreatorService from '#services/creator_service'
import SecurityCodeService from '#services/security_code_service'
import {
  creatorAccountPasswordValidator,
  creatorAccountValidator,
  creatorAliasBaiduTokenValidator,
  creatorBaiduTokenValidator,
} from '#validators/creator'
import { API_STATUS, PLATFORMS, type PlatformKey } from '#shared/constants'

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
    const creator = await Creator.findOrFail(Number(params.id))
    const {
      platform,
      security_code: code,
      ...changes
    } = await request.validateUsing(creatorAccountValidator, {
      data: { ...request.all(), platform: params.platform },
      meta: { creatorId: creator.id, platform: platformOf(params.platform) },
    })
    await SecurityCodeService.verify(ctx.auth.getUserOrFail(), code)
    return CreatorService.updateAccount(creator, platform, changes, actorOf(ctx))
  }

  async #baiduToken(
    ctx: HttpContext,
    id: number,
    input: { baidu_app_id?: string | null; baidu_token?: string | null; security_code: string }
  ) {
    const creator = await Creator.findOrFail(id)
    await SecurityCodeService.verify(ctx.auth.getUserOrFail(), input.security_code)
    await CreatorService.setBaiduToken(creator, input, actorOf(ctx))
    return CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail())
  }

  /** PUT /api/creators/:id/baidu-token → the creator's detail. */
  async baiduToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const input = await ctx.request.validateUsing(creatorBaiduTokenValidator)
    return this.#baiduToken(ctx, Number(ctx.params.id), input)
  }

  /** POST /api/creator/modifiy_baidu_token (SPEC §7) — the id in the body. */
  async aliasBaiduToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const { id, ...input } = await ctx.request.validateUsing(creatorAliasBaiduTokenValidator, {
      data: ctx.request.all(),
    })
    return { status: API_STATUS.OK, data: await this.#baiduToken(ctx, id, input) }
  }

  /** PUT /api/creators/:id/account-password → {status: 0, data: {id, email, status, created}}. */
  async password(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('changePassword')
    const creator = await Creator.findOrFail(Number(ctx.params.id))
    const { security_code: code, ...input } = await ctx.request.validateUsing(
      creatorAccountPasswordValidator
    )
    await SecurityCodeService.verify(ctx.auth.getUserOrFail(), code)
    return {
      status: API_STATUS.OK,
      data: await CreatorService.setAccountPassword(creator, input, actorOf(ctx)),
    }
  }
}
