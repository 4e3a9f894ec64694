import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import AuditService from '#services/audit/audit_service'
import { monthRange } from '#services/settlement/settlement_service'
import { dec, fixed } from '#services/settlement/settlement_math'
import type { Actor } from '#support/actor'
import { sheetReader, type RawRow } from '#support/workbook_stream'
import { translateTitleWarnings } from '#support/workbook_warnings'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import {
  REVENUE_CURRENCIES,
  REVENUE_KINDS,
  SETTLEMENT_LIMITS,
  type RevenueCurrency,
  type RevenueKind,
} from '#shared/settlement'

/** The revenue workbook's columns; `month` is optional (the import's month is given). */
const REVENUE_COLUMNS = [
  { key: 'brand_no', title: 'Brand No.', read: 'identifier' as const },
  { key: 'platform', title: 'Platform' },
  { key: 'kind', title: 'Kind', aliases: ['Revenue kind', 'Type'] },
  { key: 'currency', title: 'Currency' },
  { key: 'amount', title: 'Amount', aliases: ['Revenue'] },
  { key: 'note', title: 'Note', read: 'prose' as const },
  { key: 'month', title: 'Month' },
]
const REQUIRED = ['brand_no', 'platform', 'kind', 'currency', 'amount']

const readRevenueRows = sheetReader({
  columns: REVENUE_COLUMNS,
  sheetName: 'Revenue',
  maxRows: SETTLEMENT_LIMITS.importRowsMax,
  label: 'revenue import',
})

type Translate = (key: string, data?: Record<string, unknown>) => string

interface RevenueImportError {
  row: number
  column: string
  message: string
}

interface Parsed {
  row: number
  creatorId: number
  platform: PlatformKey
  kind: RevenueKind
  currency: RevenueCurrency
  amount: string
  note: string | null
}

/** The file's problems that stop the import before any row is checked. */
const FILE_ERRORS: Record<string, string> = {
  'errors.too_many_rows': 'settlement.errors.import_too_many',
  'errors.unreadable': 'settlement.errors.import_unreadable',
  'errors.no_sheet': 'settlement.errors.import_columns',
}

function parseRows(rows: RawRow[], month: string, creators: Map<string, number>, t: Translate) {
  const errors: RevenueImportError[] = []
  const parsed: Parsed[] = []
  const seen = new Map<string, number>()
  for (const raw of rows) {
    const cell = (key: string) => raw.values[key] ?? ''
    const fail = (column: string, key: string, data?: Record<string, unknown>) =>
      errors.push({ row: raw.row, column, message: t(key, data) })
    let creatorId = 0
    if (raw.notText?.includes('brand_no')) fail('brand_no', 'import.errors.enter_as_text')
    else {
      creatorId = creators.get(cell('brand_no').toUpperCase()) ?? 0
      if (!creatorId) fail('brand_no', 'settlement.import.creator')
    }
    const platform = cell('platform').toLowerCase() as PlatformKey
    if (!PLATFORMS.includes(platform)) fail('platform', 'settlement.import.platform')
    const kind = cell('kind').toLowerCase() as RevenueKind
    if (!REVENUE_KINDS.includes(kind)) fail('kind', 'settlement.import.kind')
    const currency = cell('currency').toUpperCase() as RevenueCurrency
    if (!REVENUE_CURRENCIES.includes(currency)) fail('currency', 'settlement.import.currency')
    const amountText = cell('amount').replace(/,/g, '')
    const amountOk =
      /^\d+(\.\d{1,2})?$/.test(amountText) && dec(amountText).lte(dec(SETTLEMENT_LIMITS.amountMax))
    if (!amountOk) fail('amount', 'settlement.import.amount')
    const rowMonth = cell('month')
    // a month Excel took for a date reads as YYYY-MM-DD…: its year and month
    if (rowMonth && rowMonth.slice(0, 7) !== month)
      fail('month', 'settlement.import.month', { month })
    const note = raw.values.note ?? null
    if (note && note.length > SETTLEMENT_LIMITS.noteMax) fail('note', 'settlement.import.note')
    const key = `${creatorId}:${platform}:${kind}:${currency}`
    if (creatorId && seen.has(key)) {
      fail('brand_no', 'settlement.import.duplicate', { row: seen.get(key) })
    }
    seen.set(key, raw.row)
    if (amountOk) {
      parsed.push({
        row: raw.row,
        creatorId,
        platform,
        kind,
        currency,
        amount: fixed(dec(amountText)),
        note,
      })
    }
  }
  return { errors, parsed }
}

/**
 * Imports a month's platform revenue from a workbook (node ace
 * revenue:import, POST /api/revenues/import). The sheet is streamed; every
 * row is checked first (errors by row and column, brand numbers only as typed
 * text); only a clean file is written, in one transaction, all rows or none.
 * A row updates the stored one of the same creator, platform, kind and
 * currency; a creator whose month is confirmed or paid is refused. With
 * `dryRun` nothing is written and the counts say what would be.
 */
export async function importRevenue(
  actor: Actor | null,
  path: string,
  month: string,
  options: { dryRun: boolean; t: Translate }
) {
  const { t } = options
  const read = await readRevenueRows(path)
  if ('fileError' in read) {
    const key = FILE_ERRORS[read.fileError.key] ?? 'settlement.errors.import_unreadable'
    return {
      fileError: t(key, { max: SETTLEMENT_LIMITS.importRowsMax, columns: REQUIRED.join(', ') }),
    }
  }
  const missing = REQUIRED.filter((column) => !read.columns.has(column))
  if (missing.length)
    return { fileError: t('settlement.errors.import_columns', { columns: missing.join(', ') }) }
  if (!read.rows.length) return { fileError: t('settlement.errors.import_empty') }
  const warnings = translateTitleWarnings(read.warnings, { t })

  const first = monthRange(month).first
  const known = await Creator.query().select('id', 'brand_no')
  const creators = new Map(known.map((row) => [row.brandNo.toUpperCase(), row.id]))
  const { errors, parsed } = parseRows(read.rows, month, creators, t)
  const closed = await Settlement.query()
    .where('month', first)
    .whereIn('status', ['confirmed', 'paid'])
    .select('creator_id')
  const locked = new Set(closed.map((row) => row.creatorId))
  for (const row of parsed) {
    if (locked.has(row.creatorId)) {
      errors.push({
        row: row.row,
        column: 'brand_no',
        message: t('settlement.errors.month_locked'),
      })
    }
  }
  const counts = { created: 0, updated: 0, unchanged: 0 }
  if (errors.length) return { month, dry_run: options.dryRun, ...counts, errors, warnings }

  const changes: Record<string, unknown>[] = []
  await db.transaction(async (trx) => {
    const stored = await PlatformRevenue.query({ client: trx }).where('month', first)
    const byKey = new Map(
      stored.map((row) => [`${row.creatorId}:${row.platform}:${row.kind}:${row.currency}`, row])
    )
    for (const row of parsed) {
      const existing = byKey.get(`${row.creatorId}:${row.platform}:${row.kind}:${row.currency}`)
      if (existing && existing.amount === row.amount && existing.note === row.note) {
        counts.unchanged++
        continue
      }
      if (existing) counts.updated++
      else counts.created++
      changes.push({
        creator_id: row.creatorId,
        platform: row.platform,
        kind: row.kind,
        currency: row.currency,
        before: existing ? existing.amount : null,
        after: row.amount,
      })
      if (options.dryRun) continue
      const target = existing ?? new PlatformRevenue()
      target.merge({
        creatorId: row.creatorId,
        month: first,
        platform: row.platform,
        kind: row.kind,
        currency: row.currency,
        amount: row.amount,
        note: row.note,
        updatedBy: actor?.user.id ?? null,
      })
      if (!existing) target.createdBy = actor?.user.id ?? null
      await target.useTransaction(trx).save()
    }
    if (options.dryRun || !changes.length) return
    const meta = { month, ...counts, changes: changes.slice(0, 500) }
    if (actor)
      await AuditService.log(actor, 'revenue.import', ['platform_revenue', null], meta, trx)
    else
      await AuditService.record(
        { action: 'revenue.import', subjectType: 'platform_revenue', meta },
        trx
      )
  })
  return { month, dry_run: options.dryRun, ...counts, errors: [], warnings }
}
