import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import SaleService from '#services/market/sale_service'
import { importSales } from '#services/market/sale_import'
import { presentCompany, presentSale } from '#services/market/sale_presenter'
import { actorOf } from '#support/actor'
import { ok } from '#support/envelope'
import { listResponse } from '#support/pagination'
import { sendWorkbook } from '#support/xlsx'
import { areaMessages } from '#validators/messages'
import { marketIdValidator, saleListValidator, saleValidator } from '#validators/market'
import { MARKET_LIMITS } from '#shared/market'
import { withUpload } from '#support/uploads'
import { invalidImport, loadedWholeLimits, receivedWorkbookPath } from '#support/workbook_import'

/** A sales workbook is loaded whole (5,000 rows at most). */
const SALES_UPLOAD = {
  maxBytes: MARKET_LIMITS.importMaxBytes,
  limits: loadedWholeLimits(MARKET_LIMITS.importRowsMax),
}

/** E-Commerce (/app/products): product sales per creator, platform and month. */
export default class ProductSalesController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'market.validator') }
  }

  async #sale(ctx: HttpContext) {
    const { id } = await marketIdValidator.validate(ctx.params, this.#messages(ctx))
    return SaleService.find(id)
  }

  async #filters(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('view')
    return ctx.request.validateUsing(saleListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
  }

  /** GET /api/products/sales */
  async index(ctx: HttpContext) {
    const params = await this.#filters(ctx)
    const page = await SaleService.list(ctx.auth.getUserOrFail(), params)
    return listResponse(ctx.response, page, presentSale)
  }

  /** GET /api/products/sales/summary */
  async summary(ctx: HttpContext) {
    const params = await this.#filters(ctx)
    return ok(await SaleService.summary(ctx.auth.getUserOrFail(), params))
  }

  /** GET /api/products/companies — the company accounts a sale can be given to (staff side). */
  async companies(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const companies = await SaleService.companies()
    return ok(companies.map((company) => presentCompany(company)))
  }

  /** POST /api/products/sales */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const input = await ctx.request.validateUsing(saleValidator, this.#messages(ctx))
    ctx.response.status(201)
    return presentSale(await SaleService.create(actorOf(ctx), input))
  }

  /** PUT /api/products/sales/:id */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const sale = await this.#sale(ctx)
    const input = await ctx.request.validateUsing(saleValidator, this.#messages(ctx))
    return presentSale(await SaleService.update(sale, input))
  }

  /** DELETE /api/products/sales/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const sale = await this.#sale(ctx)
    await SaleService.delete(sale)
    return ok({ id: sale.id })
  }

  /** GET /api/products/sales/template — the Excel template with an instructions sheet. */
  async template(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const buffer = await SaleService.template()
    return sendWorkbook(ctx.response, buffer, 'product-sales-template.xlsx', { cache: true })
  }

  /** POST /api/products/sales/import (multipart `file`, .xlsx) — all or nothing. */
  async import(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    return withUpload(ctx, SALES_UPLOAD.maxBytes, () => this.#import(ctx))
  }

  async #import(ctx: HttpContext) {
    // .xlsx in any case; the bytes decide (receiveWorkbook)
    const path = await receivedWorkbookPath(ctx, SALES_UPLOAD, {
      missing: 'market.errors.import_file',
      unreadable: 'market.errors.import_unreadable',
    })
    const result = await importSales(actorOf(ctx), await readFile(path), (key, data) =>
      ctx.i18n.t(key, data)
    )
    if (result.errors.length) return invalidImport(ctx, 'market.errors.import_invalid', result)
    return ok(result)
  }
}
