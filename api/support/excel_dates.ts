import { DateTime } from 'luxon'
import studioConfig from '#config/studio'

/* Dates in exported workbooks: real Excel dates with a date number format, never ISO text. */

/**
 * A date column as an Excel date: the same calendar day whatever the
 * server's time zone (Excel reads a JS Date by its UTC fields).
 */
export function excelDate(value: DateTime | null | undefined): Date | null {
  if (!value) return null
  return new Date(Date.UTC(value.year, value.month - 1, value.day))
}

/** A moment as an Excel date-time showing the studio's wall-clock time (Excel has no zones). */
export function excelDateTime(value: DateTime | null | undefined): Date | null {
  if (!value) return null
  const local = value.setZone(studioConfig.timezone)
  return new Date(
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second)
  )
}

/** Number formats of exported dates (the cell holds a real date). */
export const EXCEL_DATE = 'yyyy-mm-dd'
export const EXCEL_DATE_TIME = 'yyyy-mm-dd hh:mm'

/** A day written YYYY-MM-DD as an Excel date (null when there is none or it does not read). */
export function excelDay(value: string | null | undefined): Date | null {
  if (!value) return null
  const day = DateTime.fromISO(String(value).slice(0, 10), { zone: 'utc' })
  return day.isValid ? excelDate(day) : null
}
