import type { HttpContext } from '@adonisjs/core/http'
import type ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Text that a spreadsheet would take for a formula once its cell is edited
 * (OWASP "CSV injection"): starting with = + - @, a tab or a carriage
 * return. A plain number such as "-12.5" is no formula and is left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/

/** `'=1+2` for `=1+2`: written with a leading apostrophe, so the cell stays text when edited. */
export function quoteFormulaText(value: string) {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

/** The text an export quoted back as it was written (`'=1+2` → `=1+2`), for imports. */
export function unquoteFormulaText(value: string) {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}

/**
 * Every export's bytes: each text cell that would turn into a formula when
 * edited is quoted first (quoteFormulaText), whichever sheet wrote it.
 */
export async function workbookBuffer(workbook: ExcelJS.Workbook) {
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') {
          const quoted = quoteFormulaText(cell.value)
          if (quoted !== cell.value) cell.value = quoted
        }
      })
    })
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** `creators-template-2026-01-31.xlsx`, dated in the studio's time zone. */
export function datedFileName(prefix: string) {
  return `${prefix}-${DateTime.now().setZone(studioConfig.timezone).toISODate()}.xlsx`
}

/** Answers a workbook as a download (never cached unless `cache` is set). */
export function sendWorkbook(
  response: HttpContext['response'],
  buffer: Buffer,
  fileName: string,
  { cache = false }: { cache?: boolean } = {}
) {
  response.header('content-type', XLSX_MIME)
  response.header('content-disposition', `attachment; filename="${fileName}"`)
  if (!cache) response.header('cache-control', 'no-store')
  return response.send(buffer)
}

/**
 * Whether an upload's name says .xlsx, in any case (`.XLSX` from Windows
 * tools too). The name is only the first check: the bytes decide
 * (workbook_guard.ts), so upload routes ask the body parser for no extension.
 */
export function hasXlsxName(name: string | undefined | null) {
  return /\.xlsx$/i.test((name ?? '').trim())
}

/**
 * An exported sheet's title row: bold on the studio's pale blue, and kept
 * in view while scrolling unless `freeze` is off.
 */
export function titleRow(
  sheet: ExcelJS.Worksheet,
  titles: string[],
  { freeze = true }: { freeze?: boolean } = {}
) {
  const row = sheet.addRow(titles)
  row.font = { bold: true }
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } }
  if (freeze) sheet.views = [{ state: 'frozen', ySplit: 1 }]
  return row
}
