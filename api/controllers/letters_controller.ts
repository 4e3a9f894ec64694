import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import LetterService from '#services/letter_service'
import StudioException from '#exceptions/studio_exception'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import {
  letterIdValidator,
  letterListValidator,
  letterSendValidator,
  recipientSearchValidator,
} from '#validators/letter'
import { API_STATUS } from '#shared/constants'

/** Private letters (/app/private_letter). */
export default class LettersController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'letters.validator') }
  }

  /** GET /api/letters?box=inbox|sent&_start=&_end= (x-total-count) */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const params = await ctx.request.validateUsing(letterListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const start = params._start ?? 0
    const { total, rows } = await LetterService.page(
      ctx.auth.getUserOrFail(),
      params.box ?? 'inbox',
      start,
      params._end ?? start + 20
    )
    ctx.response.header('x-total-count', String(total))
    return rows.map((row) => LetterService.present(row))
  }

  /** GET /api/letters/unread */
  async unread(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    return {
      status: API_STATUS.OK,
      data: { unread: await LetterService.unread(ctx.auth.getUserOrFail().id) },
    }
  }

  /** GET /api/letters/recipients?q= */
  async recipients(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { q } = await ctx.request.validateUsing(recipientSearchValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    return {
      status: API_STATUS.OK,
      data: await LetterService.recipients(ctx.auth.getUserOrFail(), q),
    }
  }

  /** GET /api/letters/:id — marks it read when I am the recipient. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { id } = await letterIdValidator.validate(ctx.params, this.#messages(ctx))
    return LetterService.present(await LetterService.open(ctx.auth.getUserOrFail(), id), true)
  }

  /** POST /api/letters {recipient_id, subject, body, reply_to_id?} */
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(letterSendValidator, this.#messages(ctx))
    const recipient = await User.find(input.recipient_id)
    if (!recipient) throw new StudioException('letters.errors.recipient_unknown', { status: 422 })
    await ctx.bouncer.with('LetterPolicy').authorize('send', recipient)
    const letter = await LetterService.send(actorOf(ctx), recipient, input)
    await letter.load('sender')
    await letter.load('recipient')
    ctx.response.status(201)
    return LetterService.present(letter, true)
  }

  /** DELETE /api/letters/:id — removes my copy only. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { id } = await letterIdValidator.validate(ctx.params, this.#messages(ctx))
    await LetterService.remove(ctx.auth.getUserOrFail(), id)
    return { status: API_STATUS.OK, data: { id } }
  }
}
