import { readCell } from '#support/workbook_cells'
import { TitleMatcher, findHeader, type HeaderColumn } from '#support/workbook_header'
import { sheetReader, type RawRow, type ReadResult } from '#support/workbook_stream'
import { exportColumns, PLATFORM_EXPORT_LIMITS } from '#shared/platform_exports'
import type { PlatformKey } from '#shared/constants'
import { readCsvRows } from '#services/metrics/account_imports/csv_rows'

/*
| Reads a platform export (.xlsx through the studio's streaming workbook
| reader, .csv through csv_rows.ts) into rows keyed by the columns of
| shared/platform_exports.ts, with the same header search (a title row
| among the first ten, titles of the platform's own words) and the same
| cell rules (NFKC, trimmed) as every workbook import.
*/

/** One HeaderColumn per title, so that each of a platform's titles reads exactly. */
function headerColumns(platform: PlatformKey): HeaderColumn[] {
  return exportColumns(platform).flatMap((column) =>
    // the first title last: warnings name a column by the title set last
    [...column.titles.slice(1), column.titles[0]].map((title) => ({ key: column.key, title }))
  )
}

const readers = new Map<PlatformKey, ReturnType<typeof sheetReader>>()

function xlsxReader(platform: PlatformKey) {
  let reader = readers.get(platform)
  if (!reader) {
    reader = sheetReader({
      columns: headerColumns(platform),
      sheetName: '',
      maxRows: PLATFORM_EXPORT_LIMITS.rowsMax,
      label: `${platform} export import`,
    })
    readers.set(platform, reader)
  }
  return reader
}

async function readCsv(path: string, platform: PlatformKey): Promise<ReadResult> {
  const read = await readCsvRows(path, PLATFORM_EXPORT_LIMITS.rowsMax)
  if ('problem' in read) {
    return read.problem === 'too_many_rows'
      ? {
          fileError: { key: 'errors.too_many_rows', data: { max: PLATFORM_EXPORT_LIMITS.rowsMax } },
        }
      : { fileError: { key: 'errors.unreadable' } }
  }
  const header = findHeader(read.rows, new TitleMatcher(headerColumns(platform)))
  if (!header) return { fileError: { key: 'errors.no_sheet' } }
  const rows: RawRow[] = []
  for (const row of read.rows) {
    if (row.number <= header.lastRow) continue
    const values: Record<string, string | null> = {}
    let any = false
    for (const [index, key] of header.columns) {
      const text = readCell(row.values[index], 'value').text
      values[key] = text
      if (text !== null) any = true
    }
    if (!any) continue
    if (rows.length >= PLATFORM_EXPORT_LIMITS.rowsMax) {
      return {
        fileError: { key: 'errors.too_many_rows', data: { max: PLATFORM_EXPORT_LIMITS.rowsMax } },
      }
    }
    rows.push({ row: row.number, values })
  }
  return {
    rows,
    headerRow: header.row,
    columns: new Set(header.columns.values()),
    warnings: header.warnings,
  }
}

/** The export's rows by column key, or why the file cannot be read. */
export function readExport(path: string, kind: 'xlsx' | 'csv', platform: PlatformKey) {
  return kind === 'csv' ? readCsv(path, platform) : xlsxReader(platform)(path)
}
