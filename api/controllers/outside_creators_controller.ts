import type { HttpContext } from '@adonisjs/core/http'
import CrawlerLoginService from '#services/outside/crawler_logins'
import OutsideCreatorService from '#services/outside/outside_creator_service'
import { presentCrawlRun, presentOutsideCreator } from '#services/outside/outside_creator_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import {
  outsideBulkValidator,
  outsideCookieValidator,
  outsideFiguresValidator,
  outsideListValidator,
  outsideMessages,
  outsidePageValidator,
  outsideParseValidator,
  outsideStoreValidator,
  outsideUpdateValidator,
} from '#validators/outside_creators'
import { API_STATUS } from '#shared/constants'

/**
 * Outside creators (SPEC §2 "Outside creators"; issue 29), Refine's
 * simple-rest resource under /api/outside_creators: OutsidePolicy first,
 * then the validator (messages from outside.json), then
 * OutsideCreatorService. The SPEC §7 crawler and owner paths answer the same
 * work in the envelope (controllers/spec_paths/outside_controller.ts).
 */
export default class OutsideCreatorsController {
  #options(ctx: HttpContext, data?: unknown) {
    return { messagesProvider: outsideMessages(ctx.i18n), ...(data ? { data } : {}) }
  }

  /** GET /api/outside_creators */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const params = await ctx.request.validateUsing(
      outsideListValidator,
      this.#options(ctx, ctx.request.qs())
    )
    return listResponse(ctx.response, await OutsideCreatorService.list(params), (row) =>
      presentOutsideCreator(row)
    )
  }

  /** GET /api/outside_creators/:id — counted as an open. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    return presentOutsideCreator(await OutsideCreatorService.open(Number(ctx.params.id)))
  }

  /** POST /api/outside_creators — 201 with the creator. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('create')
    const input = await ctx.request.validateUsing(outsideStoreValidator, this.#options(ctx))
    const creator = await OutsideCreatorService.create(input, actorOf(ctx))
    ctx.response.status(201)
    return presentOutsideCreator(creator)
  }

  /** PATCH /api/outside_creators/:id */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const creator = await OutsideCreatorService.find(Number(ctx.params.id))
    const input = await ctx.request.validateUsing(outsideUpdateValidator, this.#options(ctx))
    return presentOutsideCreator(await OutsideCreatorService.update(creator, input, actorOf(ctx)))
  }

  /** DELETE /api/outside_creators/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('delete')
    const creator = await OutsideCreatorService.find(Number(ctx.params.id))
    await OutsideCreatorService.delete(creator, actorOf(ctx))
    return { status: API_STATUS.OK }
  }

  /** POST /api/outside_creators/:id/start */
  async start(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const creator = await OutsideCreatorService.find(Number(ctx.params.id))
    return presentOutsideCreator(
      await OutsideCreatorService.setState(creator, 'running', actorOf(ctx))
    )
  }

  /** POST /api/outside_creators/:id/stop */
  async stop(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const creator = await OutsideCreatorService.find(Number(ctx.params.id))
    return presentOutsideCreator(
      await OutsideCreatorService.setState(creator, 'stopped', actorOf(ctx))
    )
  }

  /** POST /api/outside_creators/bulk — each line answered. */
  async bulk(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('create')
    const input = await ctx.request.validateUsing(outsideBulkValidator, this.#options(ctx))
    return ok(await OutsideCreatorService.bulkAdd(input, actorOf(ctx)))
  }

  /** POST /api/outside_creators/parse — a link → {platform, uid, url} (422 when not understood). */
  async parse(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const { link, platform } = await ctx.request.validateUsing(
      outsideParseValidator,
      this.#options(ctx, { ...ctx.request.qs(), ...ctx.request.body() })
    )
    return ok(OutsideCreatorService.resolve({ link, platform }))
  }

  /** POST /api/outside_creators/:id/crawl — the finished run (409 while one is in hand). */
  async crawl(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('crawl')
    const creator = await OutsideCreatorService.find(Number(ctx.params.id))
    const run = await OutsideCreatorService.crawlNow(creator, actorOf(ctx))
    return ok(presentCrawlRun(run))
  }

  /** GET /api/outside_creators/:id/runs — the run history, newest first. */
  async runs(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const params = await ctx.request.validateUsing(
      outsidePageValidator,
      this.#options(ctx, ctx.request.qs())
    )
    const page = await OutsideCreatorService.runs(Number(ctx.params.id), params)
    return listResponse(ctx.response, page, (run) => presentCrawlRun(run))
  }

  /** GET /api/outside_creators/:id/figures — the daily figures over time. */
  async figures(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const params = await ctx.request.validateUsing(
      outsideFiguresValidator,
      this.#options(ctx, ctx.request.qs())
    )
    return ok(await OutsideCreatorService.figures(Number(ctx.params.id), params))
  }

  /** GET /api/outside_creators/logins — every platform: how it is crawled, its crawler login. */
  async logins(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    return ok(await CrawlerLoginService.list())
  }

  /** PUT /api/outside_creators/logins — a platform's crawler cookie (none removes it). */
  async setLogin(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const { platform, cookie } = await ctx.request.validateUsing(
      outsideCookieValidator,
      this.#options(ctx)
    )
    return ok(await CrawlerLoginService.set(platform, cookie, actorOf(ctx)))
  }
}
