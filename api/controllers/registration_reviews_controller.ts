import type { HttpContext } from '@adonisjs/core/http'
import RegistrationReviewService from '#services/people/registration_review_service'
import UserPresenter from '#services/user_presenter'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import {
  approveValidator,
  registrationListValidator,
  rejectValidator,
  userIdValidator,
} from '#validators/people'
import { API_STATUS } from '#shared/constants'
import type User from '#models/user'

function present(user: User) {
  return {
    ...UserPresenter.toJson(user),
    sex: user.sex,
    rejected_reason: user.rejectedReason,
  }
}

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
    ctx.response.header('x-total-count', String(rows.length))
    return rows.map(present)
  }

  /** POST /api/registrations/:id/approve {role?, team?} */
  async approve(ctx: HttpContext) {
    await ctx.bouncer.with('RegistrationPolicy').authorize('approve')
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const input = await ctx.request.validateUsing(approveValidator, this.#messages(ctx))
    const user = await RegistrationReviewService.approve(actorOf(ctx), id, input)
    return { status: API_STATUS.OK, data: present(user) }
  }

  /** POST /api/registrations/:id/reject {reason} */
  async reject(ctx: HttpContext) {
    await ctx.bouncer.with('RegistrationPolicy').authorize('approve')
    const { id } = await userIdValidator.validate(ctx.params, this.#messages(ctx))
    const { reason } = await ctx.request.validateUsing(rejectValidator, this.#messages(ctx))
    const user = await RegistrationReviewService.reject(actorOf(ctx), id, reason)
    return { status: API_STATUS.OK, data: present(user) }
  }
}
