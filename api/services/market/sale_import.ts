import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import Creator from '#models/creator'
import ProductSale from '#models/product_sale'
import StudioException from '#exceptions/studio_exception'
import AuditService from '#services/audit/audit_service'
import SaleService, { SALE_COLUMNS, monthDay } from '#services/market/sale_service'
import type { Actor } from '#support/actor'
import { cellPrimitive, readCell, type CellKind } from '#support/workbook_cells'
import {
  HEADER_SCAN_ROWS,
  TitleMatcher,
  findHeader,
  type Header,
  type SheetRow,
} from '#support/workbook_header'
import { translateTitleWarnings } from '#support/workbook_warnings'
import type { SaleInput } from '#validators/market'
import { CURRENCIES, PLATFORMS } from '#shared/constants'
import { MARKET_LIMITS } from '#shared/market'

type SaleColumn = (typeof SALE_COLUMNS)[number]

/** How each column's cells are read (support/workbook_cells.ts). */
const KIND_OF: Record<SaleColumn, CellKind> = {
  brand_no: 'identifier',
  platform: 'value',
  month: 'value',
  product: 'prose',
  items: 'value',
  orders: 'value',
  gmv: 'value',
  commission: 'value',
  currency: 'value',
}

const MATCHER = new TitleMatcher(SALE_COLUMNS.map((key) => ({ key })))

type Translate = (key: string, data?: Record<string, unknown>) => string

/** The first sheet whose first rows hold the columns' titles, with its header. */
function headerOf(workbook: ExcelJS.Workbook) {
  for (const sheet of workbook.worksheets) {
    const rows: SheetRow[] = []
    const last = Math.min(sheet.rowCount, HEADER_SCAN_ROWS)
    // a merged title reads as its master cell's value in a loaded workbook
    for (let number = 1; number <= last; number++) {
      rows.push({ number, values: (sheet.getRow(number).values ?? []) as unknown[] })
    }
    const header = findHeader(rows, MATCHER)
    if (header) return { sheet, header }
  }
  return null
}

/**
 * The product sales import (POST /api/products/sales/import). All or
 * nothing: every row is checked first (errors by row and column); only a
 * clean file is written, in one transaction, updating records that already
 * exist (same creator, platform, month and product). A row equal to its
 * stored record is counted as unchanged and not written. The title row may
 * sit below a group row; titles that are not read come back as warnings.
 */
export async function importSales(actor: Actor, bytes: Buffer, t: Translate) {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as any)
  } catch {
    throw new StudioException('market.errors.import_unreadable', { status: 422 })
  }
  const found = headerOf(workbook)
  const columnOf = new Map<string, number>(
    [...(found?.header.columns ?? [])].map(([index, key]) => [key, index])
  )
  const missing = SALE_COLUMNS.filter((column) => !columnOf.has(column))
  if (!found || missing.length)
    throw new StudioException('market.errors.import_columns', {
      status: 422,
      data: { columns: missing.join(', ') },
    })
  const { sheet, header } = found as { sheet: ExcelJS.Worksheet; header: Header }
  const warnings = translateTitleWarnings(header.warnings, { t })

  const known = await Creator.query().select('id', 'brand_no')
  const creators = new Map(known.map((row) => [row.brandNo, row.id]))
  const errors: { row: number; column: string; message: string }[] = []
  const inputs: SaleInput[] = []
  sheet.eachRow((row, number) => {
    if (number <= header.lastRow) return
    const notText = new Set<string>()
    const cells = new Map<SaleColumn, string>()
    for (const column of SALE_COLUMNS) {
      const value = row.getCell(columnOf.get(column)!).value
      const read = readCell(value, KIND_OF[column])
      if (read.notText) notText.add(column)
      let text = read.text ?? ''
      // a month Excel took for a date: its year and month
      if (column === 'month' && cellPrimitive(value) instanceof Date) text = text.slice(0, 7)
      cells.set(column, text)
    }
    const cell = (column: SaleColumn) => cells.get(column) ?? ''
    if (SALE_COLUMNS.every((column) => cell(column) === '')) return
    const fail = (column: string, key: string, data?: Record<string, unknown>) =>
      errors.push({ row: number, column, message: t(`market.import.${key}`, data) })
    let creatorId: number | undefined
    if (notText.has('brand_no')) {
      errors.push({ row: number, column: 'brand_no', message: t('import.errors.enter_as_text') })
    } else {
      creatorId = creators.get(cell('brand_no')) ?? creators.get(cell('brand_no').toUpperCase())
      if (!creatorId) fail('brand_no', 'creator')
    }
    const platform = cell('platform').toLowerCase()
    if (!(PLATFORMS as readonly string[]).includes(platform)) fail('platform', 'platform')
    const month = cell('month')
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) fail('month', 'month')
    const product = cell('product')
    if (!product || product.length > MARKET_LIMITS.productMax)
      fail('product', 'product', { max: MARKET_LIMITS.productMax })
    const whole = (column: 'items' | 'orders') => {
      const value = cell(column)
      if (!/^\d+$/.test(value) || Number(value) > MARKET_LIMITS.countMax) fail(column, 'whole')
      return Number(value)
    }
    const amount = (column: 'gmv' | 'commission') => {
      const value = cell(column).replace(/,/g, '')
      if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) > MARKET_LIMITS.amountMax)
        fail(column, 'amount')
      return Number(value)
    }
    const items = whole('items')
    const orders = whole('orders')
    const gmv = amount('gmv')
    const commission = amount('commission')
    const currency = (cell('currency') || 'CNY').toUpperCase()
    if (!(CURRENCIES as readonly string[]).includes(currency)) fail('currency', 'currency')
    inputs.push({
      creator_id: creatorId ?? 0,
      platform: platform as SaleInput['platform'],
      month,
      product,
      items,
      orders,
      gmv,
      commission,
      currency: currency as SaleInput['currency'],
    })
  })
  if (!inputs.length && !errors.length)
    throw new StudioException('market.errors.import_empty', { status: 422 })
  if (inputs.length > MARKET_LIMITS.importRowsMax)
    throw new StudioException('market.errors.import_too_many', {
      status: 422,
      data: { max: MARKET_LIMITS.importRowsMax },
    })
  if (errors.length) return { imported: 0, created: 0, updated: 0, unchanged: 0, errors, warnings }

  const counts = { created: 0, updated: 0, unchanged: 0 }
  await db.transaction(async (trx) => {
    for (const input of inputs) {
      const existing = await ProductSale.query({ client: trx })
        .where('creator_id', input.creator_id)
        .where('platform', input.platform)
        .where('month', monthDay(input.month))
        .where('product', input.product)
        .first()
      const sale = existing ?? new ProductSale()
      sale.useTransaction(trx)
      SaleService.applyInput(sale, input)
      if (existing && !sale.$isDirty) {
        counts.unchanged++
        continue
      }
      if (!existing) sale.createdBy = actor.user.id
      await sale.save()
      if (existing) counts.updated++
      else counts.created++
    }
    // the studio log records what changed: a file equal to what is stored leaves no entry
    if (counts.created + counts.updated > 0) {
      await AuditService.log(actor, 'sales.import', ['product_sale', null], counts, trx)
    }
  })
  return { imported: counts.created + counts.updated, ...counts, errors: [], warnings }
}
