import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import StaffDirectory from '#services/people/staff_directory'
import UserAdminService from '#services/people/user_admin_service'
import UserPresenter from '#services/user_presenter'
import StudioException from '#exceptions/studio_exception'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import { staffListValidator, userIdValidator, userUpdateValidator } from '#validators/people'
import { API_STATUS } from '#shared/constants'

/**
 * The staff directory (SPEC §2 'staff directory', §7 /api/user/list) and
 * Refine's `users` resource (simple-rest: list with x-total-count, show, update).
 */
export default class UsersController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  async #page(ctx: HttpContext) {
    await ctx.bouncer.with('UserPolicy').authorize('list')
    const params = await ctx.request.validateUsing(staffListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const user = ctx.auth.getUserOrFail()
    return StaffDirectory.page(params, { admin: user.role === 'admin' })
  }

  /** GET /api/users — Refine simple-rest. */
  async index(ctx: HttpContext) {
    const { total, rows } = await this.#page(ctx)
    ctx.response.header('x-total-count', String(total))
    return rows.map((row) => UserPresenter.toJson(row))
  }

  /** GET /api/user/list — the spec's path: {status, data: {items, total}}. */
  async list(ctx: HttpContext) {
    const { total, rows } = await this.#page(ctx)
    return {
      status: API_STATUS.OK,
      data: { items: rows.map((row) => UserPresenter.toJson(row)), total },
    }
  }

  async #find(ctx: HttpContext) {
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const user = await User.find(id)
    if (!user) throw new StudioException('errors.not_found', { status: 404 })
    return user
  }

  /** GET /api/users/:id */
  async show(ctx: HttpContext) {
    const target = await this.#find(ctx)
    await ctx.bouncer.with('UserPolicy').authorize('show', target)
    await target.load('teams')
    return UserPresenter.toJson(target)
  }

  /** PUT /api/users/:id — admins: name, phone, role, status (active/disabled), teams. */
  async update(ctx: HttpContext) {
    const target = await this.#find(ctx)
    await ctx.bouncer.with('UserPolicy').authorize('update')
    const input = await ctx.request.validateUsing(userUpdateValidator, this.#messages(ctx))
    const user = await UserAdminService.update(actorOf(ctx), target.id, input)
    return UserPresenter.toJson(user)
  }
}
