import type { HttpContext } from '@adonisjs/core/http'
import ConnectService from '#services/outside/connect/connect_service'
import {
  presentConnect,
  presentPick,
  presentPreview,
  presentTask,
} from '#services/outside/connect/connect_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse, setTotal } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  connectIdValidator,
  connectListValidator,
  connectPickValidator,
  connectTaskValidator,
  connectValidator,
} from '#validators/connect_data'

/**
 * Connect data (/app/connect_cr_data, /app/connect_video_data,
 * /app/connect_task_data): the connects, a preview, connect, confirm and
 * revert, the outside side's picker and the task → creator table.
 * ConnectDataPolicy decides who; ConnectService does the work.
 */
export default class ConnectDataController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'connect_data.validator') }
  }

  async #id(ctx: HttpContext) {
    const { id } = await connectIdValidator.validate(ctx.params, this.#messages(ctx))
    return id
  }

  /** GET /api/connect_data?kind=&state=&creator_id= */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('view')
    const filters = await ctx.request.validateUsing(connectListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    return listResponse(ctx.response, await ConnectService.list(filters), presentConnect)
  }

  /** GET /api/connect_data/preview?kind=creator&outside_creator_id=&creator_id=|new_creator=1 */
  async preview(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('view')
    const input = await ctx.request.validateUsing(connectValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    return ok(presentPreview(await ConnectService.preview(ctx.auth.getUserOrFail(), input)))
  }

  /** POST /api/connect_data — 201 with the connect and the rows written now. */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('connect')
    const input = await ctx.request.validateUsing(connectValidator, this.#messages(ctx))
    const { connect, written } = await ConnectService.connect(actorOf(ctx), input)
    ctx.response.status(201)
    return ok({ ...presentConnect(connect), written })
  }

  /** POST /api/connect_data/:id/confirm */
  async confirm(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('confirm')
    const id = await this.#id(ctx)
    return ok(presentConnect(await ConnectService.confirm(actorOf(ctx), id)))
  }

  /** POST /api/connect_data/:id/revert */
  async revert(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('revert')
    const id = await this.#id(ctx)
    return ok(presentConnect(await ConnectService.revert(actorOf(ctx), id)))
  }

  /** GET /api/connect_data/tasks?platform=&q= */
  async tasks(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('view')
    const filters = await ctx.request.validateUsing(connectTaskValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await ConnectService.tasks(filters)
    const connects = await ConnectService.newestConnects(page.rows.map((row) => row.id))
    setTotal(ctx.response, page.total)
    return page.rows.map((row) => presentTask(row, connects.get(row.id)))
  }

  /** GET /api/connect_data/outside?kind=creator|video&q= */
  async outside(ctx: HttpContext) {
    await ctx.bouncer.with('ConnectDataPolicy').authorize('view')
    const filters = await ctx.request.validateUsing(connectPickValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const rows = await ConnectService.pick(filters)
    return ok(rows.map((row) => presentPick(row, filters.kind)))
  }
}
