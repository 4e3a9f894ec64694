import { createReadStream } from 'node:fs'
import type { EventEmitter } from 'node:events'
import type { Readable } from 'node:stream'
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
import { SHEET_PART, surveyWorkbook, type WorkbookSurvey } from '#support/workbook_merges'

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
interface SheetSpec {
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

/**
 * exceljs's streaming reader reads a sheet on the spot once the shared
 * strings and the workbook's relationships have come, and names it from
 * workbook.xml, which may come later in the file (the order of the parts is
 * the writing tool's): that lookup then throws.
 * Here the relationships show only once workbook.xml has been read, so a
 * sheet that comes before it waits in a temporary file, as the reader
 * already does for a sheet that comes before the shared strings.
 */
class AnyOrderWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  #relationships: unknown

  get workbookRels() {
    return (this as { model?: unknown }).model ? this.#relationships : undefined
  }

  set workbookRels(relationships: unknown) {
    this.#relationships = relationships
  }
}

/** Where the reader gets a workbook's bytes (tests hand it others). */
export const workbookFiles = {
  open: (path: string): Readable => createReadStream(path),
}

const WORKBOOK_PART = 'xl/workbook.xml'
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml'

/** Reads of one workbook before a read that ended early is reported as unreadable. */
const READ_ATTEMPTS = 3

/**
 * The parts a read passed by though the file lists them: the workbook part
 * (the sheets' names), the shared strings (string cells' text) and every
 * sheet. exceljs's streaming reader rests on unzipper's Parse, whose stream
 * says it has ended once the file has been written into it, not once its
 * last entries have been passed on: now and then (about one read in a few
 * thousand of a small file) a read ends before the last parts, and a read
 * that went on would give sheets without names or strings.
 */
function passedBy(parts: Set<string>, read: Set<string>) {
  return [...parts].filter(
    (name) =>
      (name === WORKBOOK_PART || name === SHARED_STRINGS_PART || SHEET_PART.test(name)) &&
      !read.has(name)
  )
}

/** The part a reader's entry event stands for. */
function partOf(entry: { type: string; id?: string | number }) {
  if (entry.type === 'workbook') return WORKBOOK_PART
  if (entry.type === 'shared-strings') return SHARED_STRINGS_PART
  if (entry.type === 'worksheet') return `xl/worksheets/sheet${entry.id}.xml`
  return null
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
    const survey = await surveyWorkbook(path)
    for (let attempt = 1; ; attempt++) {
      const read = await readOnce(path, survey, onRows)
      if (!('passedBy' in read)) return read
      logger.warn(
        { parts: read.passedBy, attempt },
        `${spec.label}: a read of the workbook ended before parts it lists`
      )
      if (attempt >= READ_ATTEMPTS) return { fileError: { key: 'errors.unreadable' } }
    }
  }

  async function readOnce(
    path: string,
    survey: WorkbookSurvey,
    onRows: (count: number) => Promise<void> | void
  ): Promise<ReadResult | { passedBy: string[] }> {
    const stream = workbookFiles.open(path)
    const reader = new AnyOrderWorkbookReader(stream, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    })
    const read = new Set<string>()
    // exceljs's types leave out that the reader is an EventEmitter
    const events = reader as unknown as EventEmitter
    events.on('entry', (entry: { type: string; id?: string | number }) => {
      const part = partOf(entry)
      if (part) read.add(part)
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
          survey.merges.get(String(id)) ?? [],
          reading,
          chosen && !preferred ? () => {} : onRows
        )
        if (sheet === 'too_many') {
          return { fileError: { key: 'errors.too_many_rows', data: { max: spec.maxRows } } }
        }
        if (sheet && (preferred || !chosen)) chosen = sheet
      }
    } catch (error) {
      // a sheet read before the workbook part throws on its first date
      if (survey.parts.has(WORKBOOK_PART) && !read.has(WORKBOOK_PART)) {
        return { passedBy: passedBy(survey.parts, read) }
      }
      logger.warn({ err: error }, `${spec.label}: the workbook could not be read`)
      return { fileError: { key: 'errors.unreadable' } }
    } finally {
      stream.destroy()
    }
    const missed = passedBy(survey.parts, read)
    if (missed.length) return { passedBy: missed }
    return chosen ?? { fileError: { key: 'errors.no_sheet' } }
  }
}
