import type { HttpContext } from '@adonisjs/core/http'
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
