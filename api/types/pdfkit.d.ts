/*
| The parts of pdfkit and fontkit the document renderer uses (neither package
| ships type declarations for its ES module entry).
*/
declare module 'pdfkit' {
  import type { Font } from 'fontkit'
  interface TextOptions {
    width?: number
    align?: 'left' | 'center' | 'right' | 'justify'
    continued?: boolean
    lineGap?: number
    paragraphGap?: number
  }
  interface DocumentOptions {
    size?: string
    margin?: number
    bufferPages?: boolean
    autoFirstPage?: boolean
    compress?: boolean
    info?: Record<string, string | Date>
    lang?: string
    displayTitle?: boolean
  }
  export default class PDFDocument {
    constructor(options?: DocumentOptions)
    x: number
    y: number
    page: {
      width: number
      height: number
      margins: { top: number; bottom: number; left: number; right: number }
    }
    registerFont(name: string, source: Buffer | Font): this
    font(name: string): this
    fontSize(size: number): this
    fillColor(color: string): this
    strokeColor(color: string): this
    lineWidth(width: number): this
    text(text: string, options?: TextOptions): this
    text(text: string, x: number, y: number, options?: TextOptions): this
    heightOfString(text: string, options?: TextOptions): number
    widthOfString(text: string): number
    moveDown(lines?: number): this
    moveTo(x: number, y: number): this
    lineTo(x: number, y: number): this
    rect(x: number, y: number, w: number, h: number): this
    stroke(): this
    addPage(): this
    bufferedPageRange(): { start: number; count: number }
    switchToPage(index: number): this
    on(event: 'data', listener: (chunk: Buffer) => void): this
    on(event: 'end', listener: () => void): this
    on(event: 'error', listener: (error: Error) => void): this
    end(): void
  }
}

declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean
    /** pdfkit recognises a parsed font by this method. */
    layout(text: string): unknown
  }
  export function create(buffer: Buffer): Font
}
