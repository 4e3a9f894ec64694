import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import type User from '#models/user'
import { isAgencySide } from '#shared/roles'
import { DEFAULT_WEEK_RANGE_DAYS, METRICS_RANGE_MAX_DAYS } from '#shared/constants'
import StudioException from '#exceptions/studio_exception'
import MetricsCache from '#services/metrics/metrics_cache'

export interface DateRange {
  /** Inclusive, YYYY-MM-DD. */
  start: string
  end: string
  /** Number of days in the range. */
  days: number
}

/** Which creators a user's metric queries cover: all (null) or a list (a creator account's own). */
export interface CreatorScope {
  creatorIds: number[] | null
}

export const isoDay = (value: DateTime) => value.toISODate()!

const DAY_MS = 86_400_000
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Epoch ms of a valid YYYY-MM-DD (UTC midnight), else null. Plain Date
 * arithmetic: these run on every metric request, where luxon's parsing
 * showed up in the bench's profile.
 */
function dayMs(day: string): number | null {
  if (!ISO_DAY.test(day)) return null
  const ms = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null
  return ms
}

/** YYYY-MM-DD shifted by whole days. */
export function addDays(day: string, days: number) {
  const ms = dayMs(day)
  if (ms !== null && Number.isInteger(days)) {
    const shifted = new Date(ms + days * DAY_MS).toISOString()
    if (shifted.length === 24) return shifted.slice(0, 10)
  }
  return isoDay(DateTime.fromISO(day, { zone: 'utc' }).plus({ days }))
}

export default class MetricScope {
  /**
   * The creators a user's metric queries cover: every one (null) for the
   * agency, else those Creator.visibleTo lets them see (a creator account's
   * own channels).
   */
  static async forUser(user: User): Promise<CreatorScope> {
    if (isAgencySide(user)) return { creatorIds: null }
    const rows = await Creator.query()
      .withScopes((scopes) => scopes.visibleTo(user))
      .select('creators.id')
    return { creatorIds: rows.map((row) => Number(row.id)) }
  }

  /** A stable string of the scope for cache keys. */
  static key(scope: CreatorScope) {
    return scope.creatorIds === null ? 'all' : `c${scope.creatorIds.join(',')}`
  }

  /** The newest day with snapshots (YYYY-MM-DD), or null before the first collection. */
  static latestDate(): Promise<string | null> {
    return MetricsCache.remember('latest-date', async () => {
      const row = await db.from('metric_daily_totals').max('snapshot_date as latest').first()
      const latest = row?.latest
      if (!latest) return null
      return latest instanceof Date
        ? isoDay(DateTime.fromJSDate(latest, { zone: 'utc' }))
        : String(latest).slice(0, 10)
    })
  }

  /**
   * The inclusive range [start, end]: `end` defaults to the newest snapshot
   * day (today before any collection), `start` to `defaultDays` - 1 days
   * before it (SPEC §9: the last 7 days). A start after the end or a range
   * over METRICS_RANGE_MAX_DAYS is a 422 in the user's language.
   */
  static async range(
    input: { start?: string | null; end?: string | null },
    defaultDays = DEFAULT_WEEK_RANGE_DAYS
  ): Promise<DateRange> {
    const end = input.end ?? (await this.latestDate()) ?? isoDay(DateTime.utc().minus({ days: 1 }))
    const start = input.start ?? addDays(end, -(defaultDays - 1))
    const startMs = dayMs(start)
    const endMs = dayMs(end)
    const days =
      startMs !== null && endMs !== null
        ? (endMs - startMs) / DAY_MS + 1
        : DateTime.fromISO(end, { zone: 'utc' }).diff(
            DateTime.fromISO(start, { zone: 'utc' }),
            'days'
          ).days + 1
    if (days < 1 || days > METRICS_RANGE_MAX_DAYS) {
      throw new StudioException('metrics.invalid_range', {
        status: 422,
        data: { max: METRICS_RANGE_MAX_DAYS },
      })
    }
    return { start, end, days: Math.round(days) }
  }
}
