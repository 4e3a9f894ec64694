import type { HttpContext } from '@adonisjs/core/http'
import CreatorReadService from '#services/creators/creator_read_service'
import CreatorService from '#services/creators/creator_service'
import RevealService from '#services/creators/reveal_service'
import { presentAdPrice } from '#services/creators/ad_price_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { setTotal } from '#support/pagination'
import {
  creatorDeleteValidator,
  creatorListValidator,
  creatorMetaOf,
  creatorRevealValidator,
  creatorStoreValidator,
  creatorTerminateValidator,
  creatorUpdateValidator,
} from '#validators/creator'
import { creatorAdPricesValidator } from '#validators/creator_account'
import { API_STATUS } from '#shared/constants'

/**
 * Creators (SPEC §2 list, detail, add and edit), Refine's simple-rest
 * resource under /api/creators. Each action asks CreatorPolicy first (403
 * 'contact the developer'), then validates; CreatorService and
 * CreatorReadService do the work. The SPEC §7 paths of the same actions
 * are answered by controllers/spec_paths/creators_controller.ts.
 */
export default class CreatorsController {
  /**
   * GET /api/creators. A page the same user asked for with the same query in
   * the last seconds is answered as the JSON it was sent as (no validation
   * or serialization again: only a valid query is ever cached); bad input
   * still gets its 422.
   */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    const user = ctx.auth.getUserOrFail()
    const page = await CreatorReadService.cachedPage(
      user,
      ctx.request.parsedUrl.search ?? '',
      async () => {
        const filters = await ctx.request.validateUsing(creatorListValidator, {
          data: ctx.request.qs(),
        })
        const { items, total } = await CreatorReadService.list(filters, user)
        return { body: JSON.stringify(items), total }
      }
    )
    setTotal(ctx.response, page.total)
    ctx.response.header('content-type', 'application/json; charset=utf-8')
    return page.body
  }

  /** GET /api/creators/summary — the list's counts. */
  async summary({ bouncer }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    return ok(await CreatorReadService.summary())
  }

  /** GET /api/creators/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    return CreatorReadService.detail(Number(ctx.params.id), ctx.auth.getUserOrFail())
  }

  /** POST /api/creators — 201 with the detail. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('create')
    const input = await ctx.request.validateUsing(creatorStoreValidator, { meta: {} })
    const creator = await CreatorService.create(input, actorOf(ctx))
    ctx.response.status(201)
    return CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail())
  }

  /** PATCH /api/creators/:id — partial input and the security code. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    const { security_code: code, ...input } = await ctx.request.validateUsing(
      creatorUpdateValidator,
      { data: ctx.request.all(), meta: creatorMetaOf(creator) }
    )
    await CreatorService.update(creator, input, actor, code)
    return CreatorReadService.detail(creator.id, actor.user)
  }

  /** DELETE /api/creators/:id — the security code in the body. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('delete')
    const { security_code: code } = await ctx.request.validateUsing(creatorDeleteValidator, {
      data: { ...ctx.request.qs(), ...ctx.request.body() },
    })
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    await CreatorService.delete(creator, actor, code)
    return { status: API_STATUS.OK }
  }

  /** POST /api/creators/:id/terminate — the termination code and the cancel date. */
  async terminate(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('terminate')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    const input = await ctx.request.validateUsing(creatorTerminateValidator, {
      meta: creatorMetaOf(creator),
    })
    await CreatorService.terminate(creator, input, actor)
    return CreatorReadService.detail(creator.id, actor.user)
  }

  /** POST /api/creators/:id/reveal — one level of private data for REVEAL_SECONDS. */
  async reveal(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { level, code } = await ctx.request.validateUsing(creatorRevealValidator)
    await ctx.bouncer.with('CreatorPolicy').authorize('reveal', level)
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    return ok(await RevealService.reveal(creator, level, code, actor))
  }

  /** PUT /api/creators/:id/ad-prices — replaces the list. */
  async adPrices(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    const { prices } = await ctx.request.validateUsing(creatorAdPricesValidator)
    const rows = await CreatorService.replaceAdPrices(creator, prices, actor)
    return rows.map((row) => presentAdPrice(row))
  }
}
