import type { HttpContext } from '@adonisjs/core/http'
import DealService from '#services/market/deal_service'
import StudioException from '#exceptions/studio_exception'
import OfferService from '#services/market/offer_service'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import {
  dealListValidator,
  dealStageValidator,
  dealValidator,
  marketIdValidator,
  offerListValidator,
  totalsValidator,
} from '#validators/market'
import { API_STATUS } from '#shared/constants'

/** Market Store (/app/market_dashboard): ad offers, brand deals, totals per team and month. */
export default class MarketController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'market.validator') }
  }

  async #deal(ctx: HttpContext) {
    const { id } = await marketIdValidator.validate(ctx.params, this.#messages(ctx))
    const deal = await DealService.find(id)
    await ctx.bouncer.with('MarketPolicy').authorize('show', deal)
    return deal
  }

  /** GET /api/market/offers */
  async offers(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('view')
    const params = await ctx.request.validateUsing(offerListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const { total, rows } = await OfferService.list(params)
    ctx.response.header('x-total-count', String(total))
    return rows
  }

  /** GET /api/market/deals — companies see their own enquiries only. */
  async deals(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('view')
    const params = await ctx.request.validateUsing(dealListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const { total, rows } = await DealService.list(ctx.auth.getUserOrFail(), params)
    ctx.response.header('x-total-count', String(total))
    return rows.map((row) => DealService.present(row))
  }

  /** GET /api/market/deals/:id */
  async show(ctx: HttpContext) {
    return DealService.present(await DealService.reload(await this.#deal(ctx)))
  }

  /** POST /api/market/deals */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('enquire')
    const input = await ctx.request.validateUsing(dealValidator, this.#messages(ctx))
    ctx.response.status(201)
    return DealService.present(await DealService.create(actorOf(ctx), input))
  }

  /** PUT /api/market/deals/:id — the agency's staff. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('manage')
    const deal = await this.#deal(ctx)
    const input = await ctx.request.validateUsing(dealValidator, this.#messages(ctx))
    return DealService.present(await DealService.update(actorOf(ctx), deal, input))
  }

  /** POST /api/market/deals/:id/stage {stage} */
  async stage(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('manage')
    const deal = await this.#deal(ctx)
    const { stage } = await ctx.request.validateUsing(dealStageValidator, this.#messages(ctx))
    try {
      return DealService.present(await DealService.move(actorOf(ctx), deal, stage))
    } catch (error) {
      // The refusal names the stages in the reader's words.
      if (error instanceof StudioException && error.messageKey === 'market.errors.move') {
        error.data = {
          from: ctx.i18n.t(`market.stages.${deal.stage}`),
          to: ctx.i18n.t(`market.stages.${stage}`),
        }
      }
      throw error
    }
  }

  /** GET /api/market/totals?year= */
  async totals(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('manage')
    const { year } = await ctx.request.validateUsing(totalsValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const chosen = year ?? new Date().getUTCFullYear()
    return { status: API_STATUS.OK, data: { year: chosen, rows: await DealService.totals(chosen) } }
  }
}
