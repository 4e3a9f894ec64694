import ExcelJS from 'exceljs'
import { REPORT_FIGURES, REPORT_MONEY, type TeamReport } from '#shared/reports'
import { titleRow, workbookBuffer } from '#support/xlsx'

/** Translates a key of resources/lang/<locale>/reports.json (without the `reports.` prefix). */
export type Translate = (key: string, data?: Record<string, unknown>) => string

/** Sheet names stay English so that a reader (or a macro) finds them in any language. */
const REPORT_SHEETS = ['Teams', 'Totals'] as const

const INTEGER = '#,##0'
const WON = '#,##0.00'

function header(sheet: ExcelJS.Worksheet, titles: string[]) {
  titleRow(sheet, titles)
  titles.forEach((title, index) => {
    sheet.getColumn(index + 1).width = Math.max(12, title.length + 4)
  })
}

/** Figures as numbers with a thousands format; won amounts as numbers of two decimals. */
function figures(
  sheet: ExcelJS.Worksheet,
  lead: unknown[],
  row: Record<string, any>,
  money: boolean
) {
  const values = [
    ...lead,
    ...REPORT_FIGURES.map((key) => Number(row[key])),
    ...(money ? REPORT_MONEY.map((key) => Number(row[key])) : []),
  ]
  const added = sheet.addRow(values)
  const columns = REPORT_FIGURES.length + (money ? REPORT_MONEY.length : 0)
  for (let index = 0; index < columns; index++) {
    added.getCell(lead.length + index + 1).numFmt = index < REPORT_FIGURES.length ? INTEGER : WON
  }
}

/**
 * The team report as a workbook (GET /api/reports/teams/download): one row
 * per month and team, then the months' totals; the money columns only when
 * the report has them; titles in the caller's language. Won amounts are the
 * report's exact two-decimal figures (a won total never exceeds what a
 * double holds to the cent).
 */
export async function buildTeamReportWorkbook(report: TeamReport, t: Translate) {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const titles = [
    ...REPORT_FIGURES.map((key) => t(`columns.${key}`)),
    ...(report.money ? REPORT_MONEY.map((key) => t(`columns.${key}`)) : []),
  ]
  const names = new Map(report.teams.map((team) => [team.team_id, team.name]))

  const teams = workbook.addWorksheet(REPORT_SHEETS[0])
  header(teams, [t('columns.month'), t('columns.team'), ...titles])
  for (const row of report.rows) {
    const name = row.team_id === null ? t('no_team') : (names.get(row.team_id) ?? row.team)
    figures(teams, [row.month, name], row, report.money)
  }

  const totals = workbook.addWorksheet(REPORT_SHEETS[1])
  header(totals, [t('columns.month'), ...titles])
  for (const row of report.totals) figures(totals, [row.month], row, report.money)

  return workbookBuffer(workbook)
}
