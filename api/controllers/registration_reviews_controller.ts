import type { HttpContext } from '@adonisjs/core/http'
import RegistrationReviewService from '#services/people/registration_review_service'
import { presentRegistration } from '#services/people/user_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse, wholeList } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  approveValidator,
  registrationListValidator,
  rejectValidator,
  userIdValidator,
} from '#validators/people'

/** The approval queue of new staff, creator and company accounts (admins). */
export default class RegistrationReviewsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'people.validator') }
  }

  /** GET /api/registrations?status=pending|rejected&account_type= */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('RegistrationPolicy').authorize('list')
    const filters = await ctx.request.validateUsing(registrationListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const rows = await RegistrationReviewService.list(filters)
    return listResponse(ctx.response, wholeList(rows), presentRegistration)
  }

  /** POST /api/registrations/:id/approve {role?, team?} */
  async approve(ctx: HttpContext) {
    await ctx.bouncer.with('RegistrationPolicy').authorize('approve')
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const input = await ctx.request.validateUsing(approveValidator, this.#messages(ctx))
    const user = await RegistrationReviewService.approve(actorOf(ctx), id, input)
    return ok(presentRegistration(user))
  }

  /** POST /api/registrations/:id/reject {reason} */
  async reject(ctx: HttpContext) {
    await ctx.bouncer.with('RegistrationPolicy').authorize('approve')
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const { reason } = await ctx.request.validateUsing(rejectValidator, this.#messages(ctx))
    const user = await RegistrationReviewService.reject(actorOf(ctx), id, reason)
    return ok(presentRegistration(user))
  }
}
