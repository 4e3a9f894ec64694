import yauzl from 'yauzl'
import { HEADER_SCAN_ROWS, decodeRange, type MergedRange } from '#support/workbook_header'

export const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/
const MERGE = /<(?:[\w-]+:)?mergeCell\b[^>]*?\bref="([^"]+)"/g
/** Enough of a chunk's tail to hold one <mergeCell ref="…"/> cut in two. */
const CARRY = 256

/** What a pass over a workbook's zip with yauzl (its central directory) finds. */
export interface WorkbookSurvey {
  /** The merged ranges that start in the title rows, by sheet number. */
  merges: Map<string, MergedRange[]>
  /** The names of every part the file lists. */
  parts: Set<string>
}

/**
 * The parts a workbook lists, and the merged ranges that start in the first
 * rows (where the titles are) of each sheet, by sheet number
 * (xl/worksheets/sheet<N>.xml, the id exceljs's streaming reader gives a
 * worksheet). That reader ignores merges, and a sheet lists them after its
 * rows, so they are read first in a pass of their own; the workbook has
 * already been checked (workbook_guard.ts). Unreadable parts give no
 * ranges: the reader reports the file then.
 */
export async function surveyWorkbook(path: string): Promise<WorkbookSurvey> {
  const found = new Map<string, MergedRange[]>()
  const parts = new Set<string>()
  let zip: yauzl.ZipFile
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true }, (error, opened) =>
        error || !opened ? reject(error) : resolve(opened)
      )
    )
  } catch {
    return { merges: found, parts }
  }
  await new Promise<void>((resolve) => {
    const finish = () => {
      zip.close()
      resolve()
    }
    zip.on('error', finish)
    zip.on('end', finish)
    zip.on('entry', (entry: yauzl.Entry) => {
      parts.add(entry.fileName)
      const sheet = SHEET_PART.exec(entry.fileName)
      if (!sheet) return zip.readEntry()
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return finish()
        const ranges: MergedRange[] = []
        let carry = ''
        const scan = (text: string) => {
          for (const match of text.matchAll(MERGE)) {
            const range = decodeRange(match[1])
            if (range && range.top <= HEADER_SCAN_ROWS) ranges.push(range)
          }
        }
        stream.setEncoding('utf8')
        stream.on('data', (chunk: string) => {
          const text = carry + chunk
          // a tag cut at the end of the chunk is scanned with the next one
          const open = text.lastIndexOf('<')
          const unclosed = open >= 0 && text.indexOf('>', open) < 0 && text.length - open < CARRY
          const end = unclosed ? open : text.length
          scan(text.slice(0, end))
          carry = text.slice(end)
        })
        stream.on('error', finish)
        stream.on('end', () => {
          scan(carry)
          if (ranges.length) found.set(sheet[1], ranges)
          zip.readEntry()
        })
      })
    })
    zip.readEntry()
  })
  return { merges: found, parts }
}
