import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'

/*
| The platforms' creator-center exports the import tests upload, built from
| tests/fixtures/platforms/exports/<name>.json (the titles each platform
| publishes, rows of figures: see the README there) as the platform gives
| them: an .xlsx of one sheet with the titles in the first row, or a UTF-8
| CSV with a byte-order mark.
*/

export interface ExportFixture {
  platform: string
  file: 'xlsx' | 'csv'
  sheet: string | null
  titles: string[]
  rows: (string | number)[][]
}

const FOLDER = new URL('../fixtures/platforms/exports/', import.meta.url)

export async function exportFixture(name: string): Promise<ExportFixture> {
  return JSON.parse(await readFile(new URL(`${name}.json`, FOLDER), 'utf8'))
}

/** An .xlsx of the titles and rows (with `above`: lines before the title row, as some pages add). */
export async function exportWorkbook(
  fixture: Pick<ExportFixture, 'titles' | 'rows' | 'sheet'>,
  above: string[] = []
) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(fixture.sheet ?? 'Sheet1')
  for (const line of above) sheet.addRow([line])
  sheet.addRow(fixture.titles)
  for (const row of fixture.rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A CSV of the titles and rows, UTF-8 with a BOM as Excel-friendly downloads are. */
export function exportCsv(fixture: Pick<ExportFixture, 'titles' | 'rows'>) {
  const quote = (value: string | number) => {
    const text = String(value)
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  const lines = [fixture.titles, ...fixture.rows].map((row) => row.map(quote).join(','))
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n')])
}

/** The upload of a fixture as the platform gives it: bytes, file name and type. */
export async function exportUpload(name: string) {
  const fixture = await exportFixture(name)
  if (fixture.file === 'csv') {
    return { bytes: exportCsv(fixture), filename: `${name}.csv`, contentType: 'text/csv' }
  }
  return {
    bytes: await exportWorkbook(fixture),
    filename: `${name}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }
}
