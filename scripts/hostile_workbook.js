import { crc32, createDeflateRaw } from 'node:zlib'

/**
 * Hostile workbooks for the tests and `npm run bench -- --abuse`, built in memory, without holding what they unpack to:
 * an .xlsx whose one sheet is `rows` rows of `rowXml`, deflated as it is
 * generated. With `lieAboutSize` the zip's headers claim the sheet is 1 KB.
 */
export async function hostileWorkbook({
  rows,
  rowXml = (n) => `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>x</t></is></c></row>`,
  lieAboutSize = false,
}) {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
  const tail = '</sheetData></worksheet>'
  const sheet = await deflateGenerated(function* () {
    yield head
    let batch = ''
    for (let n = 1; n <= rows; n++) {
      batch += rowXml(n)
      if (batch.length > 256 * 1024) {
        yield batch
        batch = ''
      }
    }
    yield batch + tail
  })
  const entries = [
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
    ),
    stored(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>'
    ),
    {
      name: 'xl/worksheets/sheet1.xml',
      method: 8,
      data: sheet.compressed,
      crc: sheet.crc,
      size: lieAboutSize ? 1024 : sheet.size,
    },
  ]
  return zipOf(entries)
}

function stored(name, text) {
  const data = Buffer.from(text)
  return { name, method: 0, data, crc: crc32(data), size: data.length }
}

async function deflateGenerated(generate) {
  const deflate = createDeflateRaw({ level: 9 })
  const chunks = []
  deflate.on('data', (chunk) => chunks.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  let crc = 0
  let size = 0
  for (const text of generate()) {
    const bytes = Buffer.from(text)
    crc = crc32(bytes, crc)
    size += bytes.length
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return { compressed: Buffer.concat(chunks), crc, size }
}

/** A plain zip (no zip64): local headers, data, central directory, end record. */
function zipOf(entries) {
  const parts = []
  const central = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(entry.method, 8)
    local.writeUInt32LE(entry.crc >>> 0, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    parts.push(local, name, entry.data)
    const record = Buffer.alloc(46)
    record.writeUInt32LE(0x02014b50, 0)
    record.writeUInt16LE(20, 4)
    record.writeUInt16LE(20, 6)
    record.writeUInt16LE(entry.method, 10)
    record.writeUInt32LE(entry.crc >>> 0, 16)
    record.writeUInt32LE(entry.data.length, 20)
    record.writeUInt32LE(entry.size, 24)
    record.writeUInt16LE(name.length, 28)
    record.writeUInt32LE(offset, 42)
    central.push(record, name)
    offset += local.length + name.length + entry.data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directory, end])
}
