import Big from 'big.js'
import i18nManager from '@adonisjs/i18n/services/main'
import User from '#models/user'
import type Settlement from '#models/settlement'
import { LOCALES, type Locale } from '#shared/constants'
import { renderStatementPdf, type StatementPdfInput } from '#services/documents/statement_pdf'
import { groupedDecimal } from '#support/money'
import { DEFAULT_SETTLEMENT_STEPS } from '#shared/settlement'

/** A decimal string with `places` decimals in `lang`'s digits grouping ('—' when there is none). */
function decimal(value: string | null | undefined, lang: Locale, places = 0) {
  if (value === null || value === undefined || value === '') return '—'
  return groupedDecimal(value, lang, places)
}

const won = (value: string | null | undefined, lang: Locale) => `₩${decimal(value, lang)}`

/**
 * The language a statement is printed in: the one asked for, else the
 * creator's own account's, else the caller's.
 */
export async function statementLanguage(
  settlement: Settlement,
  asked: Locale | undefined,
  caller: string
): Promise<Locale> {
  if (asked) return asked
  await settlement.load('creator')
  const owner = settlement.creator?.userId ? await User.find(settlement.creator.userId) : null
  if (owner?.locale) return owner.locale
  return (LOCALES as string[]).includes(caller) ? (caller as Locale) : 'en'
}

/**
 * What the statement PDF prints (SPEC §3 'Revenue statement'): every figure
 * of the stored statement written in `lang` (amounts in won to the won, as
 * settled), the rates, order of operations and rounding rules it was computed
 * with, and the exchange rate of each foreign currency with its date and source.
 */
async function statementPdfInput(settlement: Settlement, lang: Locale) {
  const t = (key: string, data?: Record<string, unknown>) =>
    i18nManager.locale(lang).t(`settlement.pdf.${key}`, data)
  await settlement.load('creator')
  const foreign = [
    ...new Map(
      settlement.lines
        .filter((line) => line.currency !== 'KRW')
        .map((line) => [line.currency, line] as const)
    ).values(),
  ]
  const exchange = foreign.map(
    (line) => `${line.currency} ${decimal(line.rate, lang, 4)} (${line.rate_date ?? '—'})`
  )
  const input: StatementPdfInput = {
    creatorName: settlement.creator?.channelName ?? `#${settlement.creatorId}`,
    channelName: settlement.creator?.brandNo ?? null,
    month: settlement.month.slice(0, 7),
    reference: `ST-${settlement.month.slice(0, 7)}-${String(settlement.id).padStart(6, '0')}`,
    issuedOn: (settlement.confirmedAt ?? settlement.updatedAt ?? settlement.createdAt)
      .toUTC()
      .toISODate()!,
    figures: {
      month_fans: decimal(String(settlement.monthFans), lang),
      monthly_increase: decimal(String(settlement.monthlyIncrease), lang),
      views: decimal(String(settlement.views), lang),
      video_count: decimal(String(settlement.videoCount), lang),
      carry_over: won(settlement.carryOverKrw, lang),
      monthly_revenue: won(settlement.monthlyRevenueKrw, lang),
      settleable_total: won(settlement.settleableTotalKrw, lang),
      platform_total: won(settlement.platformTotalKrw, lang),
      china_tax: won(settlement.chinaTaxKrw, lang),
      after_tax: won(settlement.afterTaxKrw, lang),
      split_ratio: t('split', {
        ad: decimal(settlement.adRatio ?? '0', lang, 2),
        other: decimal(settlement.otherRatio ?? '0', lang, 2),
      }),
      creator_total: won(settlement.creatorTotalKrw, lang),
      exchange_rate: exchange.length ? exchange.join(' · ') : t('no_exchange'),
      settled_krw: won(settlement.settledKrw, lang),
    },
    rates: [
      ...Object.entries(settlement.rules.rates).map(([key, rate]) => ({
        name: t(`rates.${key}`),
        rate: key.endsWith('_krw')
          ? won(rate, lang)
          : `${decimal(new Big(rate).times(100).toFixed(2), lang, 2)} %`,
      })),
      {
        name: t('order'),
        rate: (settlement.rules.steps ?? DEFAULT_SETTLEMENT_STEPS)
          .map((step, index) => `${index + 1}. ${t(`steps.${step}`)}`)
          .join(' → '),
      },
    ],
    exchange: {
      rate: foreign[0] ? decimal(foreign[0].rate, lang, 4) : '—',
      currency: foreign[0]?.currency ?? 'KRW',
      date: foreign[0]?.rate_date ?? settlement.rateDate,
      source: foreign[0]?.rate_source ?? '—',
    },
    roundingNotes: Object.entries(settlement.rules.rounding).map(([rule, how]) =>
      t('rounding_line', {
        rule: t(`rounding.${rule}`),
        how: t(`rounding_modes.${how.mode}`, { places: how.places }),
      })
    ),
  }
  return input
}

/** The statement as a PDF in `lang`. */
export async function statementPdf(settlement: Settlement, lang: Locale) {
  return renderStatementPdf(await statementPdfInput(settlement, lang), lang)
}
