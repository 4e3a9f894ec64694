import type { HttpContext } from '@adonisjs/core/http'
import CreatorReadService from '#services/creators/creator_read_service'
import CreatorService from '#services/creators/creator_service'
import MemoService from '#services/creators/memo_service'
import RevealService from '#services/creators/reveal_service'
import { presentMemo } from '#services/creators/memo_presenter'
import PlatformAccountReadService from '#services/platform_accounts/platform_account_read_service'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listEnvelope, wholeList } from '#support/pagination'
import {
  creatorAliasDeleteValidator,
  creatorAliasRevealValidator,
  creatorIdValidator,
  creatorListValidator,
  creatorMetaOf,
  creatorStoreValidator,
  creatorUpdateValidator,
} from '#validators/creator'
import {
  creatorAliasBaiduTokenValidator,
  creatorAliasMemoValidator,
  creatorMemoListValidator,
} from '#validators/creator_account'
import { API_STATUS } from '#shared/constants'

/**
 * The SPEC §7 creator paths under /api/creator: ids in the query or the
 * body, answers in the `{status: 0, data}` envelope. The same policies and
 * services as the REST resource (controllers/creators_controller.ts,
 * creator_memos_controller.ts, creator_accounts_controller.ts).
 */
export default class SpecCreatorsController {
  /** The query string and the body together (form-encoded or JSON). */
  #input(ctx: HttpContext) {
    return { ...ctx.request.qs(), ...ctx.request.body() }
  }

  /** GET /api/creator/list and /api/creator/search (q) */
  async list(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    const filters = await ctx.request.validateUsing(creatorListValidator, {
      data: ctx.request.qs(),
    })
    return ok(await CreatorReadService.list(filters, ctx.auth.getUserOrFail()))
  }

  /** GET /api/creator/panel — the list's counts. */
  async panel({ bouncer }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    return ok(await CreatorReadService.summary())
  }

  /** GET /api/creator/info?id= */
  async info(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(creatorIdValidator, { data: this.#input(ctx) })
    return ok(await CreatorReadService.detail(id, ctx.auth.getUserOrFail()))
  }

  /** GET /api/creator/account/info?id= — the creator's platform accounts, no secret. */
  async accounts(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(creatorIdValidator, { data: ctx.request.qs() })
    return ok(await PlatformAccountReadService.forCreator(id, ctx.auth.getUserOrFail()))
  }

  /** POST /api/creator/add */
  async add(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('create')
    const input = await ctx.request.validateUsing(creatorStoreValidator, { meta: {} })
    const creator = await CreatorService.create(input, actorOf(ctx))
    return ok(await CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail()))
  }

  /** PUT|POST /api/creator/update — the id in the body. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const data = this.#input(ctx)
    const { id } = await ctx.request.validateUsing(creatorIdValidator, { data })
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(id, actor.user)
    const { security_code: code, ...input } = await ctx.request.validateUsing(
      creatorUpdateValidator,
      { data, meta: creatorMetaOf(creator) }
    )
    await CreatorService.update(creator, input, actor, code)
    return ok(await CreatorReadService.detail(creator.id, actor.user))
  }

  /** POST|DELETE /api/creator/delete — the id and the security code in the body. */
  async delete(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('delete')
    const { id, security_code: code } = await ctx.request.validateUsing(
      creatorAliasDeleteValidator,
      { data: this.#input(ctx) }
    )
    const actor = actorOf(ctx)
    await CreatorService.delete(await CreatorService.find(id, actor.user), actor, code)
    return { status: API_STATUS.OK }
  }

  /** POST /api/creator/privacy/ — one level of private data, the id in the body. */
  async privacy(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { id, level, code } = await ctx.request.validateUsing(creatorAliasRevealValidator, {
      data: this.#input(ctx),
    })
    await ctx.bouncer.with('CreatorPolicy').authorize('reveal', level)
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(id, actor.user)
    return ok(await RevealService.reveal(creator, level, code, actor))
  }

  /** GET /api/creator/remark/list?creator_id= — the memo history, newest first. */
  async remarks(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { creator_id: creatorId } = await ctx.request.validateUsing(creatorMemoListValidator, {
      data: ctx.request.all(),
    })
    const memos = await MemoService.list(creatorId, ctx.auth.getUserOrFail())
    return ok(listEnvelope(wholeList(memos), presentMemo))
  }

  /** POST /api/creator/remark/add {creator_id, body} */
  async addRemark(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('memo')
    const { creator_id: creatorId, body } =
      await ctx.request.validateUsing(creatorAliasMemoValidator)
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(creatorId, actor.user)
    return ok(presentMemo(await MemoService.add(creator, body, actor)))
  }

  /** POST /api/creator/modifiy_baidu_token (SPEC §7 spelling) — the id in the body. */
  async baiduToken(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const { id, ...input } = await ctx.request.validateUsing(creatorAliasBaiduTokenValidator, {
      data: ctx.request.all(),
    })
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(id, actor.user)
    await CreatorService.setBaiduToken(creator, input, actor)
    return ok(await CreatorReadService.detail(creator.id, actor.user))
  }
}
