import { useMemo } from 'react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { axisLabel } from './axis'
import { numberFormat } from './number-formats'

type Value = number | string | null | undefined

const COMPACT: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 }
const SIGNED: Intl.NumberFormatOptions = { signDisplay: 'exceptZero' }

/** Formatters of one language: a missing value (null, empty, not a number) reads '—'. */
function formatters(language: string) {
  return (options?: Intl.NumberFormatOptions) => {
    const format = numberFormat(language, options)
    return (value: Value) =>
      value === null || value === undefined || value === '' || Number.isNaN(Number(value))
        ? '—'
        : format.format(Number(value))
  }
}

/** A chart's value axis: compact, with the decimals that keep neighbouring ticks apart (lib/axis.ts). */
const axisOf = (language: string) => (value: number, ticks?: readonly number[]) =>
  axisLabel(language, value, ticks)

/** Compact at and above 100,000 (a card's big number), `below` under it. */
const compactFrom100k =
  (compact: (value: Value) => string, below: (value: Value) => string) => (value: Value) =>
    Math.abs(Number(value)) >= 100_000 ? compact(value) : below(value)

/** Numbers in the reader's language (1,234,567 · 1.234.567 …), a compact form (12K, 1.2만, 12万) and money. */
export function useNumberFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const make = formatters(i18n.language)
    return {
      format: make(),
      compact: make(COMPACT) as (value: number) => string,
      axis: axisOf(i18n.language),
      /** A DECIMAL amount with its two places (1,234.50). */
      money: make({ minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    }
  }, [i18n.language])
}

/**
 * The dashboards' numbers: full (1,234,567), compact (1.2M · 123.5만 ·
 * 123.5万), signed differences (+1,234 / −56), growth rates (+2.35%) and won.
 */
export function useDashboardFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const make = formatters(i18n.language)
    const whole = { maximumFractionDigits: 0 }
    const format = make(whole)
    const compact = make(COMPACT)
    const signed = make({ ...whole, ...SIGNED })
    return {
      format,
      compact,
      /** Compact above 100,000 (a card's big number), full below. */
      short: compactFrom100k(compact, format),
      axis: axisOf(i18n.language),
      signed,
      signedCompact: compactFrom100k(make({ ...COMPACT, ...SIGNED }), signed),
      /** A rate (0.0235) as a signed percentage (+2.35%). */
      percent: make({ style: 'percent', maximumFractionDigits: 2, ...SIGNED }),
      krw: make({ style: 'currency', currency: 'KRW', ...COMPACT }),
    }
  }, [i18n.language])
}

/**
 * The metric screens' numbers: counts, compact counts, signed gains, rates
 * as percentages (a rate of 0.0123 reads 1.23%) and indexes with one decimal.
 */
export function useMetricFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const make = formatters(i18n.language)
    const percent: Intl.NumberFormatOptions = {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 2,
    }
    return {
      number: make(),
      compact: make(COMPACT),
      axis: axisOf(i18n.language),
      signed: make(SIGNED),
      signedCompact: make({ ...COMPACT, ...SIGNED }),
      /** A rate (fraction) as a percentage. */
      percent: make(percent),
      signedPercent: make({ ...percent, ...SIGNED }),
      index: make({ minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    }
  }, [i18n.language])
}

export type MetricFormat = ReturnType<typeof useMetricFormat>

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

export function formatDate(value: string | null | undefined, withTime = false) {
  if (!value) return '—'
  const date = dayjs(value)
  return date.isValid() ? date.format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : value
}
