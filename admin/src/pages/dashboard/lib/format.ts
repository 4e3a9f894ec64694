import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Numbers in the reader's language: full (1,234,567), compact (1.2M ·
 * 123.5만 · 123.5万), signed differences (+1,234 / −56) and growth rates
 * (+2.35%). Missing values are a dash.
 */
export function useDashboardFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const language = i18n.language
    const full = new Intl.NumberFormat(language, { maximumFractionDigits: 0 })
    const compact = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    const signed = new Intl.NumberFormat(language, {
      maximumFractionDigits: 0,
      signDisplay: 'exceptZero',
    })
    const signedCompact = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    })
    const percent = new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    })
    const krw = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'KRW',
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    const missing = (value: number | null | undefined) =>
      value === null || value === undefined || Number.isNaN(Number(value))
    return {
      format: (value: number | null | undefined) =>
        missing(value) ? '—' : full.format(Number(value)),
      compact: (value: number | null | undefined) =>
        missing(value) ? '—' : compact.format(Number(value)),
      /** Compact above 100,000 (a card's big number), full below. */
      short: (value: number | null | undefined) =>
        missing(value)
          ? '—'
          : Math.abs(Number(value)) >= 100_000
            ? compact.format(Number(value))
            : full.format(Number(value)),
      signed: (value: number | null | undefined) =>
        missing(value) ? '—' : signed.format(Number(value)),
      signedCompact: (value: number | null | undefined) =>
        missing(value)
          ? '—'
          : Math.abs(Number(value)) >= 100_000
            ? signedCompact.format(Number(value))
            : signed.format(Number(value)),
      /** A rate (0.0235) as a signed percentage (+2.35%). */
      percent: (value: number | null | undefined) =>
        missing(value) ? '—' : percent.format(Number(value)),
      krw: (value: number | null | undefined) => (missing(value) ? '—' : krw.format(Number(value))),
    }
  }, [i18n.language])
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>

/** A datetime of the API (ISO) in the reader's time and language. */
export function useDateTimeFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    })
    return (value: string | null | undefined) => {
      if (!value) return '—'
      const date = new Date(value)
      return Number.isNaN(date.getTime()) ? value : dateTime.format(date)
    }
  }, [i18n.language])
}
