import { useMemo } from 'react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'

/** Numbers in the reader's language (1,234,567 · 1.234.567 …) and a compact form (12K, 1.2만, 12万). */
export function useNumberFormat() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const full = new Intl.NumberFormat(i18n.language)
    const compact = new Intl.NumberFormat(i18n.language, {
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    const money = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    return {
      /** A DECIMAL amount with its two places (1,234.50). */
      money: (value: number | string | null | undefined) =>
        value === null || value === undefined || value === '' ? '—' : money.format(Number(value)),
      format: (value: number | string | null | undefined) =>
        value === null || value === undefined || value === '' ? '—' : full.format(Number(value)),
      compact: (value: number) => compact.format(value),
    }
  }, [i18n.language])
}

export function formatDate(value: string | null | undefined, withTime = false) {
  if (!value) return '—'
  const date = dayjs(value)
  return date.isValid() ? date.format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : value
}
