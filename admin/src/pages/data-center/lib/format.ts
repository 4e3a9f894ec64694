import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Numbers of the metric screens in the reader's language: counts, compact
 * counts (12K, 1.2만, 12万), signed gains (+1,234), rates as percentages
 * (a rate of 0.0123 reads 1.23%) and indexes with one decimal.
 */
export function useMetricFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const lang = i18n.language
    const full = new Intl.NumberFormat(lang)
    const compactFormat = new Intl.NumberFormat(lang, {
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    const signedFormat = new Intl.NumberFormat(lang, { signDisplay: 'exceptZero' })
    const signedCompactFormat = new Intl.NumberFormat(lang, {
      notation: 'compact',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    })
    const percentFormat = new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 2,
    })
    const signedPercent = new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    })
    const decimal = new Intl.NumberFormat(lang, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    })
    const missing = (value: unknown) =>
      value === null || value === undefined || Number.isNaN(Number(value))
    return {
      number: (value: number | null | undefined) =>
        missing(value) ? '—' : full.format(Number(value)),
      compact: (value: number | null | undefined) =>
        missing(value) ? '—' : compactFormat.format(Number(value)),
      signed: (value: number | null | undefined) =>
        missing(value) ? '—' : signedFormat.format(Number(value)),
      signedCompact: (value: number | null | undefined) =>
        missing(value) ? '—' : signedCompactFormat.format(Number(value)),
      /** A rate (fraction) as a percentage. */
      percent: (value: number | null | undefined) =>
        missing(value) ? '—' : percentFormat.format(Number(value)),
      signedPercent: (value: number | null | undefined) =>
        missing(value) ? '—' : signedPercent.format(Number(value)),
      index: (value: number | null | undefined) =>
        missing(value) ? '—' : decimal.format(Number(value)),
    }
  }, [i18n.language])
}

export type MetricFormat = ReturnType<typeof useMetricFormat>
