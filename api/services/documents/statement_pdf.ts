import type { Locale } from '#shared/constants'
import { renderPdf, type PdfBlock } from './pdf_renderer.js'
import { documentTemplate, fill, formatDay, formatMonth } from './templates.js'

/** The figures of SPEC §3 'Revenue statement', each already written as the statement prints it. */
export interface StatementFigures {
  month_fans: string
  monthly_increase: string
  views: string
  video_count: string
  carry_over: string
  monthly_revenue: string
  settleable_total: string
  platform_total: string
  china_tax: string
  after_tax: string
  split_ratio: string
  creator_total: string
  exchange_rate: string
  settled_krw: string
}

/**
 * What a revenue statement prints: plain strings, so that the settlement
 * computes and formats every amount (exact decimals) and this only lays
 * them out. `rates` and `roundingNotes` are printed as given, in order.
 */
export interface StatementPdfInput {
  creatorName: string
  channelName?: string | null
  /** `2026-10` */
  month: string
  /** The statement's number or reference, printed under the title and on every page. */
  reference: string
  /** The calendar day the statement was made (ISO). */
  issuedOn: string
  figures: StatementFigures
  rates: { name: string; rate: string }[]
  exchange: { rate: string; currency: string; date: string; source: string }
  roundingNotes: string[]
}

const SECTIONS: Record<'activity' | 'revenue' | 'settlement', (keyof StatementFigures)[]> = {
  activity: ['month_fans', 'monthly_increase', 'views', 'video_count'],
  revenue: [
    'carry_over',
    'monthly_revenue',
    'settleable_total',
    'platform_total',
    'china_tax',
    'after_tax',
  ],
  settlement: ['split_ratio', 'creator_total', 'exchange_rate', 'settled_krw'],
}

/** A creator's revenue statement for a month as a PDF in `lang` (see StatementPdfInput). */
export function renderStatementPdf(input: StatementPdfInput, lang: Locale): Promise<Buffer> {
  const template = documentTemplate(lang)
  const words = template.statement
  const month = formatMonth(input.month, lang)
  const creator = input.channelName
    ? `${input.creatorName} (${input.channelName})`
    : input.creatorName
  const values = {
    month,
    creator,
    number: input.reference,
    date: formatDay(input.issuedOn, lang),
  }
  const blocks: PdfBlock[] = [{ type: 'paragraph', text: fill(words.intro, values) }]
  for (const [section, fields] of Object.entries(SECTIONS)) {
    blocks.push({ type: 'heading', text: words.sections[section as keyof typeof SECTIONS] })
    blocks.push({
      type: 'rows',
      rows: fields.map((field) => [words.fields[field], input.figures[field]]),
    })
  }
  blocks.push({ type: 'heading', text: words.sections.rules })
  for (const rate of input.rates) {
    blocks.push({ type: 'note', text: fill(words.rate_line, rate) })
  }
  blocks.push({ type: 'note', text: fill(words.exchange_line, input.exchange) })
  for (const note of input.roundingNotes) blocks.push({ type: 'note', text: note })
  return renderPdf({
    lang,
    title: fill(words.title, values),
    subtitle: [fill(template.common.number, values), fill(template.common.issued_on, values)],
    blocks,
    footer: fill(template.common.footer, values),
    author: template.common.company,
  })
}
