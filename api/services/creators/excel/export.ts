import Creator from '#models/creator'
import type User from '#models/user'
import { applyCreatorFilters, applyCreatorSort } from '#services/creators/creator_query'
import { creatorIdentity, isFailing } from '#services/creators/creator_presenter'
import { EXPORT_COLUMNS, EXPORT_SHEET_NAME } from '#services/creators/excel/columns'
import { newWorkbook, toBuffer, writeHeader } from '#services/creators/excel/workbook'
import { EXCEL_DATE, EXCEL_DATE_TIME, excelDate, excelDateTime } from '#support/excel_dates'
import { PLATFORMS } from '#shared/constants'
import type { CreatorListFilters } from '#validators/creator'

/** At most this many creators per export (the list's filters narrow it down). */
const EXPORT_MAX_ROWS = 50_000

/** One row of the list export: masked private values only. */
interface ExportRow {
  [key: string]: string | number | Date | null
}

/** Translates a key of resources/lang/<locale>/<file>.json (`exports.…`, `dashboard.…`). */
export type Translate = (key: string, data?: Record<string, unknown>) => string

/** The export's titles (row 1) in the reader's language, platforms by their names; row 2 keeps the keys. */
function exportTitles(t: Translate): Map<string, string> {
  const titles = new Map<string, string>()
  for (const column of EXPORT_COLUMNS) {
    titles.set(column.key, t(`exports.creators.columns.${column.key}`))
  }
  for (const platform of PLATFORMS) {
    const name = t(`dashboard.platforms.${platform}`)
    titles.set(`${platform}_uid`, t('exports.creators.platform_columns.uid', { platform: name }))
    titles.set(`${platform}_fans`, t('exports.creators.platform_columns.fans', { platform: name }))
  }
  return titles
}

/** A creator as one export row (`accounts` and `cpTeam` preloaded). */
function exportRowOf(creator: Creator): ExportRow {
  const row: ExportRow = {
    ...creatorIdentity(creator),
    contract_date: excelDate(creator.contractDate),
    end_date: excelDate(creator.endDate),
    cancel_date: excelDate(creator.cancelDate),
    cp_team: creator.cpTeam?.key ?? null,
    total_fans: creator.totalFans,
    failing: isFailing(creator, creator.accounts) ? 'yes' : 'no',
    phone_masked: creator.phoneMasked,
    email_masked: creator.emailMasked,
    passport_no_masked: creator.passportNoMasked,
    bank_account_masked: creator.bankAccountMasked,
    created_at: excelDateTime(creator.createdAt),
  }
  for (const account of creator.accounts) {
    row[`${account.platform}_uid`] = account.uid
    row[`${account.platform}_fans`] = account.fans
  }
  return row
}

/** The list export: the same title and key rows as the template, one creator per row. */
async function buildExport(rows: ExportRow[], t: Translate): Promise<Buffer> {
  const workbook = newWorkbook()
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME)
  const titles = exportTitles(t)
  writeHeader(
    sheet,
    EXPORT_COLUMNS.map((column) => ({ ...column, title: titles.get(column.key) ?? column.title }))
  )
  // real dates, shown in the studio's time zone (created_at) or as calendar days
  sheet.getColumn('created_at').numFmt = EXCEL_DATE_TIME
  for (const key of ['contract_date', 'end_date', 'cancel_date']) {
    sheet.getColumn(key).numFmt = EXCEL_DATE
  }
  const yes = t('exports.creators.values.yes')
  const no = t('exports.creators.values.no')
  for (const row of rows) {
    sheet.addRow({
      ...row,
      failing: row.failing === 'yes' ? yes : row.failing === 'no' ? no : null,
    })
  }
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: EXPORT_COLUMNS.length } }
  return toBuffer(workbook)
}

/**
 * The Excel export of the creator list: the rows the list's filters and
 * sorting select (every page, through the list's own `applyCreatorFilters`
 * and `applyCreatorSort`), with masked private values only — nothing is
 * ever decrypted here.
 */
export default class CreatorExportService {
  static async rows(filters: CreatorListFilters, user: User): Promise<ExportRow[]> {
    const query = Creator.query().withScopes((scopes) => scopes.visibleTo(user))
    applyCreatorFilters(query, filters, { userId: user.id })
    applyCreatorSort(query, filters)
    const creators = await query.preload('accounts').preload('cpTeam').limit(EXPORT_MAX_ROWS)
    return creators.map((creator) => exportRowOf(creator))
  }

  /** The workbook, its titles in the reader's language (`t` of the request's i18n). */
  static async workbook(filters: CreatorListFilters, user: User, t: Translate) {
    const rows = await this.rows(filters, user)
    return { rows: rows.length, buffer: await buildExport(rows, t) }
  }
}
