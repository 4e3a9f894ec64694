import type { HttpContext } from '@adonisjs/core/http'
import RevenueService from '#services/settlement/revenue_service'
import { presentExchangeRate, presentRevenue } from '#services/settlement/settlement_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { areaMessages } from '#validators/messages'
import { importRevenue } from '#services/settlement/revenue_import'
import { withUpload } from '#support/uploads'
import { invalidImport, loadedWholeLimits, receivedWorkbookPath } from '#support/workbook_import'
import { SETTLEMENT_LIMITS } from '#shared/settlement'
import {
  exchangeRateListValidator,
  exchangeRateValidator,
  revenueImportValidator,
  revenueListValidator,
  revenueValidator,
  settlementIdValidator,
} from '#validators/settlement'

/** A revenue workbook is loaded whole (5,000 rows at most). */
const REVENUE_UPLOAD = {
  maxBytes: SETTLEMENT_LIMITS.importMaxBytes,
  limits: loadedWholeLimits(SETTLEMENT_LIMITS.importRowsMax),
}

/** Platform revenue and exchange rates: what the monthly settlement is computed from. */
export default class RevenuesController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'settlement.validator') }
  }

  async #id(ctx: HttpContext) {
    const { id } = await settlementIdValidator.validate(ctx.params, this.#messages(ctx))
    return id
  }

  /** GET /api/revenues */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('view')
    const params = await revenueListValidator.validate(ctx.request.qs(), this.#messages(ctx))
    return listResponse(ctx.response, await RevenueService.list(params), presentRevenue)
  }

  /** POST /api/revenues */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const input = await ctx.request.validateUsing(revenueValidator, this.#messages(ctx))
    ctx.response.status(201)
    return presentRevenue(await RevenueService.save(actorOf(ctx), input))
  }

  /** PUT/PATCH /api/revenues/:id */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const row = await RevenueService.find(await this.#id(ctx))
    const input = await ctx.request.validateUsing(revenueValidator, this.#messages(ctx))
    return presentRevenue(await RevenueService.save(actorOf(ctx), input, row))
  }

  /** DELETE /api/revenues/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const row = await RevenueService.find(await this.#id(ctx))
    await RevenueService.delete(actorOf(ctx), row)
    return ok({ id: row.id })
  }

  /** GET /api/exchange-rates */
  async rates(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('view')
    const { currency } = await exchangeRateListValidator.validate(
      ctx.request.qs(),
      this.#messages(ctx)
    )
    const rows = await RevenueService.exchangeRates(currency)
    return ok(rows.map((row) => presentExchangeRate(row)))
  }

  /** POST /api/exchange-rates — one rate per currency and day (saved again: replaced). */
  async storeRate(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const input = await ctx.request.validateUsing(exchangeRateValidator, this.#messages(ctx))
    ctx.response.status(201)
    return ok(presentExchangeRate(await RevenueService.saveRate(actorOf(ctx), input)))
  }

  /** DELETE /api/exchange-rates/:id */
  async destroyRate(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    const id = await this.#id(ctx)
    await RevenueService.deleteRate(actorOf(ctx), id)
    return ok({ id })
  }

  /** POST /api/revenues/import (multipart `file`; `month`, `dry_run`) — all rows or none. */
  async import(ctx: HttpContext) {
    await ctx.bouncer.with('SettlementPolicy').authorize('manage')
    return withUpload(ctx, REVENUE_UPLOAD.maxBytes, () => this.#import(ctx))
  }

  async #import(ctx: HttpContext) {
    // `month` and `dry_run` as form fields or in the query
    const input = await revenueImportValidator.validate(
      { ...ctx.request.qs(), ...ctx.request.body() },
      this.#messages(ctx)
    )
    const path = await receivedWorkbookPath(ctx, REVENUE_UPLOAD, {
      missing: 'settlement.errors.import_file',
      unreadable: 'settlement.errors.import_unreadable',
    })
    const result = await importRevenue(actorOf(ctx), path, input.month, {
      dryRun: Boolean(input.dry_run),
      t: (key, data) => ctx.i18n.t(key, data),
    })
    if ('fileError' in result) {
      ctx.response.status(422)
      return { status: 422, message: result.fileError }
    }
    if (result.errors.length) return invalidImport(ctx, 'settlement.errors.import_invalid', result)
    return ok(result)
  }
}
