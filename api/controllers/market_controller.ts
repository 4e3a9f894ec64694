import type { HttpContext } from '@adonisjs/core/http'
import DealService from '#services/market/deal_service'
import StudioException from '#exceptions/studio_exception'
import OfferService from '#services/market/offer_service'
import { presentDeal } from '#services/market/deal_presenter'
import { presentOffer } from '#services/market/offer_presenter'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { actorOf } from '#support/actor'
import { areaMessages } from '#validators/messages'
import {
  dealListValidator,
  dealStageValidator,
  dealValidator,
  marketIdValidator,
  offerListValidator,
  totalsValidator,
} from '#validators/market'

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
    return listResponse(ctx.response, await OfferService.list(params), presentOffer)
  }

  /** GET /api/market/deals — companies see their own enquiries only. */
  async deals(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('view')
    const params = await ctx.request.validateUsing(dealListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const page = await DealService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentDeal)
  }

  /** GET /api/market/deals/:id */
  async show(ctx: HttpContext) {
    return presentDeal(await DealService.reload(await this.#deal(ctx)))
  }

  /** POST /api/market/deals */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('enquire')
    const input = await ctx.request.validateUsing(dealValidator, this.#messages(ctx))
    const asAgency = await ctx.bouncer.with('MarketPolicy').allows('manage')
    ctx.response.status(201)
    return presentDeal(await DealService.create(actorOf(ctx), input, { asAgency }))
  }

  /** PUT /api/market/deals/:id — the agency's staff. */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('manage')
    const deal = await this.#deal(ctx)
    const input = await ctx.request.validateUsing(dealValidator, this.#messages(ctx))
    return presentDeal(await DealService.update(actorOf(ctx), deal, input))
  }

  /** POST /api/market/deals/:id/stage {stage} */
  async stage(ctx: HttpContext) {
    await ctx.bouncer.with('MarketPolicy').authorize('manage')
    const deal = await this.#deal(ctx)
    const { stage } = await ctx.request.validateUsing(dealStageValidator, this.#messages(ctx))
    try {
      return presentDeal(await DealService.move(actorOf(ctx), deal, stage))
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
    return ok({ year: chosen, rows: await DealService.totals(chosen) })
  }
}
