import { DateTime } from 'luxon'
import { unquoteFormulaText } from '#support/xlsx'

/*
|--------------------------------------------------------------------------
| Reading the cells of an imported workbook
|--------------------------------------------------------------------------
|
| Every workbook import (creators, product sales, and the ones to come)
| reads its cells through these rules, by the kind of its column:
|
| - identifier: phones, bank accounts, platform UIDs, contract, passport
|   and registration numbers. Only text is accepted: Excel turns a typed
|   010… into 10… and a 19-digit account into 6.22202123456789E+18, so a
|   number (or a date) in such a column is refused for its row, never
|   guessed back. Full-width characters become ASCII (NFKC) and zero-width
|   characters are removed.
| - value: codes, numbers, dates, e-mails, addresses of web pages. NFKC
|   (full-width digits, letters and punctuation, U+3000 spaces) and trimmed.
| - prose: names, addresses, remarks. Only odd spaces (U+3000, no-break
|   spaces…) become plain spaces and the ends are trimmed: the text is kept
|   as written.
|
*/

export type CellKind = 'identifier' | 'value' | 'prose'

/** What a cell holds once read: its text, or why it cannot be read as the column wants. */
interface ReadCell {
  text: string | null
  /** A number, date or yes/no where the column wants typed text. */
  notText?: boolean
}

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g
const EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g

/** A cell's text normalised for its column's kind (null when nothing is left). */
export function normaliseCellText(text: string, kind: CellKind): string | null {
  let out = kind === 'prose' ? text.replace(ODD_SPACES, ' ') : text.normalize('NFKC')
  if (kind === 'identifier') out = out.replace(ZERO_WIDTH, '')
  out = out.replace(EDGES, '')
  return out === '' ? null : out
}

/**
 * The value a cell shows, unwrapped: a formula's result, rich text joined, a
 * hyperlink's text; an Excel error as its code ('#N/A'). Null when empty or
 * a formula without a cached result.
 */
export function cellPrimitive(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
  ) {
    return value
  }
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if (Array.isArray(cell.richText)) {
      return cell.richText.map((part: { text?: string }) => part?.text ?? '').join('')
    }
    if ('result' in cell) return cellPrimitive(cell.result)
    if ('formula' in cell || 'sharedFormula' in cell) return null
    if ('text' in cell) {
      const text = cellPrimitive(cell.text)
      return text === null || text === '' ? cellPrimitive(cell.hyperlink) : text
    }
    if ('error' in cell) return String(cell.error)
  }
  return null
}

/**
 * A cell as plain text: dates as YYYY-MM-DD, numbers as JavaScript writes
 * them, text as it was entered (the apostrophe an export put before `=…` dropped); empty → null.
 */
export function cellText(value: unknown): string | null {
  const primitive = cellPrimitive(value)
  if (primitive === null) return null
  if (primitive instanceof Date) {
    if (Number.isNaN(primitive.getTime())) return null
    return DateTime.fromJSDate(primitive, { zone: 'utc' }).toISODate()
  }
  if (typeof primitive === 'number') return Number.isFinite(primitive) ? String(primitive) : null
  if (typeof primitive === 'boolean') return primitive ? 'true' : 'false'
  // an export's quoted formula-like text reads back as it was entered
  const trimmed = unquoteFormulaText(primitive.trim()).trim()
  return trimmed === '' ? null : trimmed
}

/**
 * Reads a cell for a column of `kind`. An identifier column takes text only:
 * a number, date or yes/no there is `notText` (the row is refused with
 * "enter as text"), whatever the cell's number format.
 */
export function readCell(value: unknown, kind: CellKind): ReadCell {
  const primitive = cellPrimitive(value)
  if (primitive === null) return { text: null }
  if (kind === 'identifier' && typeof primitive !== 'string') {
    return { text: cellText(primitive), notText: true }
  }
  const text = cellText(primitive)
  return { text: text === null ? null : normaliseCellText(text, kind) }
}
