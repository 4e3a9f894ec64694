import ExcelJS from 'exceljs'
import type { ColumnType, SheetColumn } from '#services/creators/excel/columns'

/* The writing side shared by the template and the export. */

export const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F3A5F' },
}
const KEY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF2' } }
const REQUIRED_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF8A2D2D' },
}

/** Row 1: titles (required ones marked *); row 2: the field keys the importer reads. */
export function writeHeader(sheet: ExcelJS.Worksheet, columns: SheetColumn[]) {
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.width,
    style: numberFormatOf(column.type),
  }))
  const titles = sheet.getRow(1)
  const keys = sheet.getRow(2)
  columns.forEach((column, index) => {
    const title = titles.getCell(index + 1)
    title.value = column.required ? `${column.title} *` : column.title
    title.font = { bold: true, color: { argb: 'FFFFFFFF' } }
    title.fill = column.required ? REQUIRED_FILL : HEADER_FILL
    title.alignment = { vertical: 'middle', wrapText: true }
    const key = keys.getCell(index + 1)
    key.value = column.key
    key.font = { italic: true, size: 9, color: { argb: 'FF5B6B80' } }
    key.fill = KEY_FILL
  })
  titles.height = 30
  sheet.views = [{ state: 'frozen', xSplit: 0, ySplit: 2 }]
}

function numberFormatOf(type: ColumnType | undefined): Partial<ExcelJS.Style> {
  switch (type) {
    case 'date':
      return { numFmt: 'yyyy-mm-dd' }
    case 'integer':
      return { numFmt: '0' }
    case 'decimal':
      return { numFmt: '0.##' }
    case undefined:
      return {}
    default:
      // text: Excel keeps leading zeros of phones, accounts and uids, and '+82'
      return { numFmt: '@' }
  }
}

export { columnLetter } from '#support/workbook_header'

/** A new workbook signed by the studio. */
export function newWorkbook() {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'MCN Studio'
  workbook.created = new Date()
  return workbook
}

export { workbookBuffer as toBuffer } from '#support/xlsx'
