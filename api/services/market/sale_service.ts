import ExcelJS from 'exceljs'
import Creator from '#models/creator'
import ProductSale from '#models/product_sale'
import User from '#models/user'
import StudioException from '#exceptions/studio_exception'
import { fromCents, krwCents, toCents, wonOf } from '#support/money'
import { LIKE, containing } from '#support/like'
import { pageWindow, paginate } from '#support/pagination'
import type { Actor } from '#support/actor'
import { workbookBuffer } from '#support/xlsx'
import type { SaleInput, SaleListParams } from '#validators/market'
import { CURRENCIES, PLATFORMS } from '#shared/constants'
import { MARKET_LIMITS } from '#shared/market'

/** Import/template columns, in order. */
export const SALE_COLUMNS = [
  'brand_no',
  'platform',
  'month',
  'product',
  'items',
  'orders',
  'gmv',
  'commission',
  'currency',
] as const

export const monthDay = (month: string) => `${month}-01`

/** E-Commerce: product sales per creator, platform and month; entered, imported, charted. */
export default class SaleService {
  static #filtered(user: User, params: SaleListParams) {
    const query = ProductSale.query().withScopes((scopes) => scopes.visibleTo(user))
    if (params.creator_id) query.where('creator_id', params.creator_id)
    if (params.platform) query.where('platform', params.platform)
    if (params.from) query.where('month', '>=', monthDay(params.from))
    if (params.to) query.where('month', '<=', monthDay(params.to))
    if (params.q) query.whereRaw(LIKE, ['product', containing(params.q)])
    return query
  }

  /** One page of the sales `user` may see, newest month first. */
  static list(user: User, params: SaleListParams) {
    return paginate(this.#filtered(user, params), pageWindow(params._start, params._end), (query) =>
      query.preload('creator').preload('company').orderBy('month', 'desc').orderBy('id', 'desc')
    )
  }

  /** GMV and commission per month, per platform and the top creators, in won (exact cents). */
  static async summary(user: User, params: SaleListParams) {
    const rows = await this.#filtered(user, params).preload('creator')
    const byMonth = new Map<
      string,
      { gmv: bigint; commission: bigint; orders: number; items: number }
    >()
    const byPlatform = new Map<string, bigint>()
    const byCreator = new Map<number, { name: string; gmv: bigint }>()
    let gmv = 0n
    let commission = 0n
    let orders = 0
    for (const sale of rows) {
      const g = krwCents(sale.gmv, sale.currency)
      const c = krwCents(sale.commission, sale.currency)
      const month = sale.month.slice(0, 7)
      const entry = byMonth.get(month) ?? { gmv: 0n, commission: 0n, orders: 0, items: 0 }
      entry.gmv += g
      entry.commission += c
      entry.orders += sale.orders
      entry.items += sale.items
      byMonth.set(month, entry)
      byPlatform.set(sale.platform, (byPlatform.get(sale.platform) ?? 0n) + g)
      const creator = byCreator.get(sale.creatorId) ?? {
        name: sale.creator?.channelName ?? '',
        gmv: 0n,
      }
      creator.gmv += g
      byCreator.set(sale.creatorId, creator)
      gmv += g
      commission += c
      orders += sale.orders
    }
    return {
      totals: {
        gmv_krw: wonOf(gmv),
        commission_krw: wonOf(commission),
        orders,
        records: rows.length,
      },
      months: [...byMonth.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, entry]) => ({
          month,
          gmv_krw: wonOf(entry.gmv),
          commission_krw: wonOf(entry.commission),
          orders: entry.orders,
          items: entry.items,
        })),
      platforms: [...byPlatform.entries()]
        .sort((a, b) => (b[1] > a[1] ? 1 : -1))
        .map(([platform, value]) => ({ platform, gmv_krw: wonOf(value) })),
      creators: [...byCreator.entries()]
        .sort((a, b) => (b[1].gmv > a[1].gmv ? 1 : -1))
        .slice(0, 10)
        .map(([id, entry]) => ({ id, name: entry.name, gmv_krw: wonOf(entry.gmv) })),
    }
  }

  /** A sale (404 when there is none). */
  static async find(id: number) {
    const sale = await ProductSale.findOrFail(id)
    return sale
  }

  static async delete(sale: ProductSale) {
    await sale.delete()
  }

  static async #creator(id: number) {
    if (!(await Creator.find(id)))
      throw new StudioException('market.errors.creator_unknown', { status: 422 })
  }

  /** The company a sale is given to must be an active company account. */
  static async #company(id: number | null | undefined) {
    if (!id) return
    const company = await this.companies().where('id', id).first()
    if (!company) throw new StudioException('market.errors.company_unknown', { status: 422 })
  }

  /** The active company accounts a sale can be given to (the sale form's list). */
  static companies() {
    return User.query()
      .where('account_type', 'company')
      .where('status', 'active')
      .orderBy('company_name')
      .orderBy('id')
  }

  /** Copies a sale's input onto it (the form's and the import's). */
  static applyInput(sale: ProductSale, input: SaleInput) {
    sale.creatorId = input.creator_id
    sale.platform = input.platform
    sale.month = monthDay(input.month)
    sale.product = input.product
    sale.items = input.items
    sale.orders = input.orders
    sale.gmv = fromCents(toCents(input.gmv))
    sale.commission = fromCents(toCents(input.commission))
    sale.currency = input.currency ?? 'CNY'
    if (input.company_user_id !== undefined) sale.companyUserId = input.company_user_id
    else sale.companyUserId ??= null
  }

  static async #duplicate(input: SaleInput, exceptId?: number) {
    const query = ProductSale.query()
      .where('creator_id', input.creator_id)
      .where('platform', input.platform)
      .where('month', monthDay(input.month))
      .where('product', input.product)
    if (exceptId) query.whereNot('id', exceptId)
    if (await query.first())
      throw new StudioException('market.errors.sale_duplicate', { status: 409 })
  }

  static async create(actor: Actor, input: SaleInput) {
    await this.#creator(input.creator_id)
    await this.#company(input.company_user_id)
    await this.#duplicate(input)
    const sale = new ProductSale()
    this.applyInput(sale, input)
    sale.createdBy = actor.user.id
    await sale.save()
    await sale.load('creator')
    await sale.load('company')
    return sale
  }

  static async update(sale: ProductSale, input: SaleInput) {
    await this.#creator(input.creator_id)
    await this.#company(input.company_user_id)
    await this.#duplicate(input, sale.id)
    this.applyInput(sale, input)
    await sale.save()
    await sale.load('creator')
    await sale.load('company')
    return sale
  }

  static async template() {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('sales')
    sheet.addRow([...SALE_COLUMNS])
    sheet.addRow([
      'MCN-0001',
      'douyin',
      '2026-10',
      '五香牛肉干 200g',
      1200,
      980,
      '35280.00',
      '7056.00',
      'CNY',
    ])
    sheet.getRow(1).font = { bold: true }
    sheet.columns.forEach((column) => (column.width = 16))
    const help = workbook.addWorksheet('instructions')
    help.addRows([
      ['brand_no', 'The creator’s brand number (as in the creator list)'],
      ['platform', PLATFORMS.join(', ')],
      ['month', 'YYYY-MM'],
      [
        'product',
        `Up to ${MARKET_LIMITS.productMax} characters; creator + platform + month + product is one record (re-importing updates it)`,
      ],
      ['items / orders', 'Whole numbers'],
      ['gmv / commission', 'Amounts with at most two decimals'],
      ['currency', CURRENCIES.join(', ')],
    ])
    return workbookBuffer(workbook)
  }
}
