import type { HttpContext } from '@adonisjs/core/http'
import AccountService from '#services/people/account_service'
import StaffDirectory from '#services/people/staff_directory'
import { presentUser } from '#services/people/user_presenter'
import { ok } from '#support/envelope'
import { listEnvelope } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { staffListValidator } from '#validators/people'

/**
 * The SPEC §7 user paths that have a REST twin: /api/user (the account's own
 * profile, as /api/user/update answers it) and /api/user/list (the staff
 * directory of GET /api/users), in the `{status: 0, data}` envelope.
 */
export default class SpecUsersController {
  /** GET /api/user — the signed-in user's own profile with their teams. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('UserPolicy').authorize('profile')
    return ok(presentUser(await AccountService.profile(ctx.auth.getUserOrFail())))
  }

  /** GET /api/user/list — {status, data: {items, total}}. */
  async list(ctx: HttpContext) {
    await ctx.bouncer.with('UserPolicy').authorize('list')
    const params = await ctx.request.validateUsing(staffListValidator, {
      data: ctx.request.qs(),
      messagesProvider: areaMessages(ctx.i18n, 'people.validator'),
    })
    const everyone = await ctx.bouncer.with('UserPolicy').allows('listEveryone')
    return ok(listEnvelope(await StaffDirectory.page(params, { everyone }), presentUser))
  }
}
