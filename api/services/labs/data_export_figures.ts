import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { PlatformKey } from '#shared/constants'
import {
  DATA_EXPORT_LIMITS,
  type DataExportField,
  type DataExportGranularity,
} from '#shared/labs_downloads'

/*
| The figures of a Labs data download: per creator, per platform account,
| per week (Monday to Sunday) or calendar month, read from the daily
| snapshots (metric_snapshots):
|
| - fans / views: the last day's value within the period, and the sum of the
|   days' gains (`fans_diff`, `views_diff`); a period without any snapshot
|   has no value (an empty cell), never 0.
| - watch time: none of the platforms the studio reads gives it — the
|   adapters' ChannelStats (api/platforms/types.ts) carry fans, views,
|   likes, comments, shares, danmaku, coins, forwards, recommends and
|   videos, and the snapshots store just those — so the column says so for
|   every platform (WATCH_TIME_PLATFORMS is empty) instead of a number.
*/

/** Platforms whose readings carry watch time: none of the twelve (see above). */
const WATCH_TIME_PLATFORMS: ReadonlySet<PlatformKey> = new Set()

export function givesWatchTime(platform: PlatformKey) {
  return WATCH_TIME_PLATFORMS.has(platform)
}

interface ExportPeriod {
  /** 2026-W05 or 2026-01 */
  label: string
  /** YYYY-MM-DD */
  start: string
  end: string
}

/** The period asked for, widened to whole weeks (Monday to Sunday) or whole months. */
export function snapPeriod(granularity: DataExportGranularity, start: string, end: string) {
  const unit = granularity === 'week' ? 'week' : 'month'
  const from = DateTime.fromISO(start, { zone: 'utc' }).startOf(unit)
  const to = DateTime.fromISO(end, { zone: 'utc' }).endOf(unit)
  return { start: from.toISODate()!, end: to.toISODate()! }
}

/** Whether a snapped period is longer than a download may cover. */
export function periodTooLong(granularity: DataExportGranularity, start: string, end: string) {
  const max = granularity === 'week' ? DATA_EXPORT_LIMITS.maxWeeks : DATA_EXPORT_LIMITS.maxMonths
  return periodsOf(granularity, start, end, max + 1).length > max
}

/** The weeks or months from `start` to `end` (both already snapped), at most `limit`. */
export function periodsOf(
  granularity: DataExportGranularity,
  start: string,
  end: string,
  limit: number
): ExportPeriod[] {
  const unit = granularity === 'week' ? 'week' : 'month'
  const last = DateTime.fromISO(end, { zone: 'utc' })
  const periods: ExportPeriod[] = []
  let cursor = DateTime.fromISO(start, { zone: 'utc' }).startOf(unit)
  while (cursor <= last && periods.length < limit) {
    const close = cursor.endOf(unit)
    periods.push({
      label: granularity === 'week' ? cursor.toFormat("kkkk-'W'WW") : cursor.toFormat('yyyy-MM'),
      start: cursor.toISODate()!,
      end: close.toISODate()!,
    })
    cursor = close.plus({ days: 1 }).startOf('day')
  }
  return periods
}

/** One row of the workbook: an account's figures in one period. */
export interface PeriodFigures {
  creatorId: number
  platform: PlatformKey
  period: ExportPeriod
  /** Days of the period with a snapshot. */
  days: number
  /** null where the period has no snapshot. */
  fans: number | null
  fansGained: number | null
  views: number | null
  viewsGained: number | null
}

interface DayRow {
  account_id: number
  snapshot_date: string | Date
  fans: number | string
  views: number | string
  fans_diff: number | string
  views_diff: number | string
}

const dayOf = (value: string | Date) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
    : String(value).slice(0, 10)

/**
 * The rows of the creators `creatorIds` (one query for their accounts, one
 * for their snapshots in the period): every account of each creator, every
 * period, in the order creator (as given), platform, period.
 */
export async function figuresOf(
  creatorIds: number[],
  periods: ExportPeriod[],
  fields: DataExportField[]
): Promise<PeriodFigures[]> {
  if (!creatorIds.length || !periods.length) return []
  const accounts: { id: number; creator_id: number; platform: PlatformKey }[] = await db
    .from('creator_platform_accounts')
    .whereIn('creator_id', creatorIds)
    .select('id', 'creator_id', 'platform')
    .orderBy('platform', 'asc')
    .orderBy('id', 'asc')
  const wanted = fields.some((field) => field === 'fans' || field === 'views')
  const days: DayRow[] =
    wanted && accounts.length
      ? await db
          .from('metric_snapshots')
          .whereIn(
            'account_id',
            accounts.map((account) => account.id)
          )
          .where('snapshot_date', '>=', periods[0].start)
          .where('snapshot_date', '<=', periods[periods.length - 1].end)
          .select('account_id', 'snapshot_date', 'fans', 'views', 'fans_diff', 'views_diff')
          .orderBy('snapshot_date', 'asc')
      : []

  const byAccount = new Map<number, DayRow[]>()
  for (const day of days) {
    const id = Number(day.account_id)
    if (!byAccount.has(id)) byAccount.set(id, [])
    byAccount.get(id)!.push(day)
  }

  const order = new Map(creatorIds.map((id, index) => [id, index]))
  const sorted = [...accounts].sort(
    (a, b) => order.get(Number(a.creator_id))! - order.get(Number(b.creator_id))!
  )
  const rows: PeriodFigures[] = []
  for (const account of sorted) {
    const own = byAccount.get(Number(account.id)) ?? []
    let index = 0
    for (const period of periods) {
      const inPeriod: DayRow[] = []
      while (index < own.length && dayOf(own[index].snapshot_date) <= period.end) {
        if (dayOf(own[index].snapshot_date) >= period.start) inPeriod.push(own[index])
        index++
      }
      const last = inPeriod[inPeriod.length - 1]
      const sum = (key: 'fans_diff' | 'views_diff') =>
        inPeriod.reduce((total, day) => total + Number(day[key]), 0)
      rows.push({
        creatorId: Number(account.creator_id),
        platform: account.platform,
        period,
        days: inPeriod.length,
        fans: last ? Number(last.fans) : null,
        fansGained: last ? sum('fans_diff') : null,
        views: last ? Number(last.views) : null,
        viewsGained: last ? sum('views_diff') : null,
      })
    }
  }
  return rows
}
