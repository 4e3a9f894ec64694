import type { HttpContext } from '@adonisjs/core/http'
import CrawlerLoginService from '#services/outside/crawler_logins'
import OutsideCreatorService from '#services/outside/outside_creator_service'
import {
  presentCrawlRun,
  presentOutsideCreator,
  presentOwnerVideo,
} from '#services/outside/outside_creator_presenter'
import type OutsideCreator from '#models/outside_creator'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listEnvelope } from '#support/pagination'
import {
  outsideCookieValidator,
  outsideListValidator,
  outsideMessages,
  outsidePageValidator,
  outsideParseValidator,
  outsideStoreValidator,
  outsideTaskUpdateValidator,
  outsideTaskValidator,
  outsideTimesValidator,
} from '#validators/outside_creators'

/** A task's scraping times as /scheduler/api/time/ and /owner/task/time answer them. */
function timesOf(creator: OutsideCreator) {
  const task = presentOutsideCreator(creator)
  return {
    id: task.id,
    state: task.state,
    interval_days: task.interval_days,
    interval_hours: task.interval_hours,
    custom_times: task.custom_times,
    next_run_at: task.next_run_at,
  }
}

/**
 * The SPEC §7 crawler service paths (/creator/task, /scheduler/api/task/,
 * /scheduler/api/time/, /scheduler/parse/) and the owner and cookie
 * service's (/owner/owner_list, owner, cookie, video, task, task/time,
 * platform), answering on the outside creators in the `{status: 0, data}`
 * envelope: ids and fields in the query or the body (form-encoded or JSON),
 * the same OutsidePolicy and OutsideCreatorService as /api/outside_creators.
 */
export default class SpecOutsideController {
  #options(ctx: HttpContext) {
    return {
      data: { ...ctx.request.qs(), ...ctx.request.body() },
      messagesProvider: outsideMessages(ctx.i18n),
    }
  }

  /** GET /api/creator/task, /api/owner/owner_list, /api/scheduler/api/task/ without id — {items, total}. */
  async list(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const params = await ctx.request.validateUsing(outsideListValidator, this.#options(ctx))
    return ok(listEnvelope(await OutsideCreatorService.list(params), presentOutsideCreator))
  }

  /** POST /api/creator/task, /api/owner/owner — adds a task from a link or a platform + uid. */
  async add(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('create')
    const input = await ctx.request.validateUsing(outsideStoreValidator, this.#options(ctx))
    return ok(presentOutsideCreator(await OutsideCreatorService.create(input, actorOf(ctx))))
  }

  /** GET /api/owner/owner?id= — one creator (counted as an open). */
  async owner(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(outsideTaskValidator, this.#options(ctx))
    return ok(presentOutsideCreator(await OutsideCreatorService.open(id)))
  }

  /** GET /api/scheduler/api/task/ — the list, or with `id` one task. */
  async task(ctx: HttpContext) {
    const { id } = { ...ctx.request.qs(), ...ctx.request.body() }
    if (id === undefined || id === '') return this.list(ctx)
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const params = await ctx.request.validateUsing(outsideTaskValidator, this.#options(ctx))
    return ok(presentOutsideCreator(await OutsideCreatorService.find(params.id)))
  }

  /**
   * POST /api/scheduler/api/task/ and /api/owner/task — with `id`, the
   * task's state and the settings given; without, a new task.
   */
  async saveTask(ctx: HttpContext) {
    const { id } = { ...ctx.request.qs(), ...ctx.request.body() }
    if (id === undefined || id === '') return this.add(ctx)
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const { id: taskId, ...input } = await ctx.request.validateUsing(
      outsideTaskUpdateValidator,
      this.#options(ctx)
    )
    const creator = await OutsideCreatorService.find(taskId)
    return ok(
      presentOutsideCreator(await OutsideCreatorService.update(creator, input, actorOf(ctx)))
    )
  }

  /** GET /api/owner/task?id= — one task with its latest runs. */
  async ownerTask(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(outsideTaskValidator, this.#options(ctx))
    const creator = await OutsideCreatorService.find(id)
    const runs = await OutsideCreatorService.runs(id, { limit: 10 })
    return ok({ ...presentOutsideCreator(creator), runs: runs.rows.map(presentCrawlRun) })
  }

  /** GET /api/scheduler/api/time/?id=, /api/owner/task/time?id= — the task's scraping times. */
  async times(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(outsideTaskValidator, this.#options(ctx))
    return ok(timesOf(await OutsideCreatorService.find(id)))
  }

  /** POST /api/scheduler/api/time/, /api/owner/task/time — sets them (minutes end in 0 or 5). */
  async saveTimes(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const { id, ...input } = await ctx.request.validateUsing(
      outsideTimesValidator,
      this.#options(ctx)
    )
    const creator = await OutsideCreatorService.find(id)
    return ok(timesOf(await OutsideCreatorService.update(creator, input, actorOf(ctx))))
  }

  /** POST /api/scheduler/parse/ — a link (or a platform's bare uid) → {platform, uid, url}. */
  async parse(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const input = await ctx.request.validateUsing(outsideParseValidator, this.#options(ctx))
    return ok(OutsideCreatorService.resolve(input))
  }

  /** GET /api/owner/video?id= — the creator's tracked videos, {items, total}. */
  async videos(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('show')
    const { id } = await ctx.request.validateUsing(outsideTaskValidator, this.#options(ctx))
    const page = await ctx.request.validateUsing(outsidePageValidator, this.#options(ctx))
    return ok(listEnvelope(await OutsideCreatorService.videos(id, page), presentOwnerVideo))
  }

  /** GET /api/owner/cookie — each platform's crawler login (names and state, never the value). */
  async cookies(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    return ok(await CrawlerLoginService.list())
  }

  /** POST /api/owner/cookie — a platform's crawler cookie (none removes it). */
  async saveCookie(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('edit')
    const { platform, cookie } = await ctx.request.validateUsing(
      outsideCookieValidator,
      this.#options(ctx)
    )
    return ok(await CrawlerLoginService.set(platform, cookie, actorOf(ctx)))
  }

  /** GET /api/owner/platform — the platforms and whether each is crawled without a login. */
  async platforms(ctx: HttpContext) {
    await ctx.bouncer.with('OutsidePolicy').authorize('list')
    const logins = await CrawlerLoginService.list()
    return ok(
      logins.map((login) => ({
        platform: login.platform,
        login: login.login,
        without_login: login.login === 'none',
        crawlable: login.crawlable,
      }))
    )
  }
}
