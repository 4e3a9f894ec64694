import { REFERENCE_KRW_RATES } from '#shared/constants'

type Currency = keyof typeof REFERENCE_KRW_RATES

/** A DECIMAL(14,2) string ('1234.5', '-3.20') as integer cents, exactly. */
export function toCents(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim()
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text)
  if (!match) return 0n
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

/** Cents back to a DECIMAL string with two places. */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n
  const absolute = negative ? -cents : cents
  const text = `${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`
  return negative ? `-${text}` : text
}

/** An amount in won at the studio's reference rates (REFERENCE_KRW_RATES), as cents. */
export function krwCents(value: string | number | null | undefined, currency: string): bigint {
  const rate = BigInt(REFERENCE_KRW_RATES[(currency as Currency) ?? 'KRW'] ?? 1)
  return toCents(value) * rate
}

/** Won as a JSON number (whole won; amounts stay far below 2^53). */
export function wonOf(cents: bigint) {
  return Number(cents / 100n)
}

/**
 * Money as text with two decimals, whatever the driver returns (MySQL sends
 * "1500.50", SQLite the number 1500.5).
 */
export function moneyText(value: string | number) {
  const text = String(value)
  if (!/^-?\d+(\.\d+)?$/.test(text)) return Number(value).toFixed(2)
  return decimalPlaces(text, 2)
}

/** Decimal text with exactly `places` decimals, padded or cut (never rounded): '1500.5' → '1500.50'. */
function decimalPlaces(text: string, places: number) {
  const [whole, fraction = ''] = text.split('.')
  return places > 0 ? `${whole}.${fraction.padEnd(places, '0').slice(0, places)}` : whole
}

/**
 * Decimal text with `places` decimals and its whole part grouped the way
 * `locale` writes numbers ('1086096.04' → '1,086,096.04'); the value stays exact.
 */
export function groupedDecimal(value: string, locale: string, places = 0) {
  const sign = value.startsWith('-') ? '-' : ''
  const [whole, fraction] = decimalPlaces(value.replace(/^-/, ''), places).split('.')
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole))
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`
}
