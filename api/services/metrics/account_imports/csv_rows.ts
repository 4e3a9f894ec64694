import { readFile } from 'node:fs/promises'
import type { SheetRow } from '#support/workbook_header'

/*
| A CSV export as sheet rows (values by column number from 1, as exceljs
| gives a sheet's), for the same header search and cell rules as a
| workbook. The file is small (its size is checked at upload), so it is read
| whole. Platforms write UTF-8 (often with a BOM), UTF-16 from Excel's
| "Unicode text", or GB18030 from older Windows tools: the bytes decide.
| A file with NUL bytes outside UTF-16, or with no line of two cells, is
| not a CSV (a renamed binary).
*/

type CsvRead = { rows: SheetRow[] } | { problem: 'unreadable' | 'too_many_rows' }

function decode(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3))
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  if (bytes.includes(0)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

/** The separator of the first line: comma, tab or semicolon, whichever it holds most. */
function separatorOf(text: string) {
  const line = text.slice(0, text.search(/\r?\n|$/))
  let best = ','
  let most = -1
  for (const candidate of [',', '\t', ';']) {
    const count = line.split(candidate).length - 1
    if (count > most) {
      best = candidate
      most = count
    }
  }
  return best
}

/** RFC 4180 fields: quoted fields may hold separators, doubled quotes and line breaks. */
function* records(text: string, separator: string): Generator<string[]> {
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === separator) {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      record.push(field)
      yield record
      record = []
      field = ''
    } else field += char
  }
  if (field !== '' || record.length) {
    record.push(field)
    yield record
  }
}

/** The rows of a CSV file, at most `maxRows` of them (blank lines aside). */
export async function readCsvRows(path: string, maxRows: number): Promise<CsvRead> {
  const text = decode(await readFile(path))
  if (text === null) return { problem: 'unreadable' }
  const separator = separatorOf(text)
  const rows: SheetRow[] = []
  let number = 0
  let wide = false
  for (const record of records(text, separator)) {
    number++
    if (record.every((value) => value.trim() === '')) continue
    if (rows.length >= maxRows + 10) return { problem: 'too_many_rows' }
    if (record.length >= 2) wide = true
    // values from index 1, as a sheet row's
    rows.push({ number, values: [undefined, ...record] })
  }
  return wide ? { rows } : { problem: 'unreadable' }
}
