import type { DateTime } from 'luxon'

/** YYYY-MM-DD of a date column, or null. */
export function isoDate(value: DateTime | null | undefined) {
  return value ? value.toISODate() : null
}

/** ISO 8601 in UTC of a datetime column, or null. */
export function isoDateTime(value: DateTime | null | undefined) {
  return value ? value.toUTC().toISO() : null
}
