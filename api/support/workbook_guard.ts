import yauzl from 'yauzl'
import { hasXlsxName } from '#support/xlsx'

/**
 * What a workbook upload may hold once unpacked. The file's own size is
 * checked at upload; these hold for what it expands to.
 */
export interface WorkbookLimits {
  /** Bytes one part of the workbook (a sheet, the shared strings) may unpack to. */
  entryBytes: number
  /** Bytes all parts together may unpack to. */
  totalBytes: number
  /** Rows (`<row>` elements) all sheets together may hold. */
  rows: number
}

type WorkbookProblem =
  | { key: 'not_xlsx' | 'unreadable' }
  | { key: 'expands'; data: { max: number } }
  | { key: 'rows'; data: { max: number } }

const ROW_TAG = Buffer.from('<row')
const SHEET = /^xl\/worksheets\/[^/]+\.xml$/

/** How many times `needle` occurs in `chunk` (the tail of the previous chunk included). */
function countIn(chunk: Buffer, carry: Buffer, needle: Buffer) {
  const window = carry.length ? Buffer.concat([carry, chunk]) : chunk
  let count = 0
  for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, at + 1)) count++
  return { count, carry: window.subarray(Math.max(0, window.length - (needle.length - 1))) }
}

/**
 * Unpacks the workbook as a stream, counting the bytes each part really
 * inflates to (never trusting the sizes the zip claims) and the rows of its
 * sheets, and stops at the first limit crossed: a zip bomb or a file of a
 * hundred thousand rows is refused after reading only up to the limits,
 * with memory bounded by one inflate buffer. Answers null when the
 * workbook stays within them; only then may a reader load it.
 */
export async function checkWorkbook(
  path: string,
  limits: WorkbookLimits
): Promise<WorkbookProblem | null> {
  let zip: yauzl.ZipFile
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (error, opened) =>
        error || !opened ? reject(error) : resolve(opened)
      )
    )
  } catch {
    return { key: 'not_xlsx' }
  }

  const expands = {
    key: 'expands',
    data: { max: Math.round(limits.totalBytes / 1024 / 1024) },
  } as const
  const tooManyRows = { key: 'rows', data: { max: limits.rows } } as const
  let total = 0
  let rows = 0
  let sawWorkbook = false

  try {
    return await new Promise<WorkbookProblem | null>((resolve) => {
      const finish = (problem: WorkbookProblem | null) => {
        zip.close()
        resolve(problem)
      }
      zip.on('error', () => finish({ key: 'unreadable' }))
      zip.on('end', () => finish(sawWorkbook ? null : { key: 'not_xlsx' }))
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === 'xl/workbook.xml') sawWorkbook = true
        if (/\/$/.test(entry.fileName)) return zip.readEntry()
        if (entry.uncompressedSize > limits.entryBytes) return finish(expands)
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return finish({ key: 'unreadable' })
          const isSheet = SHEET.test(entry.fileName)
          let inEntry = 0
          let carry: Buffer = Buffer.alloc(0)
          let stopped = false
          const stop = (problem: WorkbookProblem) => {
            if (stopped) return
            stopped = true
            stream.destroy()
            finish(problem)
          }
          stream.on('data', (chunk: Buffer) => {
            inEntry += chunk.length
            total += chunk.length
            if (inEntry > limits.entryBytes || total > limits.totalBytes) return stop(expands)
            if (isSheet) {
              const counted = countIn(chunk, carry, ROW_TAG)
              carry = counted.carry
              rows += counted.count
              if (rows > limits.rows) stop(tooManyRows)
            }
          })
          // A part that inflates past the size its header claims ends in an error here.
          stream.on('error', () => stop({ key: 'unreadable' }))
          stream.on('end', () => {
            if (!stopped) zip.readEntry()
          })
        })
      })
      zip.readEntry()
    })
  } catch {
    return { key: 'unreadable' }
  }
}

/** The answer for a refused workbook: its message key, status and figures. */
export function workbookRefusal(problem: WorkbookProblem, unreadableKey: string) {
  if (problem.key === 'expands') {
    return { key: 'errors.workbook_expands', status: 413, data: problem.data }
  }
  if (problem.key === 'rows')
    return { key: 'errors.workbook_rows', status: 413, data: problem.data }
  return { key: unreadableKey, status: 422, data: {} }
}

/** Why an uploaded workbook is refused: the message key, the HTTP status and the figures. */
interface WorkbookRefusal {
  key: string
  status: number
  data: Record<string, unknown>
}

/**
 * The workbook of a multipart upload, checked in order: a file arrived
 * within the route's size (else 413 errors.too_large, or 422 `keys.missing`),
 * its name ends in .xlsx (422 `keys.missing`), and it unpacks within
 * `limits` (checkWorkbook; 413, or 422 `keys.unreadable`). Answers the
 * temporary path to read, or the refusal.
 */
export async function receiveWorkbook(
  file: { tmpPath?: string; clientName: string; errors: { type: string }[] } | null,
  limits: WorkbookLimits,
  keys: { missing: string; unreadable: string }
): Promise<{ path: string } | { refusal: WorkbookRefusal }> {
  if (!file || !file.tmpPath) {
    if (file?.errors.some((error) => error.type === 'size'))
      return { refusal: { key: 'errors.too_large', status: 413, data: {} } }
    return { refusal: { key: keys.missing, status: 422, data: {} } }
  }
  if (!hasXlsxName(file.clientName)) {
    return { refusal: { key: keys.missing, status: 422, data: {} } }
  }
  const problem = await checkWorkbook(file.tmpPath, limits)
  if (problem) return { refusal: workbookRefusal(problem, keys.unreadable) }
  return { path: file.tmpPath }
}
