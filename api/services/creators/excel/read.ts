import { createReadStream } from 'node:fs'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { EXAMPLE_MARKER, IMPORT_MAX_ROWS, SHEET_NAME } from '#services/creators/excel/columns'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'

/*
|--------------------------------------------------------------------------
| Reading an uploaded workbook
|--------------------------------------------------------------------------
|
| The rows of the 'Creators' sheet (else of the first sheet with the
| template's header), each as its cells' text keyed by column, streamed so
| that memory stays flat whatever the sheet's size.
|
*/

export interface RawRow {
  row: number
  values: Record<string, string | null>
}

/** A cell as text: rich text joined, formulas by their result, dates as YYYY-MM-DD; empty → null. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null
    return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  }
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? null : trimmed
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if (Array.isArray(cell.richText)) {
      return cellText(cell.richText.map((part: { text?: string }) => part?.text ?? '').join(''))
    }
    if ('result' in cell) return cellText(cell.result)
    if ('formula' in cell || 'sharedFormula' in cell) return null
    if ('text' in cell) return cellText(cell.text) ?? cellText(cell.hyperlink)
    if ('error' in cell) return String(cell.error)
  }
  return null
}

/** Normalises a header cell for matching: lower case, no required marker or extra spaces. */
export function headerText(value: unknown) {
  const text = cellText(value)
  if (!text) return null
  return text.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase()
}

const KEY_BY_HEADER = new Map<string, string>()
for (const column of IMPORT_COLUMNS) {
  KEY_BY_HEADER.set(column.key, column.key)
  KEY_BY_HEADER.set(column.title.toLowerCase(), column.key)
}

/** The column key a header cell names (by key, else by title), if any. */
export function columnKeyOf(value: unknown) {
  const text = headerText(value)
  return text ? (KEY_BY_HEADER.get(text) ?? null) : null
}

export interface SheetRows {
  rows: RawRow[]
  headerRow: number
  columns: Set<string>
}

export type ReadResult = SheetRows | { fileError: { key: string; data?: Record<string, number> } }

/** Maps header cells (by key, else by title) to column numbers. */
function headerMap(values: unknown[]) {
  const map = new Map<number, string>()
  let filled = 0
  values.forEach((value, index) => {
    if (cellText(value) === null) return
    filled++
    const key = columnKeyOf(value)
    if (key && ![...map.values()].includes(key)) map.set(index, key)
  })
  return { map, filled }
}

/** A header names at least two template columns, and mostly template columns. */
function isHeader(candidate: { map: Map<number, string>; filled: number }) {
  return candidate.map.size >= 2 && candidate.map.size * 2 >= candidate.filled
}

function rowValues(values: unknown[], map: Map<number, string>) {
  const out: Record<string, string | null> = {}
  let any = false
  for (const [index, key] of map) {
    const text = cellText(values[index])
    out[key] = text
    if (text !== null) any = true
  }
  return any ? out : null
}

/**
 * Reads one sheet: the header is row 2 (the template's key row, completed by
 * row 1's titles) or, when row 2 is not a header, row 1 (titles only). A sheet
 * without a header gives null; its rows are skipped without being kept.
 */
async function readSheet(
  worksheet: AsyncIterable<ExcelJS.Row>,
  onRows: (count: number) => Promise<void> | void
): Promise<SheetRows | 'too_many' | null> {
  let header: Map<number, string> | null = null
  let headerRow = 0
  let titles: unknown[] | null = null
  let skip = false
  let tooMany = false
  const rows: RawRow[] = []

  for await (const row of worksheet) {
    if (skip) continue
    const values = (row.values ?? []) as unknown[]
    if (!header) {
      if (row.number === 1) {
        titles = values
        continue
      }
      if (row.number === 2) {
        const keys = headerMap(values)
        if (isHeader(keys)) {
          const named = new Set(keys.map.values())
          for (const [index, key] of titles ? headerMap(titles).map : []) {
            if (!keys.map.has(index) && !named.has(key)) keys.map.set(index, key)
          }
          header = keys.map
          headerRow = 2
          continue
        }
      }
      const first = titles ? headerMap(titles) : null
      if (first && isHeader(first)) {
        header = first.map
        headerRow = 1
      } else {
        skip = true
        continue
      }
    }
    const data = rowValues(values, header)
    if (!data) continue
    if ((data.brand_no ?? '').toUpperCase() === EXAMPLE_MARKER) continue
    if (rows.length >= IMPORT_MAX_ROWS) {
      tooMany = true
      break
    }
    rows.push({ row: row.number, values: data })
    if (rows.length % 500 === 0) await onRows(rows.length)
  }

  if (tooMany) return 'too_many'
  if (!header && titles) {
    // a title row alone: a header without data
    const first = headerMap(titles)
    if (isHeader(first)) {
      header = first.map
      headerRow = 1
    }
  }
  return header ? { rows, headerRow, columns: new Set(header.values()) } : null
}

/**
 * Streams the workbook (exceljs's streaming reader: memory stays flat
 * whatever the sheet's size) and returns the data rows of the sheet named
 * 'Creators', else of the first sheet with the template's header.
 */
export async function readRows(
  path: string,
  onRows: (count: number) => Promise<void> | void
): Promise<ReadResult> {
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
      const name = String((worksheet as unknown as { name?: string }).name ?? '')
      const preferred = name.trim().toLowerCase() === SHEET_NAME.toLowerCase()
      const sheet = await readSheet(
        worksheet as unknown as AsyncIterable<ExcelJS.Row>,
        chosen && !preferred ? () => {} : onRows
      )
      if (sheet === 'too_many') {
        return { fileError: { key: 'errors.too_many_rows', data: { max: IMPORT_MAX_ROWS } } }
      }
      if (sheet && (preferred || !chosen)) chosen = sheet
    }
  } catch (error) {
    logger.warn({ err: error }, 'creators import: the workbook could not be read')
    return { fileError: { key: 'errors.unreadable' } }
  } finally {
    stream.destroy()
  }
  return chosen ?? { fileError: { key: 'errors.no_sheet' } }
}
