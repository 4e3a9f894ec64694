import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import ProductSale from '#models/product_sale'
import SaleService from '#services/market/sale_service'
import StudioException from '#exceptions/studio_exception'
import { actorOf } from '#services/actor'
import { areaMessages } from '#validators/messages'
import { marketIdValidator, saleListValidator, saleValidator } from '#validators/market'
import { API_STATUS } from '#shared/constants'
import { MARKET_LIMITS } from '#shared/market'

/** E-Commerce (/app/products): product sales per creator, platform and month. */
export default class ProductSalesController {
  #messages(ctx: HttpContext) {
    return { messagesProvider: areaMessages(ctx.i18n, 'market.validator') }
  }

  async #sale(ctx: HttpContext) {
    const { id } = await marketIdValidator.validate(ctx.params, this.#messages(ctx))
    const sale = await ProductSale.find(id)
    if (!sale) throw new StudioException('errors.not_found', { status: 404 })
    return sale
  }

  /** GET /api/products/sales */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('view')
    const params = await ctx.request.validateUsing(saleListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    const { total, rows } = await SaleService.list(params)
    ctx.response.header('x-total-count', String(total))
    return rows.map((row) => SaleService.present(row))
  }

  /** GET /api/products/sales/summary */
  async summary(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('view')
    const params = await ctx.request.validateUsing(saleListValidator, {
      data: ctx.request.qs(),
      ...this.#messages(ctx),
    })
    return { status: API_STATUS.OK, data: await SaleService.summary(params) }
  }

  /** POST /api/products/sales */
  async store(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const input = await ctx.request.validateUsing(saleValidator, this.#messages(ctx))
    ctx.response.status(201)
    return SaleService.present(await SaleService.create(actorOf(ctx), input))
  }

  /** PUT /api/products/sales/:id */
  async update(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const sale = await this.#sale(ctx)
    const input = await ctx.request.validateUsing(saleValidator, this.#messages(ctx))
    return SaleService.present(await SaleService.update(sale, input))
  }

  /** DELETE /api/products/sales/:id */
  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const sale = await this.#sale(ctx)
    await sale.delete()
    return { status: API_STATUS.OK, data: { id: sale.id } }
  }

  /** GET /api/products/sales/template — the Excel template with an instructions sheet. */
  async template(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    ctx.response.header(
      'content-type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    ctx.response.header('content-disposition', 'attachment; filename="product-sales-template.xlsx"')
    return ctx.response.send(await SaleService.template())
  }

  /** POST /api/products/sales/import (multipart `file`, .xlsx) — all or nothing. */
  async import(ctx: HttpContext) {
    await ctx.bouncer.with('CommercePolicy').authorize('write')
    const file = ctx.request.file('file', {
      size: MARKET_LIMITS.importMaxBytes,
      extnames: ['xlsx'],
    })
    if (!file || !file.tmpPath) {
      if (file?.errors.some((error) => error.type === 'size'))
        throw new StudioException('errors.too_large', { status: 413 })
      throw new StudioException('market.errors.import_file', { status: 422 })
    }
    const result = await SaleService.import(
      actorOf(ctx),
      await readFile(file.tmpPath),
      (key, data) => ctx.i18n.t(key, data)
    )
    if (result.errors.length) {
      ctx.response.status(422)
      return {
        status: 422,
        message: ctx.i18n.t('market.errors.import_invalid', { count: result.errors.length }),
        data: result,
      }
    }
    return { status: API_STATUS.OK, data: result }
  }
}
