import type { HttpContext } from '@adonisjs/core/http'
import StudioException from '#exceptions/studio_exception'
import { receiveWorkbook, type WorkbookLimits } from '#support/workbook_guard'

/**
 * What a workbook that is loaded whole (a few thousand rows at most) may
 * unpack to before it is read: a real 5,000-row file unpacks to ~3 MB.
 */
export function loadedWholeLimits(rowsMax: number): WorkbookLimits {
  return { entryBytes: 16 * 1024 * 1024, totalBytes: 24 * 1024 * 1024, rows: rowsMax + 10 }
}

/**
 * The temporary path of the request's `file` (receiveWorkbook: within
 * `maxBytes`, named .xlsx, unpacking within `limits`); a refused workbook
 * is thrown as its translated 4xx.
 */
export async function receivedWorkbookPath(
  ctx: HttpContext,
  upload: { maxBytes: number; limits: WorkbookLimits },
  keys: { missing: string; unreadable: string }
) {
  const received = await receiveWorkbook(
    ctx.request.file('file', { size: upload.maxBytes }),
    upload.limits,
    keys
  )
  if ('refusal' in received) {
    const { key, status, data } = received.refusal
    throw new StudioException(key, { status, data })
  }
  return received.path
}

/**
 * The 422 of an import whose rows have errors (nothing is saved): the
 * translated `key` with the count, and the import's result for the rows.
 */
export function invalidImport<Result extends { errors: unknown[] }>(
  ctx: HttpContext,
  key: string,
  result: Result
) {
  ctx.response.status(422)
  return {
    status: 422,
    message: ctx.i18n.t(key, { count: result.errors.length }),
    data: result,
  }
}
