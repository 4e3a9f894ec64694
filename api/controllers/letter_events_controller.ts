import type { HttpContext } from '@adonisjs/core/http'
import MonthlyLetterService from '#services/documents/monthly_letter_service'
import { presentDocument } from '#services/documents/document_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { areaMessages } from '#validators/messages'
import { monthlyLetterListValidator, monthlyLetterValidator } from '#validators/document'

/** The monthly letter of SPEC §2 'Document issuing' (/api/letter-events/monthly). */
export default class LetterEventsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'documents.validator') }
  }

  /** GET /api/letter-events/monthly?month=2026-10 — the month's letters I may see. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('list')
    const { month } = await ctx.request.validateUsing(monthlyLetterListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const withLink = await ctx.bouncer.with('DocumentPolicy').allows('share')
    const letters = await MonthlyLetterService.list(ctx.auth.getUserOrFail(), month)
    return ok(letters.map((letter) => presentDocument(letter, { withLink })))
  }

  /** POST /api/letter-events/monthly {month, lang?, creator_ids?} */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('DocumentPolicy').authorize('issue')
    const input = await ctx.request.validateUsing(monthlyLetterValidator, this.#messages(ctx))
    const result = await MonthlyLetterService.send(actorOf(ctx), input)
    return ok({
      issued: result.issued.map((document) => presentDocument(document, { withLink: true })),
      skipped: result.skipped,
      letters: result.letters,
      more: result.more,
    })
  }
}
