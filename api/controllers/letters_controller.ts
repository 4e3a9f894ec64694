import type { HttpContext } from '@adonisjs/core/http'
import LetterService from '#services/letters/letter_service'
import { presentLetter, presentRecipient } from '#services/letters/letter_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse, pageWindow } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  letterIdValidator,
  letterListValidator,
  letterSendValidator,
  recipientSearchValidator,
} from '#validators/letter'

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
    const page = await LetterService.page(
      ctx.auth.getUserOrFail(),
      params.box ?? 'inbox',
      pageWindow(params._start, params._end)
    )
    return listResponse(ctx.response, page, presentLetter)
  }

  /** GET /api/letters/unread */
  async unread(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    return ok({ unread: await LetterService.unread(ctx.auth.getUserOrFail().id) })
  }

  /** GET /api/letters/recipients?q= */
  async recipients(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { q } = await ctx.request.validateUsing(recipientSearchValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const staffOnly = await ctx.bouncer.with('LetterPolicy').denies('writeToAnyone')
    const people = await LetterService.recipients(ctx.auth.getUserOrFail(), q, { staffOnly })
    return ok(people.map((person) => presentRecipient(person, { withEmail: !staffOnly })))
  }

  /** GET /api/letters/:id — marks it read when I am the recipient. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { id } = await letterIdValidator.validate(ctx.params, this.#messages(ctx))
    return presentLetter(await LetterService.open(ctx.auth.getUserOrFail(), id), true)
  }

  /** POST /api/letters {recipient_id, subject, body, reply_to_id?} */
  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(letterSendValidator, this.#messages(ctx))
    const recipient = await LetterService.recipient(input.recipient_id)
    await ctx.bouncer.with('LetterPolicy').authorize('send', recipient)
    const letter = await LetterService.send(actorOf(ctx), recipient, input)
    ctx.response.status(201)
    return presentLetter(letter, true)
  }

  /** DELETE /api/letters/:id — removes my copy only. */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('LetterPolicy').authorize('view')
    const { id } = await letterIdValidator.validate(ctx.params, this.#messages(ctx))
    await LetterService.remove(ctx.auth.getUserOrFail(), id)
    return ok({ id })
  }
}
