import ExcelJS from 'exceljs'
import { ApiRequest } from '@japa/api-client'

/** The content type of the studio's .xlsx answers (templates, exports, downloads). */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Workbooks come back as Buffers: superagent does not buffer unknown content
 * types. Registered once for every test that imports this module.
 */
ApiRequest.addParser(XLSX, (res, callback) => {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  res.on('end', () => callback(null, Buffer.concat(chunks)))
  res.on('error', (error: Error) => callback(error, null))
})

/** A workbook read from an answer's body or a file's bytes. */
export async function loadWorkbook(buffer: unknown) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(buffer as any)
  return workbook
}

/** The rows of a sheet as plain arrays (ExcelJS rows start at index 1). */
export function rowsOf(sheet: ExcelJS.Worksheet) {
  const rows: unknown[][] = []
  sheet.eachRow((excelRow) => {
    rows.push((excelRow.values as unknown[]).slice(1))
  })
  return rows
}
