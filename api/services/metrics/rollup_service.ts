import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { METRICS } from '#shared/constants'
import Caches from '#services/caches'

/** Days rewritten per statement pair (one delete, one insert … select). */
const DATES_PER_STATEMENT = 60

const DIFFS = METRICS.map((metric) => `${metric}_diff`)
const SUMMED = [...METRICS, ...DIFFS]

/** A DATE column's value as YYYY-MM-DD (mysql2 returns a Date at UTC midnight). */
export function dayOf(value: unknown): string {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
  return String(value).slice(0, 10)
}

/**
 * metric_daily_totals, the rollup the dashboards read for network-wide
 * figures: one row per day and platform with the number of accounts and
 * creators that have a snapshot that day and the sums of the ten counters
 * and their daily differences. Rebuilt (delete + insert … select … group by)
 * for the days a collection or backfill wrote, so it always equals the
 * snapshots it summarises; rebuilding a day twice gives the same rows.
 */
export default class MetricRollupService {
  /**
   * Rewrites the totals of `dates` (YYYY-MM-DD) — of every day when omitted —
   * from metric_snapshots, then invalidates the metrics cache. With `trx` it
   * writes inside the caller's transaction (and invalidates again on commit).
   */
  static async rebuild(dates?: string[], trx?: TransactionClientContract): Promise<void> {
    const client: QueryClientContract = trx ?? db.connection()
    const days = dates ? [...new Set(dates.map(dayOf))].sort() : await this.#allDays(client)

    const stamp = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
    for (let index = 0; index < days.length; index += DATES_PER_STATEMENT) {
      const part = days.slice(index, index + DATES_PER_STATEMENT)
      if (trx) await this.#rewrite(trx, part, stamp)
      else await db.transaction((inner) => this.#rewrite(inner, part, stamp))
    }

    Caches.afterCommit(trx, 'metrics')
  }

  /** Every day that has snapshots or totals (stale totals of emptied days go too). */
  static async #allDays(client: QueryClientContract) {
    const [snapshots, totals] = await Promise.all([
      client.from('metric_snapshots').distinct('snapshot_date'),
      client.from('metric_daily_totals').distinct('snapshot_date'),
    ])
    return [...new Set([...snapshots, ...totals].map((row) => dayOf(row.snapshot_date)))].sort()
  }

  static async #rewrite(client: TransactionClientContract, days: string[], stamp: string) {
    if (days.length === 0) return
    const placeholders = days.map(() => '?').join(', ')
    await client.from('metric_daily_totals').whereIn('snapshot_date', days).delete()
    const columns = ['snapshot_date', 'platform', 'accounts', 'creators', ...SUMMED, 'updated_at']
    const sums = SUMMED.map((column) => `coalesce(sum(${column}), 0)`).join(', ')
    await client.rawQuery(
      `insert into metric_daily_totals (${columns.join(', ')})
       select snapshot_date, platform, count(*), count(distinct creator_id), ${sums}, ?
       from metric_snapshots
       where snapshot_date in (${placeholders})
       group by snapshot_date, platform`,
      [stamp, ...days]
    )
  }
}
