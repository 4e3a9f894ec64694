import type { HttpContext } from '@adonisjs/core/http'
import type ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

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
