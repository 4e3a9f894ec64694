import type { HttpContext } from '@adonisjs/core/http'
import StudioException from '#exceptions/studio_exception'
import { receiveWorkbook } from '#support/workbook_guard'
import { loadedWholeLimits } from '#support/workbook_import'
import { exportKindOf, PLATFORM_EXPORT_LIMITS } from '#shared/platform_exports'

/*
| The uploaded export: within the size limit (413), named .xlsx or .csv
| (422), and an .xlsx passing the workbook guard (a zip that unpacks within
| the limits and holds a workbook: a renamed file, a zip bomb or a lying
| name are refused before any reading). A CSV is not compressed: its size
| is the limit, and csv_rows.ts refuses one that is binary.
*/

const LIMITS = loadedWholeLimits(PLATFORM_EXPORT_LIMITS.rowsMax)
const KEYS = {
  missing: 'metric_imports.errors.file',
  unreadable: 'metric_imports.errors.unreadable',
}

export async function receivedExport(ctx: HttpContext) {
  const file = ctx.request.file('file', { size: PLATFORM_EXPORT_LIMITS.maxBytes })
  const kind = exportKindOf(file?.clientName)
  const refuse = (key: string, status: number, data: Record<string, unknown> = {}) => {
    throw new StudioException(key, { status, data })
  }
  if (file?.errors.some((error) => error.type === 'size')) {
    return refuse('errors.too_large', 413)
  }
  if (!file || !file.tmpPath || !kind) return refuse(KEYS.missing, 422)
  if (kind === 'csv') return { path: file.tmpPath, kind }
  const received = await receiveWorkbook(file, LIMITS, KEYS)
  if ('refusal' in received) {
    const { key, status, data } = received.refusal
    return refuse(key, status, data)
  }
  return { path: received.path, kind }
}
