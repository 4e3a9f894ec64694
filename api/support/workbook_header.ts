import { cellText } from '#support/workbook_cells'

/*
|--------------------------------------------------------------------------
| Finding the title row of an imported workbook
|--------------------------------------------------------------------------
|
| Staff fill workbooks their own way: a row of group titles above the real
| titles ("Contractor" over two columns, "Platforms" over ten), titles
| merged over two rows, a title typed "contract no" or "Phone Number",
| columns of their own. The title row is the row among the first ones
| that names the most known columns; rows above it are ignored, and rows
| right below it that are titles too (the template's key row) complete it.
| Merged cells are read through their master cell (applyMerges).
|
| A title matches a column:
| - exactly: the template's title or key (a trailing required '*' aside);
| - loosely: the same letters and digits once case, spaces, punctuation
|   and full-width forms are set aside ("contract no" → Contract No.), or
|   one of the column's declared aliases ("手机号" → Phone). Such a column
|   is read, with a warning naming the title it was read as.
| Any other title is not read and is reported, with the title it probably
| meant when one is close (a near miss such as "Bilibili ID"). Columns that
| decide which account data is collected for (UIDs) declare no aliases.
|
*/

/** A column an import reads. */
export interface HeaderColumn {
  key: string
  /** The template's title; the key is always accepted too. */
  title?: string
  /** Other titles meaning exactly this column (accepted, with a warning). */
  aliases?: readonly string[]
}

export type TitleWarningKey = 'alias' | 'near' | 'unknown' | 'duplicate'

/** A title that was read as another column's, or not read at all. */
export interface TitleWarning {
  key: TitleWarningKey
  /** The column's letter (A, B, … AA). */
  column: string
  /** The title as written in the file. */
  title: string
  /** The template title the column was read as (alias, duplicate) or probably meant (near). */
  meant?: string
}

export interface Header {
  /** The title row. */
  row: number
  /** The last header row: data starts below it. */
  lastRow: number
  /** Column number (1-based) → column key. */
  columns: Map<number, string>
  warnings: TitleWarning[]
}

/** A sheet row: its number and its values by column number (index 0 unused, as exceljs gives them). */
export interface SheetRow {
  number: number
  values: unknown[]
}

/** Rows searched for the title row. */
export const HEADER_SCAN_ROWS = 10

export function columnLetter(index: number) {
  let letters = ''
  let number = index
  while (number > 0) {
    const remainder = (number - 1) % 26
    letters = String.fromCharCode(65 + remainder) + letters
    number = Math.floor((number - 1) / 26)
  }
  return letters
}

const exactForm = (text: string) => text.replace(/\*/g, '').trim()
const looseForm = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')

function distance(a: string, b: string) {
  if (Math.abs(a.length - b.length) > 3) return Number.POSITIVE_INFINITY
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
    }
    previous = current
  }
  return previous[b.length]
}

type Match = { key: string; exact: boolean }

/** Matches titles to an import's columns. */
export class TitleMatcher {
  #exact = new Map<string, string>()
  #loose = new Map<string, string>()
  #titles = new Map<string, string>()

  constructor(columns: readonly HeaderColumn[]) {
    for (const column of columns) {
      const title = column.title ?? column.key
      this.#titles.set(column.key, title)
      for (const name of [column.key, title]) {
        this.#exact.set(exactForm(name), column.key)
        this.#loose.set(looseForm(name), column.key)
      }
      for (const alias of column.aliases ?? []) this.#loose.set(looseForm(alias), column.key)
    }
  }

  /** The template title of a column key. */
  titleOf(key: string) {
    return this.#titles.get(key) ?? key
  }

  match(text: string): Match | null {
    const exact = this.#exact.get(exactForm(text))
    if (exact) return { key: exact, exact: true }
    const loose = this.#loose.get(looseForm(text))
    return loose ? { key: loose, exact: false } : null
  }

  /** The column a title not matched probably meant: a few letters apart, or one inside the other. */
  suggest(text: string): string | null {
    const form = looseForm(text)
    if (!form) return null
    let best: { key: string; score: number } | null = null
    for (const [candidate, key] of this.#loose) {
      const score = distance(form, candidate)
      const limit = Math.max(1, Math.floor(Math.min(form.length, candidate.length) / 4))
      if (score <= limit && (!best || score < best.score)) best = { key, score }
    }
    if (best) return best.key
    for (const [candidate, key] of this.#loose) {
      const shorter = Math.min(form.length, candidate.length)
      if (shorter >= 4 && (form.includes(candidate) || candidate.includes(form))) return key
    }
    return null
  }
}

function matchRow(values: unknown[], matcher: TitleMatcher) {
  const matches = new Map<number, Match & { text: string }>()
  let filled = 0
  values.forEach((value, index) => {
    const text = cellText(value)
    if (index === 0 || text === null) return
    filled++
    const match = matcher.match(text)
    if (match) matches.set(index, { ...match, text })
  })
  const distinct = new Set([...matches.values()].map((match) => match.key)).size
  return { matches, filled, distinct }
}

/**
 * The header among the first `HEADER_SCAN_ROWS` rows: the row naming the most
 * columns (at least two; the first such row on a tie), completed by the title
 * rows right below it. Null when no row names two columns.
 */
export function findHeader(rows: SheetRow[], matcher: TitleMatcher): Header | null {
  const scanned = rows
    .filter((row) => row.number <= HEADER_SCAN_ROWS)
    .sort((a, b) => a.number - b.number)
    .map((row) => ({ ...row, ...matchRow(row.values, matcher) }))
  let best = -1
  for (const [index, row] of scanned.entries()) {
    if (row.distinct >= 2 && (best < 0 || row.distinct > scanned[best].distinct)) best = index
  }
  if (best < 0) return null

  const headerRows = [scanned[best]]
  for (let index = best + 1; index < scanned.length; index++) {
    const row = scanned[index]
    const previous = headerRows[headerRows.length - 1]
    if (row.number !== previous.number + 1 || row.distinct < 2 || row.distinct * 2 < row.filled) {
      break
    }
    headerRows.push(row)
  }

  const columns = new Map<number, string>()
  const exact = new Set<number>()
  const readAs = new Map<number, string>()
  const duplicateOf = new Map<number, string>()
  for (const row of headerRows) {
    for (const [index, match] of row.matches) {
      const owner = [...columns].find(([, key]) => key === match.key)?.[0]
      if (owner === index) {
        if (match.exact) exact.add(index)
        continue
      }
      if (owner !== undefined || columns.has(index)) {
        if (!columns.has(index)) duplicateOf.set(index, match.key)
        continue
      }
      columns.set(index, match.key)
      readAs.set(index, match.text)
      if (match.exact) exact.add(index)
    }
  }

  const warnings: TitleWarning[] = []
  const titled = new Set(headerRows.flatMap((row) => row.values.map((_, index) => index)))
  for (const index of [...titled].sort((a, b) => a - b)) {
    const text =
      readAs.get(index) ??
      headerRows.map((row) => cellText(row.values[index])).find((value) => value !== null)
    if (index === 0 || !text) continue
    const column = columnLetter(index)
    const key = columns.get(index)
    if (key) {
      if (!exact.has(index)) {
        warnings.push({ key: 'alias', column, title: text, meant: matcher.titleOf(key) })
      }
      continue
    }
    const duplicate = duplicateOf.get(index)
    if (duplicate) {
      warnings.push({ key: 'duplicate', column, title: text, meant: matcher.titleOf(duplicate) })
      continue
    }
    const meant = matcher.suggest(text)
    warnings.push(
      meant
        ? { key: 'near', column, title: text, meant: matcher.titleOf(meant) }
        : { key: 'unknown', column, title: text }
    )
  }

  return {
    row: headerRows[0].number,
    lastRow: headerRows[headerRows.length - 1].number,
    columns,
    warnings,
  }
}

/** A merged range, by row and column numbers (1-based, inclusive). */
export interface MergedRange {
  top: number
  left: number
  bottom: number
  right: number
}

const CELL_REF = /^([A-Z]{1,3})(\d{1,7})$/

function decodeCell(ref: string) {
  const match = CELL_REF.exec(ref.replace(/\$/g, '').toUpperCase())
  if (!match) return null
  let column = 0
  for (const letter of match[1]) column = column * 26 + (letter.charCodeAt(0) - 64)
  return { row: Number(match[2]), column }
}

/** 'A1:B2' → its range (null when it is not one). */
export function decodeRange(ref: string): MergedRange | null {
  const [from, to] = ref.split(':')
  const start = from ? decodeCell(from) : null
  const end = to ? decodeCell(to) : start
  if (!start || !end) return null
  return {
    top: Math.min(start.row, end.row),
    left: Math.min(start.column, end.column),
    bottom: Math.max(start.row, end.row),
    right: Math.max(start.column, end.column),
  }
}

/**
 * Gives every empty cell of a merged range its master's value (the top-left
 * cell, the only one a workbook stores), in the rows given; a row of the
 * range that is missing is added.
 */
export function applyMerges(rows: SheetRow[], merges: readonly MergedRange[]) {
  const byNumber = new Map(rows.map((row) => [row.number, row]))
  for (const range of merges) {
    const master = byNumber.get(range.top)?.values[range.left]
    if (cellText(master) === null) continue
    for (let number = range.top; number <= range.bottom; number++) {
      if (number > HEADER_SCAN_ROWS && !byNumber.has(number)) continue
      let row = byNumber.get(number)
      if (!row) {
        row = { number, values: [] }
        byNumber.set(number, row)
        rows.push(row)
      }
      for (let column = range.left; column <= range.right; column++) {
        if (cellText(row.values[column]) === null) row.values[column] = master
      }
    }
  }
  rows.sort((a, b) => a.number - b.number)
  return rows
}
