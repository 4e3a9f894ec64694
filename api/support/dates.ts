import { DateTime } from 'luxon'

/** YYYY-MM-DD of a date column, or null. */
export function isoDate(value: DateTime | null | undefined) {
  return value ? value.toISODate() : null
}

/** ISO 8601 in UTC of a datetime column, or null. */
export function isoDateTime(value: DateTime | null | undefined) {
  return value ? value.toUTC().toISO() : null
}

/** A datetime column read by a plain query (a Date, or SQLite's text) as UTC, or null. */
export function utcOf(value: unknown): DateTime | null {
  if (!value) return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' })
  const parsed = DateTime.fromSQL(String(value), { zone: 'utc' })
  return parsed.isValid ? parsed : DateTime.fromISO(String(value), { zone: 'utc' })
}
