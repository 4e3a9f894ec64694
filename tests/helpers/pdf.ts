import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiRequest } from '@japa/api-client'

/** PDFs come back as Buffers (superagent does not buffer unknown content types). */
ApiRequest.addParser('application/pdf', (res, callback) => {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  res.on('end', () => callback(null, Buffer.concat(chunks)))
  res.on('error', (error: Error) => callback(error, null))
})

/** Whether poppler's pdftotext is installed (poppler-utils, installed by .ci/run). */
export const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0

/** Why the PDF text tests skip when it is not. */
export const NO_PDFTOTEXT = 'pdftotext is not installed (apt-get install -y poppler-utils)'

/** The text of a PDF as pdftotext reads it (whitespace runs collapsed to one space). */
export function pdfText(pdf: Buffer) {
  const folder = mkdtempSync(join(tmpdir(), 'pdf-text-'))
  try {
    const file = join(folder, 'document.pdf')
    writeFileSync(file, pdf)
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim()
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The PDF of an answer. */
export function pdfOf(response: { body(): unknown }): Buffer {
  const body = response.body()
  if (!Buffer.isBuffer(body)) throw new Error('the answer is not a PDF')
  return body
}
