import { createReadStream } from 'node:fs'
import ExcelJS from 'exceljs'
import logger from '@adonisjs/core/services/logger'
import { readCell, type CellKind } from '#support/workbook_cells'
import {
  HEADER_SCAN_ROWS,
  TitleMatcher,
  applyMerges,
  findHeader,
  type Header,
  type HeaderColumn,
  type MergedRange,
  type SheetRow,
  type TitleWarning,
} from '#support/workbook_header'
import { headerMerges } from '#support/workbook_merges'

/*
|--------------------------------------------------------------------------
| Streaming an uploaded workbook's rows
|--------------------------------------------------------------------------
|
| The rows of the sheet an import names (else of the first sheet with a
| header naming its columns), each as its cells' text keyed by column,
| streamed so that memory stays flat whatever the sheet's size. The header
| is found among the first rows (workbook_header.ts: a group row above the
| titles, titles merged over two rows, near-miss titles reported as
| warnings); cells are read by their column's kind (workbook_cells.ts:
| identifiers only as typed text, NFKC).
|
*/

export interface RawRow {
  row: number
  values: Record<string, string | null>
  /** Identifier columns whose cell is a number or a date instead of typed text. */
  notText?: string[]
}

export interface SheetRows {
  rows: RawRow[]
  headerRow: number
  columns: Set<string>
  /** Titles read as another column's, or not read (by column letter). */
  warnings: TitleWarning[]
}

export type ReadResult = SheetRows | { fileError: { key: string; data?: Record<string, number> } }

/** What an import reads: its columns (with how each cell is read), its sheet and its row limit. */
export interface SheetSpec {
  columns: readonly (HeaderColumn & { read?: CellKind })[]
  /** The sheet preferred over any other with the header. */
  sheetName: string
  maxRows: number
  /** A data row to pass over (an example row of the template). */
  skip?: (values: Record<string, string | null>) => boolean
  /** Names the import in the log when a workbook cannot be read. */
  label: string
}

interface Reading {
  matcher: TitleMatcher
  kindOf: Map<string, CellKind>
  spec: SheetSpec
}

function rowValues(values: unknown[], header: Header, reading: Reading) {
  const out: Record<string, string | null> = {}
  const notText: string[] = []
  let any = false
  for (const [index, key] of header.columns) {
    const cell = readCell(values[index], reading.kindOf.get(key) ?? 'value')
    out[key] = cell.text
    if (cell.text !== null) any = true
    if (cell.notText) notText.push(key)
  }
  if (!any) return null
  return notText.length ? { values: out, notText } : { values: out }
}

/**
 * Reads one sheet: its first rows are held until the header is found among
 * them (merged titles read through their master cell), then every row below
 * the header is read. A sheet without a header gives null; its rows are
 * skipped without being kept.
 */
async function readSheet(
  worksheet: AsyncIterable<ExcelJS.Row>,
  merges: readonly MergedRange[],
  reading: Reading,
  onRows: (count: number) => Promise<void> | void
): Promise<SheetRows | 'too_many' | null> {
  const first: SheetRow[] = []
  let header: Header | null = null
  let decided = false
  let tooMany = false
  const rows: RawRow[] = []

  const decide = () => {
    decided = true
    const titles = first.map((row) => ({ number: row.number, values: [...row.values] }))
    header = findHeader(applyMerges(titles, merges), reading.matcher)
  }
  /** Keeps a data row; false once the file holds too many. */
  const take = async (number: number, values: unknown[], found: Header) => {
    if (number <= found.lastRow) return true
    const data = rowValues(values, found, reading)
    if (!data) return true
    if (reading.spec.skip?.(data.values)) return true
    if (rows.length >= reading.spec.maxRows) return false
    rows.push({ row: number, ...data })
    if (rows.length % 500 === 0) await onRows(rows.length)
    return true
  }

  const takeHeld = async () => {
    for (const held of header ? first : []) {
      if (!(await take(held.number, held.values, header!))) return false
    }
    return true
  }

  for await (const row of worksheet) {
    const values = (row.values ?? []) as unknown[]
    if (!decided) {
      if (row.number <= HEADER_SCAN_ROWS) {
        first.push({ number: row.number, values })
        continue
      }
      decide()
      if (!(await takeHeld())) {
        tooMany = true
        break
      }
    }
    if (!header) continue
    if (!(await take(row.number, values, header))) {
      tooMany = true
      break
    }
  }
  if (!decided) {
    decide()
    tooMany = !(await takeHeld())
  }

  if (tooMany) return 'too_many'
  const found = header as Header | null
  return found
    ? {
        rows,
        headerRow: found.row,
        columns: new Set(found.columns.values()),
        warnings: found.warnings,
      }
    : null
}

/** A reader of `spec`'s sheets: `(path, onRows) => rows or a file error`. */
export function sheetReader(spec: SheetSpec) {
  const reading: Reading = {
    matcher: new TitleMatcher(spec.columns),
    kindOf: new Map(spec.columns.map((column) => [column.key, column.read ?? 'value'])),
    spec,
  }
  /**
   * Streams the workbook (exceljs's streaming reader: memory stays flat
   * whatever the sheet's size) and returns the data rows of the sheet named
   * `spec.sheetName`, else of the first sheet with the columns' header.
   */
  return async function readRows(
    path: string,
    onRows: (count: number) => Promise<void> | void = () => {}
  ): Promise<ReadResult> {
    const merges = await headerMerges(path)
    const stream = createReadStream(path)
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    })
    let chosen: SheetRows | null = null
    try {
      for await (const worksheet of reader) {
        const { name, id } = worksheet as unknown as { name?: string; id?: string | number }
        const preferred =
          String(name ?? '')
            .trim()
            .toLowerCase() === spec.sheetName.toLowerCase()
        const sheet = await readSheet(
          worksheet as unknown as AsyncIterable<ExcelJS.Row>,
          merges.get(String(id)) ?? [],
          reading,
          chosen && !preferred ? () => {} : onRows
        )
        if (sheet === 'too_many') {
          return { fileError: { key: 'errors.too_many_rows', data: { max: spec.maxRows } } }
        }
        if (sheet && (preferred || !chosen)) chosen = sheet
      }
    } catch (error) {
      logger.warn({ err: error }, `${spec.label}: the workbook could not be read`)
      return { fileError: { key: 'errors.unreadable' } }
    } finally {
      stream.destroy()
    }
    return chosen ?? { fileError: { key: 'errors.no_sheet' } }
  }
}
