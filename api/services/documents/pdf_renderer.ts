import PDFDocument from 'pdfkit'
import type { Locale } from '#shared/constants'
import { FONT_CHAINS, fontFor, fontRuns, type FontWeight } from './fonts.js'

/** One block of a document, drawn top to bottom. */
export type PdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'rows'; rows: [label: string, value: string][] }
  | { type: 'note'; text: string }
  | { type: 'signature'; lines: string[] }

/** What a PDF shows: a title, its number and date lines, blocks and a footer on every page. */
export interface PdfSpec {
  lang: Locale
  title: string
  /** Short lines under the title (the number, the date). */
  subtitle: string[]
  blocks: PdfBlock[]
  footer: string
  author: string
}

const INK = '#1f1f1f'
const MUTED = '#666666'
const RULE = '#d9d9d9'

/**
 * Renders a document with pdfkit on A4, every string set in the language's
 * chain of Noto Sans CJK faces (api/services/documents/fonts.ts), so any mix
 * of Hangul, Hanzi, Kana and Latin prints. Resolves with the PDF's bytes.
 */
export function renderPdf(spec: PdfSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    lang: spec.lang,
    displayTitle: true,
    info: { Title: spec.title, Author: spec.author, Creator: spec.author },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const chain = FONT_CHAINS[spec.lang]
  const registered = new Set<string>()
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  /** Writes `text` at the cursor in runs of the faces that have its characters. */
  function write(text: string, weight: FontWeight, options: { width: number; x?: number }) {
    const runs = fontRuns(text || ' ', chain)
    runs.forEach((run, index) => {
      const name = `${run.face}-${weight}`
      if (!registered.has(name)) {
        doc.registerFont(name, fontFor(run.face, weight))
        registered.add(name)
      }
      doc.font(name)
      const last = index === runs.length - 1
      if (index === 0 && options.x !== undefined) {
        doc.text(run.text, options.x, doc.y, { width: options.width, continued: !last })
      } else {
        doc.text(run.text, { width: options.width, continued: !last })
      }
    })
  }

  function ensureRoom(height: number) {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 24) doc.addPage()
  }

  doc.fillColor(INK).fontSize(20)
  write(spec.title, 'bold', { width, x: left })
  doc.moveDown(0.3).fontSize(9).fillColor(MUTED)
  for (const line of spec.subtitle) write(line, 'regular', { width, x: left })
  doc.moveDown(0.6)
  doc
    .strokeColor(RULE)
    .lineWidth(1)
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke()
  doc.moveDown(0.8)

  for (const block of spec.blocks) {
    doc.fillColor(INK)
    if (block.type === 'heading') {
      ensureRoom(40)
      doc.moveDown(0.4).fontSize(12)
      write(block.text, 'bold', { width, x: left })
      doc.moveDown(0.3)
    } else if (block.type === 'paragraph') {
      doc.fontSize(10.5)
      write(block.text, 'regular', { width, x: left })
      doc.moveDown(0.6)
    } else if (block.type === 'note') {
      doc.fontSize(8.5).fillColor(MUTED)
      write(block.text, 'regular', { width, x: left })
      doc.moveDown(0.4)
    } else if (block.type === 'rows') {
      const labelWidth = width * 0.34
      doc.fontSize(10)
      for (const [label, value] of block.rows) {
        ensureRoom(20)
        const top = doc.y
        doc.fillColor(MUTED)
        write(label, 'regular', { width: labelWidth - 8, x: left })
        const afterLabel = doc.y
        doc.y = top
        doc.fillColor(INK)
        write(value, 'regular', { width: width - labelWidth, x: left + labelWidth })
        doc.y = Math.max(afterLabel, doc.y) + 3
        doc.strokeColor(RULE).lineWidth(0.5)
        doc
          .moveTo(left, doc.y - 1.5)
          .lineTo(left + width, doc.y - 1.5)
          .stroke()
      }
      doc.moveDown(0.5)
    } else {
      ensureRoom(90)
      doc.moveDown(1.5).fontSize(10.5)
      for (const line of block.lines) write(line, 'regular', { width, x: left })
    }
  }

  const range = doc.bufferedPageRange()
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.y = doc.page.height - 40
    doc.fontSize(8).fillColor(MUTED)
    write(`${spec.footer} · ${index + 1}/${range.count}`, 'regular', { width, x: left })
    doc.page.margins.bottom = bottom
  }
  doc.end()
  return done
}
