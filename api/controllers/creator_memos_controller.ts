import type { HttpContext } from '@adonisjs/core/http'
import CreatorService from '#services/creators/creator_service'
import MemoService from '#services/creators/memo_service'
import { presentMemo } from '#services/creators/memo_presenter'
import { actorOf } from '#support/actor'
import { listResponse, wholeList } from '#support/pagination'
import { creatorMemoValidator } from '#validators/creator_account'

/** A creator's memo history (SPEC §2 detail "memo", §3 "text history per creator"). */
export default class CreatorMemosController {
  /** GET /api/creators/:id/memos — newest first. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('show')
    const memos = await MemoService.list(Number(ctx.params.id), ctx.auth.getUserOrFail())
    return listResponse(ctx.response, wholeList(memos), presentMemo)
  }

  /** POST /api/creators/:id/memos — 201 with the memo. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CreatorPolicy').authorize('memo')
    const actor = actorOf(ctx)
    const creator = await CreatorService.find(Number(ctx.params.id), actor.user)
    const { body } = await ctx.request.validateUsing(creatorMemoValidator)
    ctx.response.status(201)
    return presentMemo(await MemoService.add(creator, body, actor))
  }
}
