import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import yauzl from 'yauzl'
import yazl from 'yazl'

/*
| Workbooks as staff make them in other tools: one sheet of their own name,
| the titles typed by hand (no key row), numbers typed as numbers, group
| rows and merged titles, strings shared (Excel) or inline (many
| generators). Rows start at row 1 as given.
*/

export interface TitledSheet {
  /** Row 1 first; values as typed (numbers stay numbers, null leaves a cell empty). */
  rows: unknown[][]
  /** Merged ranges ('A1:B1'), the master being the top-left cell. */
  merges?: string[]
  /** Number formats by column letter ('@' is Excel's Text format). */
  formats?: Record<string, string>
  name?: string
  /** Strings written inline in the sheet instead of in the shared strings part. */
  inline?: boolean
}

function fill(sheet: ExcelJS.Worksheet, options: TitledSheet) {
  // merged first: the streaming writer cannot go back to a committed row
  for (const range of options.merges ?? []) sheet.mergeCells(range)
  options.rows.forEach((values, index) => {
    const row = sheet.getRow(index + 1)
    values.forEach((value, column) => {
      if (value === null || value === undefined) return
      const cell = row.getCell(column + 1)
      cell.value = (
        options.inline && typeof value === 'string' ? { richText: [{ text: value }] } : value
      ) as ExcelJS.CellValue
      const format = options.formats?.[sheet.getColumn(column + 1).letter]
      if (format) cell.numFmt = format
    })
    row.commit()
  })
}

/** A workbook of one sheet holding `rows` (or the full options). */
export async function titledWorkbook(rows: unknown[][] | TitledSheet): Promise<Buffer> {
  const options = Array.isArray(rows) ? { rows } : rows
  const name = options.name ?? 'Sheet1'
  if (!options.inline) {
    const workbook = new ExcelJS.Workbook()
    workbook.creator = 'Other tool'
    fill(workbook.addWorksheet(name), options)
    return Buffer.from(await workbook.xlsx.writeBuffer())
  }
  // the streaming writer without shared strings writes each string in its cell
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  })
  const sheet = workbook.addWorksheet(name)
  fill(sheet as unknown as ExcelJS.Worksheet, options)
  sheet.commit()
  await workbook.commit()
  return Buffer.concat(chunks)
}

/** The names of a zip's entries, in the order they are stored. */
export async function zipEntryNames(zip: Buffer) {
  const entries = await zipEntries(zip)
  return entries.map((entry) => entry.name)
}

async function zipEntries(zip: Buffer) {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened)
    )
  )
  const entries: { name: string; data: Buffer }[] = []
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject)
    file.on('end', () => resolve())
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error)
        const parts: Buffer[] = []
        for await (const part of stream) parts.push(part as Buffer)
        entries.push({ name: entry.fileName, data: Buffer.concat(parts) })
        file.readEntry()
      })
    })
    file.readEntry()
  })
  return entries
}

/**
 * The same workbook stored again: the parts named in `first` first, in that
 * order (as other tools write them), then the rest as they were, leaving out
 * those named in `without`.
 */
export async function repackedWorkbook(
  workbook: Buffer,
  options: { first?: string[]; without?: string[] }
) {
  const first = options.first ?? []
  const entries = await zipEntries(workbook)
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length)
  // a stable sort: the parts not named keep their order
  const ordered = entries
    .filter((entry) => !options.without?.includes(entry.name))
    .sort((a, b) => rank(a.name) - rank(b.name))
  const zip = new yazl.ZipFile()
  for (const entry of ordered) {
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name)
    else zip.addBuffer(entry.data, entry.name)
  }
  zip.end()
  const parts: Buffer[] = []
  for await (const part of zip.outputStream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
