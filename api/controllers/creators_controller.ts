import type { HttpContext } from '@adonisjs/core/http'
import Creator from '#models/creator'
import { actorOf } from '#services/actor'
import CreatorListCache from '#services/creator_list_cache'
import CreatorReadService from '#services/creator_read_service'
import CreatorService from '#services/creator_service'
import SecurityCodeService from '#services/security_code_service'
import {
  creatorAdPricesValidator,
  creatorAliasDeleteValidator,
  creatorAliasRevealValidator,
  creatorDeleteValidator,
  creatorIdValidator,
  creatorListValidator,
  creatorRevealValidator,
  creatorStoreValidator,
  creatorTerminateValidator,
  creatorUpdateValidator,
  type CreatorMeta,
} from '#validators/creator'
import { API_STATUS } from '#shared/constants'

/** The stored values a PATCH is validated against (end date, ratios, exclusivity). */
function metaOf(creator: Creator): CreatorMeta {
  return {
    creatorId: creator.id,
    current: {
      contractDate: creator.contractDate?.toISODate() ?? null,
      videoExclusiveChina: Boolean(creator.videoExclusiveChina),
      adIncomeRatio: creator.adIncomeRatio,
      otherIncomeRatio: creator.otherIncomeRatio,
    },
  }
}

const ok = <T>(data: T) => ({ status: API_STATUS.OK, data })

/**
 * Creators (SPEC §2 list, detail, add and edit). Each action asks
 * CreatorPolicy first (403 'contact the developer'), then validates. Refine's simple-rest routes
 * under /api/creators and the SPEC §7 paths under /api/creator answer from
 * the same methods; the aliases wrap answers in `{status: 0, data}`.
 */
export default class CreatorsController {
  #body(ctx: HttpContext) {
    return { ...ctx.request.qs(), ...ctx.request.body() }
  }

  async #list(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    const filters = await ctx.request.validateUsing(creatorListValidator, {
      data: ctx.request.qs(),
    })
    return CreatorReadService.list(filters, ctx.auth.getUserOrFail())
  }

  async #show(ctx: HttpContext, id: number) {
    return CreatorReadService.detail(id, ctx.auth.getUserOrFail())
  }

  async #store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('create')
    const input = await ctx.request.validateUsing(creatorStoreValidator, { meta: {} })
    const creator = await CreatorService.create(input, actorOf(ctx))
    return CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail())
  }

  async #update(ctx: HttpContext, id: number, data: Record<string, unknown>) {
    const creator = await Creator.findOrFail(id)
    const { security_code: code, ...input } = await ctx.request.validateUsing(
      creatorUpdateValidator,
      { data, meta: metaOf(creator) }
    )
    await SecurityCodeService.verify(ctx.auth.getUserOrFail(), code)
    await CreatorService.update(creator, input, actorOf(ctx))
    return CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail())
  }

  async #destroy(ctx: HttpContext, id: number, code: string) {
    const creator = await Creator.findOrFail(id)
    await SecurityCodeService.verify(ctx.auth.getUserOrFail(), code)
    await CreatorService.delete(creator, actorOf(ctx))
    return { status: API_STATUS.OK }
  }

  async #reveal(ctx: HttpContext, id: number, level: 'L1' | 'L2' | 'L3', code: string) {
    await ctx.bouncer.with('CreatorPolicy').authorize('reveal', level)
    const creator = await Creator.findOrFail(id)
    return ok(await CreatorService.reveal(creator, level, code, actorOf(ctx)))
  }

  /** GET /api/creators — Refine list: array + x-total-count. */
  /**
   * GET /api/creators. A page the same user asked for with the same query in
   * the last seconds is answered from CreatorListCache as the JSON it was
   * sent as (no validation or serialization again: only a valid query is
   * ever cached); bad input still gets its 422.
   */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('list')
    const user = ctx.auth.getUserOrFail()
    const query = ctx.request.parsedUrl.search ?? ''
    const page = await CreatorListCache.remember(`page:${user.id}:${query}`, async () => {
      const { items, total } = await this.#list(ctx)
      return { body: JSON.stringify(items), total }
    })
    ctx.response.header('x-total-count', String(page.total))
    ctx.response.header('content-type', 'application/json; charset=utf-8')
    return page.body
  }

  /** GET /api/creators/summary (and /api/creator/panel) — the list's counts. */
  async summary({ bouncer }: HttpContext) {
    await bouncer.with('CreatorPolicy').authorize('list')
    return ok(await CreatorReadService.summary())
  }

  /** GET /api/creators/:id */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    return this.#show(ctx, Number(ctx.params.id))
  }

  /** POST /api/creators — 201 with the detail. */
  async store(ctx: HttpContext) {
    const detail = await this.#store(ctx)
    ctx.response.status(201)
    return detail
  }

  /** PATCH /api/creators/:id — partial input and the security code. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    return this.#update(ctx, Number(ctx.params.id), ctx.request.all())
  }

  /** DELETE /api/creators/:id — the security code in the body. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('delete')
    const { security_code: code } = await ctx.request.validateUsing(creatorDeleteValidator, {
      data: this.#body(ctx),
    })
    return this.#destroy(ctx, Number(ctx.params.id), code)
  }

  /** POST /api/creators/:id/terminate — the termination code and the cancel date. */
  async terminate(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('terminate')
    const creator = await Creator.findOrFail(Number(ctx.params.id))
    const input = await ctx.request.validateUsing(creatorTerminateValidator, {
      meta: metaOf(creator),
    })
    await CreatorService.terminate(creator, input, actorOf(ctx))
    return CreatorReadService.detail(creator.id, ctx.auth.getUserOrFail())
  }

  /** POST /api/creators/:id/reveal — one level of private data for REVEAL_SECONDS. */
  async reveal(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { level, code } = await ctx.request.validateUsing(creatorRevealValidator)
    return this.#reveal(ctx, Number(ctx.params.id), level, code)
  }

  /** PUT /api/creators/:id/ad-prices — replaces the list. */
  async adPrices(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const creator = await Creator.findOrFail(Number(ctx.params.id))
    const { prices } = await ctx.request.validateUsing(creatorAdPricesValidator)
    return CreatorService.replaceAdPrices(creator, prices, actorOf(ctx))
  }

  /* SPEC §7 paths ------------------------------------------------------ */

  /** GET /api/creator/list and /api/creator/search (q) */
  async aliasList(ctx: HttpContext) {
    return ok(await this.#list(ctx))
  }

  /** GET /api/creator/info?id= */
  async aliasInfo(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(creatorIdValidator, { data: this.#body(ctx) })
    return ok(await this.#show(ctx, id))
  }

  /** POST /api/creator/add */
  async aliasAdd(ctx: HttpContext) {
    return ok(await this.#store(ctx))
  }

  /** PUT|POST /api/creator/update — the id in the body. */
  async aliasUpdate(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('edit')
    const data = this.#body(ctx)
    const { id } = await ctx.request.validateUsing(creatorIdValidator, { data })
    return ok(await this.#update(ctx, id, data))
  }

  /** POST|DELETE /api/creator/delete — the id and the security code in the body. */
  async aliasDelete(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('delete')
    const { id, security_code: code } = await ctx.request.validateUsing(
      creatorAliasDeleteValidator,
      { data: this.#body(ctx) }
    )
    return this.#destroy(ctx, id, code)
  }

  /** POST /api/creator/privacy/ — reveal with the id in the body. */
  async aliasReveal(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { id, level, code } = await ctx.request.validateUsing(creatorAliasRevealValidator, {
      data: this.#body(ctx),
    })
    return this.#reveal(ctx, id, level, code)
  }
}
