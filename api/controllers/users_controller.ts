import type { HttpContext } from '@adonisjs/core/http'
import StaffDirectory from '#services/people/staff_directory'
import UserAdminService from '#services/people/user_admin_service'
import { presentUser } from '#services/people/user_presenter'
import { actorOf } from '#support/actor'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { staffListValidator, userIdValidator, userUpdateValidator } from '#validators/people'

/**
 * Refine's `users` resource (simple-rest: list with x-total-count, show,
 * update) over the staff directory (SPEC §2 'staff directory'). Its SPEC §7
 * path /api/user/list is answered by controllers/spec_paths/users_controller.ts.
 */
export default class UsersController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  /** GET /api/users — Refine simple-rest. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('UserPolicy').authorize('list')
    const params = await ctx.request.validateUsing(staffListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const everyone = await ctx.bouncer.with('UserPolicy').allows('listEveryone')
    const page = await StaffDirectory.page(params, { everyone })
    return listResponse(ctx.response, page, presentUser)
  }

  /** GET /api/users/:id */
  async show(ctx: HttpContext) {
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const target = await UserAdminService.find(id)
    await ctx.bouncer.with('UserPolicy').authorize('show', target)
    return presentUser(await UserAdminService.withTeams(target))
  }

  /** PUT /api/users/:id — admins: name, phone, role, status (active/disabled), teams. */
  async update(ctx: HttpContext) {
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const target = await UserAdminService.find(id)
    await ctx.bouncer.with('UserPolicy').authorize('update')
    const input = await ctx.request.validateUsing(userUpdateValidator, this.#messages(ctx))
    return presentUser(await UserAdminService.update(actorOf(ctx), target.id, input))
  }
}
