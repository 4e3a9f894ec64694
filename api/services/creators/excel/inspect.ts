import { open, stat } from 'node:fs/promises'
import { IMPORT_MAX_BYTES, IMPORT_MAX_UNCOMPRESSED_BYTES } from '#services/creators/excel/columns'

export type FileProblem =
  { key: 'not_xlsx' } | { key: 'too_large'; data: { max: number } } | { key: 'unreadable' }

/**
 * Checks an uploaded file before any Excel parsing: size, the ZIP magic
 * bytes, a readable ZIP directory that holds an Excel workbook, and the
 * uncompressed size (so that a small file cannot expand into gigabytes).
 */
export async function inspectWorkbookFile(path: string): Promise<FileProblem | null> {
  const tooLarge = { key: 'too_large', data: { max: IMPORT_MAX_BYTES / 1024 / 1024 } } as const
  let size: number
  try {
    const stats = await stat(path)
    size = stats.size
  } catch {
    return { key: 'unreadable' }
  }
  if (size > IMPORT_MAX_BYTES) return tooLarge
  if (size < 22) return { key: 'not_xlsx' }

  const handle = await open(path, 'r')
  try {
    const magic = Buffer.alloc(4)
    await handle.read(magic, 0, 4, 0)
    if (magic.readUInt32LE(0) !== 0x04034b50) return { key: 'not_xlsx' }

    // End of central directory: the last record, within the final 64 KiB + 22 bytes
    const tailLength = Math.min(size, 65_557)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let eocd = -1
    for (let index = tailLength - 22; index >= 0; index--) {
      if (tail.readUInt32LE(index) === 0x06054b50) {
        eocd = index
        break
      }
    }
    if (eocd < 0) return { key: 'unreadable' }
    const entries = tail.readUInt16LE(eocd + 10)
    const directorySize = tail.readUInt32LE(eocd + 12)
    const directoryOffset = tail.readUInt32LE(eocd + 16)
    if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) {
      return { key: 'unreadable' }
    }
    const directory = Buffer.alloc(directorySize)
    await handle.read(directory, 0, directorySize, directoryOffset)

    const names = new Set<string>()
    let uncompressed = 0
    let position = 0
    for (let entry = 0; entry < entries; entry++) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) {
        return { key: 'unreadable' }
      }
      const entrySize = directory.readUInt32LE(position + 24)
      const nameLength = directory.readUInt16LE(position + 28)
      const extraLength = directory.readUInt16LE(position + 30)
      const commentLength = directory.readUInt16LE(position + 32)
      if (entrySize === 0xffffffff) return tooLarge
      uncompressed += entrySize
      names.add(directory.toString('utf8', position + 46, position + 46 + nameLength))
      position += 46 + nameLength + extraLength + commentLength
    }
    if (uncompressed > IMPORT_MAX_UNCOMPRESSED_BYTES) return tooLarge
    if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml')) {
      return { key: 'not_xlsx' }
    }
    return null
  } catch {
    return { key: 'unreadable' }
  } finally {
    await handle.close()
  }
}
