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
  const [whole, fraction = ''] = text.split('.')
  return `${whole}.${`${fraction}00`.slice(0, 2)}`
}
