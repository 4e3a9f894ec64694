import type { HttpContext } from '@adonisjs/core/http'
import SettlementService from '#services/settlement/settlement_service'
import SettlementRunService from '#services/settlement/settlement_run_service'
import SettlementRates from '#services/settlement/settlement_rates'
import {
  presentAdjustment,
  presentRateSet,
  presentSettlement,
  presentStatement,
} from '#services/settlement/settlement_presenter'
import { statementLanguage, statementPdf } from '#services/settlement/statement_document'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import {
  adjustmentValidator,
  settlementIdValidator,
  settlementListValidator,
  settlementMonthValidator,
  settlementRatesValidator,
  settlementRunValidator,
  statementPdfValidator,
} from '#validators/settlement'

/** Monthly settlement (/app/creator_adjustment): statements, runs, confirmation, payment, rates. */
export default class SettlementsController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'settlement.validator') }
  }

  async #id(ctx: HttpContext) {
    const { id } = await settlementIdValidator.validate(ctx.params, this.#messages(ctx))
    return id
  }

  async #month(ctx: HttpContext) {
    return settlementMonthValidator.validate(ctx.request.qs(), this.#messages(ctx))
  }

  /** GET /api/settlements — money roles every statement; a creator its own confirmed ones. */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('statements')
    const params = await settlementListValidator.validate(ctx.request.qs(), this.#messages(ctx))
    const page = await SettlementService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentSettlement)
  }

  /** GET /api/settlements/totals?month= */
  async totals(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('view')
    const { month } = await this.#month(ctx)
    return ok(await SettlementService.totals(ctx.auth.getUserOrFail(), month))
  }

  /** GET /api/settlements/team-totals?month= — a manager their teams', money roles every team's. */
  async teamTotals(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('teamTotals')
    const { month } = await this.#month(ctx)
    return ok(await SettlementService.teamTotals(ctx.auth.getUserOrFail(), month))
  }

  /** GET /api/settlements/:id — one statement with every figure and the rules it used. */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('statements')
    const settlement = await SettlementService.find(await this.#id(ctx))
    await ctx.bouncer.with('SettlementPolicy').authorize('show', settlement)
    return ok(presentStatement(await SettlementService.detail(settlement)))
  }

  /**
   * GET /api/settlements/:id/pdf?lang= — the statement as a PDF, for whoever
   * may read it (a creator account its own confirmed ones), in the creator's
   * language unless another is asked for.
   */
  async pdf(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('statements')
    const settlement = await SettlementService.find(await this.#id(ctx))
    await ctx.bouncer.with('SettlementPolicy').authorize('show', settlement)
    const { lang } = await statementPdfValidator.validate(ctx.request.qs(), this.#messages(ctx))
    const bytes = await statementPdf(
      settlement,
      await statementLanguage(settlement, lang, ctx.i18n.locale)
    )
    const name = `statement-${settlement.month.slice(0, 7)}-${settlement.creatorId}.pdf`
    ctx.response.header('content-type', 'application/pdf')
    ctx.response.header('content-disposition', `attachment; filename="${name}"`)
    ctx.response.header('cache-control', 'private, no-store')
    return ctx.response.send(bytes)
  }

  /** POST /api/settlements/run {month, rate_date?} — drafts for the month, in one transaction. */
  async run(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const input = await ctx.request.validateUsing(settlementRunValidator, this.#messages(ctx))
    const result = await SettlementRunService.run(actorOf(ctx), input.month, input.rate_date)
    return ok({
      month: result.month,
      rate_date: result.rate_date,
      rate_set_id: result.rate_set_id,
      drafts: result.drafts,
      replaced: result.replaced,
      kept: result.kept,
      rates: result.rates,
    })
  }

  /** POST /api/settlements/:id/confirm */
  async confirm(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const settlement = await SettlementService.confirm(actorOf(ctx), await this.#id(ctx))
    return ok(presentSettlement(settlement))
  }

  /** POST /api/settlements/:id/paid */
  async paid(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const settlement = await SettlementService.markPaid(actorOf(ctx), await this.#id(ctx))
    return ok(presentSettlement(settlement))
  }

  /** POST /api/settlements/:id/adjustments {amount_krw, reason} — a correction for the next run. */
  async adjust(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const id = await this.#id(ctx)
    const input = await ctx.request.validateUsing(adjustmentValidator, this.#messages(ctx))
    const adjustment = await SettlementService.adjust(actorOf(ctx), id, input)
    ctx.response.status(201)
    return ok(presentAdjustment(adjustment))
  }

  /** GET /api/settlements/rates — the rates in force and earlier versions. */
  async rates(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('view')
    const current = await SettlementRates.current()
    const history = await SettlementRates.history()
    return ok({
      current: presentRateSet(current),
      history: history.map((row) => presentRateSet(row)),
    })
  }

  /** PUT /api/settlements/rates — a new version of the rates. */
  async updateRates(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const input = await ctx.request.validateUsing(settlementRatesValidator, this.#messages(ctx))
    const created = await SettlementRates.change(actorOf(ctx), input)
    return ok(presentRateSet(created))
  }
}
