import type { HttpContext } from '@adonisjs/core/http'
import Creator from '#models/creator'
import { actorOf } from '#services/actor'
import CreatorReadService from '#services/creator_read_service'
import CreatorService from '#services/creator_service'
import {
  creatorAliasMemoValidator,
  creatorMemoListValidator,
  creatorMemoValidator,
} from '#validators/creator'
import { API_STATUS } from '#shared/constants'

/** A creator's memo history (SPEC §2 detail "memo", §3 "text history per creator"). */
export default class CreatorMemosController {
  /** GET /api/creators/:id/memos — newest first. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const memos = await CreatorReadService.memos(Number(ctx.params.id))
    ctx.response.header('x-total-count', String(memos.length))
    return memos
  }

  /** POST /api/creators/:id/memos — 201 with the memo. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('memo')
    const creator = await Creator.findOrFail(Number(ctx.params.id))
    const { body } = await ctx.request.validateUsing(creatorMemoValidator)
    ctx.response.status(201)
    return CreatorService.addMemo(creator, body, actorOf(ctx))
  }

  /** GET /api/creator/remark/list?creator_id= */
  async aliasIndex(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const { creator_id: creatorId } = await ctx.request.validateUsing(creatorMemoListValidator, {
      data: ctx.request.all(),
    })
    const items = await CreatorReadService.memos(creatorId)
    return { status: API_STATUS.OK, data: { items, total: items.length } }
  }

  /** POST /api/creator/remark/add {creator_id, body} */
  async aliasStore(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('memo')
    const { creator_id: creatorId, body } =
      await ctx.request.validateUsing(creatorAliasMemoValidator)
    const creator = await Creator.findOrFail(creatorId)
    return {
      status: API_STATUS.OK,
      data: await CreatorService.addMemo(creator, body, actorOf(ctx)),
    }
  }
}
