import ExcelJS from 'exceljs'
import { SALE_COLUMNS } from '#services/market/sale_service'

/** An .xlsx of product sales: the template's header row, then these rows. */
export async function salesWorkbook(
  rows: (string | number)[][],
  header: readonly string[] = SALE_COLUMNS
) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('sales')
  sheet.addRow([...header])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
