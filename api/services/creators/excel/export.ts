import type { DateTime } from 'luxon'
import Creator from '#models/creator'
import type User from '#models/user'
import { applyCreatorFilters, applyCreatorSort } from '#services/creators/creator_query'
import { creatorIdentity, isFailing } from '#services/creators/creator_presenter'
import { EXPORT_COLUMNS, EXPORT_SHEET_NAME } from '#services/creators/excel/columns'
import { newWorkbook, toBuffer, writeHeader } from '#services/creators/excel/workbook'
import type { CreatorListFilters } from '#validators/creator'

/** At most this many creators per export (the list's filters narrow it down). */
export const EXPORT_MAX_ROWS = 50_000

/** One row of the list export: masked private values only. */
export interface ExportRow {
  [key: string]: string | number | Date | null
}

const dateOf = (value: DateTime | null) => (value ? value.toJSDate() : null)

/** A creator as one export row (`accounts` and `cpTeam` preloaded). */
function exportRowOf(creator: Creator): ExportRow {
  const row: ExportRow = {
    ...creatorIdentity(creator),
    contract_date: dateOf(creator.contractDate),
    end_date: dateOf(creator.endDate),
    cancel_date: dateOf(creator.cancelDate),
    cp_team: creator.cpTeam?.key ?? null,
    total_fans: creator.totalFans,
    failing: isFailing(creator, creator.accounts) ? 'yes' : 'no',
    phone_masked: creator.phoneMasked,
    email_masked: creator.emailMasked,
    passport_no_masked: creator.passportNoMasked,
    bank_account_masked: creator.bankAccountMasked,
    created_at: creator.createdAt.toUTC().toISO(),
  }
  for (const account of creator.accounts) {
    row[`${account.platform}_uid`] = account.uid
    row[`${account.platform}_fans`] = account.fans
  }
  return row
}

/** The list export: the same title and key rows as the template, one creator per row. */
export async function buildExport(rows: ExportRow[]): Promise<Buffer> {
  const workbook = newWorkbook()
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME)
  writeHeader(sheet, EXPORT_COLUMNS)
  for (const row of rows) sheet.addRow(row)
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

  static async workbook(filters: CreatorListFilters, user: User) {
    const rows = await this.rows(filters, user)
    return { rows: rows.length, buffer: await buildExport(rows) }
  }
}
