import { DateTime } from 'luxon'
import type { RawRow } from '#support/workbook_stream'
import { METRICS, type Metric } from '#shared/constants'

/*
| An export's rows as days: the day each row describes (2026-07-01,
| 2026/7/1, 2026年7月1日, 20260701, or an Excel day number), and per metric
| the running total and/or the day's change the row gives. Platforms write
| counts as 1,234, 3.2万, 1.1亿 or 12.5w, changes with a sign (净增粉丝 -11),
| and "-" or "--" where they have no figure: such a cell gives nothing.
| A row whose day or figures cannot be read is an error of that row (the
| other rows are still read); a day given twice is an error of the later row.
*/

export interface ExportDay {
  row: number
  date: string
  totals: Partial<Record<Metric, number>>
  changes: Partial<Record<Metric, number>>
}

interface RowProblem {
  row: number
  /** The column key ('date', 'fans', 'views_diff' …). */
  column: string
  /** Message key under metric_imports.rows. */
  key: 'date' | 'number' | 'negative' | 'duplicate'
  data?: Record<string, string | number>
}

const UNITS: Record<string, number> = { 万: 1e4, w: 1e4, W: 1e4, 亿: 1e8, k: 1e3, K: 1e3 }
const NUMBER = /^([+-]?)(\d[\d,]*(?:\.\d+)?|\.\d+)\s*([万亿wWkK]?)$/
const NO_FIGURE = /^[-–—]{1,2}$|^(?:n\/?a|null)$/i
/** Excel's day 1 is 1900-01-01 and counts a 1900-02-29 that never was: day 0 is 1899-12-30. */
const EXCEL_EPOCH = DateTime.fromISO('1899-12-30', { zone: 'utc' })

/** A figure as written: a number, null for "no figure", or undefined when it does not read. */
function exportNumber(text: string | null | undefined): number | null | undefined {
  if (text === null || text === undefined) return null
  const trimmed = text.replace(/\s+/g, '')
  if (trimmed === '' || NO_FIGURE.test(trimmed)) return null
  const match = NUMBER.exec(trimmed)
  if (!match) return undefined
  const value = Number(match[2].replace(/,/g, '')) * (UNITS[match[3]] ?? 1)
  if (!Number.isFinite(value)) return undefined
  return Math.round(match[1] === '-' ? -value : value)
}

/** The day a cell names (YYYY-MM-DD), or null. */
function exportDate(text: string | null | undefined): string | null {
  if (!text) return null
  const value = text.trim()
  if (/^\d{5}(\.\d+)?$/.test(value)) {
    const day = EXCEL_EPOCH.plus({ days: Math.floor(Number(value)) })
    return day.isValid ? day.toISODate() : null
  }
  const parts =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(value) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(value)
  if (!parts) return null
  const day = DateTime.fromObject(
    { year: Number(parts[1]), month: Number(parts[2]), day: Number(parts[3]) },
    { zone: 'utc' }
  )
  return day.isValid && day.year >= 2000 ? day.toISODate() : null
}

/** The rows as days, and the rows that cannot be read. */
export function exportDays(rows: RawRow[]) {
  const days: ExportDay[] = []
  const problems: RowProblem[] = []
  const seen = new Map<string, number>()
  for (const raw of rows) {
    const date = exportDate(raw.values.date)
    if (!date) {
      problems.push({
        row: raw.row,
        column: 'date',
        key: 'date',
        data: { value: raw.values.date ?? '' },
      })
      continue
    }
    const day: ExportDay = { row: raw.row, date, totals: {}, changes: {} }
    let readable = true
    for (const metric of METRICS) {
      for (const [column, into] of [
        [metric, day.totals],
        [`${metric}_diff`, day.changes],
      ] as const) {
        if (!(column in raw.values)) continue
        const value = exportNumber(raw.values[column])
        if (value === undefined) {
          problems.push({
            row: raw.row,
            column,
            key: 'number',
            data: { value: raw.values[column] ?? '' },
          })
          readable = false
        } else if (value !== null && value < 0 && into === day.totals) {
          problems.push({ row: raw.row, column, key: 'negative' })
          readable = false
        } else if (value !== null) into[metric] = value
      }
    }
    if (!readable) continue
    const earlier = seen.get(date)
    if (earlier !== undefined) {
      problems.push({
        row: raw.row,
        column: 'date',
        key: 'duplicate',
        data: { row: earlier, date },
      })
      continue
    }
    seen.set(date, raw.row)
    days.push(day)
  }
  days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return { days, problems }
}
