import db from '@adonisjs/lucid/services/db'
import { addDays, type CreatorScope } from '#services/metrics/metric_scope'
import { diffOf, type CreatorRef, type DayTotal } from '#services/metrics/daily_totals'
import { dayOf } from '#services/metrics/rollup_service'
import type { Metric, PlatformKey } from '#shared/constants'

/*
| Windows of the data center: per creator, figures over the N days ending on
| a day, read on the two boundary days only — through the (snapshot_date,
| platform, creator_id) index, grouped by creator: gain = value(end) −
| value(start−1), which equals the sum of the daily differences whenever both
| days exist. The few creators whose accounts are missing on one of those
| days are recomputed from their daily rows (sum of the differences).
*/

/** One creator over one window [start, end]. */
interface CreatorWindow {
  fans: number
  fans_start: number
  fans_diff: number
  views: number
  views_diff: number
}

/**
 * Sums of a group of day totals over the window (`before`, end]:
 * the value at its start (on `before`, else each platform's first day in the
 * window), the gains (sum of the diffs in the window) and the value on `end`.
 */
export function windowOf(
  totals: DayTotal[],
  before: string,
  end: string,
  metrics: Metric[] = ['fans', 'views']
) {
  const result = Object.fromEntries(
    metrics.flatMap((metric) => [
      [`${metric}_start`, 0],
      [`${metric}_gained`, 0],
      [`${metric}_end`, 0],
    ])
  ) as Record<string, number>
  const byPlatform = new Map<string, DayTotal[]>()
  for (const total of totals) {
    if (total.date < before || total.date > end) continue
    const list = byPlatform.get(total.platform) ?? []
    list.push(total)
    byPlatform.set(total.platform, list)
  }
  for (const list of byPlatform.values()) {
    list.sort((a, b) => (a.date < b.date ? -1 : 1))
    const first = list[0]
    for (const metric of metrics) {
      result[`${metric}_start`] += first[metric]
      for (const total of list) {
        if (total.date > before) result[`${metric}_gained`] += total[diffOf(metric)]
        if (total.date === end) result[`${metric}_end`] += total[metric]
      }
    }
  }
  return result
}

/**
 * Per creator (in scope, on `platform` if given), the window ending `end`
 * for each of `windows` (days): fans and views on the end, fans at the
 * start, gains of fans and views. Reads the boundary days only; creators
 * whose accounts differ between the two boundary days are recomputed from
 * their daily rows.
 */
export async function creatorWindows(
  scope: CreatorScope,
  end: string,
  windows: number[],
  platform?: PlatformKey
): Promise<Map<number, CreatorWindow>[]> {
  const maps = windows.map(() => new Map<number, CreatorWindow>())
  if (scope.creatorIds !== null && scope.creatorIds.length === 0) return maps
  const befores = windows.map((days) => addDays(end, -days))
  const dates = [...new Set([end, ...befores])]

  const query = db
    .from('metric_snapshots')
    .whereIn('snapshot_date', dates)
    .groupBy('snapshot_date', 'creator_id')
    .select('snapshot_date', 'creator_id')
    .select(
      db.raw('count(*) as accounts'),
      db.raw('sum(fans) as fans'),
      db.raw('sum(views) as views')
    )
  if (platform) query.where('platform', platform)
  if (scope.creatorIds !== null) query.whereIn('creator_id', scope.creatorIds)
  const rows = await query

  const points = new Map<string, { accounts: number; fans: number; views: number }>()
  const creators = new Set<number>()
  for (const row of rows) {
    const creatorId = Number(row.creator_id)
    creators.add(creatorId)
    points.set(`${dayOf(row.snapshot_date)}|${creatorId}`, {
      accounts: Number(row.accounts),
      fans: Number(row.fans),
      views: Number(row.views),
    })
  }

  const pending = new Map<number, number[]>()
  for (const creatorId of creators) {
    const last = points.get(`${end}|${creatorId}`)
    befores.forEach((before, index) => {
      const first = points.get(`${before}|${creatorId}`)
      if (!first && !last) return
      if (first && last && first.accounts === last.accounts) {
        maps[index].set(creatorId, {
          fans: last.fans,
          fans_start: first.fans,
          fans_diff: last.fans - first.fans,
          views: last.views,
          views_diff: last.views - first.views,
        })
      } else {
        pending.set(creatorId, [...(pending.get(creatorId) ?? []), index])
      }
    })
  }
  if (pending.size) await recompute(pending, befores, end, maps, platform)
  return maps
}

/**
 * Windows of creators with an account missing on a boundary day: per
 * account, the start is its value on the day before the window (else its
 * first value in it), the gain the sum of its diffs in the window and the
 * end value its newest value in the window.
 */
async function recompute(
  pending: Map<number, number[]>,
  befores: string[],
  end: string,
  maps: Map<number, CreatorWindow>[],
  platform?: PlatformKey
) {
  const from = [...befores].sort()[0]
  const query = db
    .from('metric_snapshots')
    .whereIn('creator_id', [...pending.keys()])
    .whereBetween('snapshot_date', [from, end])
    .select('account_id', 'creator_id', 'snapshot_date', 'fans', 'views', 'fans_diff', 'views_diff')
    .orderBy('snapshot_date', 'asc')
  if (platform) query.where('platform', platform)
  const rows = await query

  const byAccount = new Map<number, Map<number, typeof rows>>()
  for (const row of rows) {
    const creatorId = Number(row.creator_id)
    const accounts = byAccount.get(creatorId) ?? new Map()
    const list = accounts.get(Number(row.account_id)) ?? []
    list.push({ ...row, snapshot_date: dayOf(row.snapshot_date) })
    accounts.set(Number(row.account_id), list)
    byAccount.set(creatorId, accounts)
  }

  for (const [creatorId, indexes] of pending) {
    for (const index of indexes) {
      const before = befores[index]
      const window: CreatorWindow = {
        fans: 0,
        fans_start: 0,
        fans_diff: 0,
        views: 0,
        views_diff: 0,
      }
      let seen = false
      for (const list of byAccount.get(creatorId)?.values() ?? []) {
        const inWindow = list.filter((row) => row.snapshot_date >= before)
        if (inWindow.length === 0) continue
        seen = true
        const newest = inWindow[inWindow.length - 1]
        window.fans += Number(newest.fans)
        window.views += Number(newest.views)
        window.fans_start += Number(inWindow[0].fans)
        for (const row of inWindow) {
          if (row.snapshot_date === before) continue
          window.fans_diff += Number(row.fans_diff)
          window.views_diff += Number(row.views_diff)
        }
      }
      if (seen) maps[index].set(creatorId, window)
    }
  }
}

/** Entries sorted by `value` (descending; a null value is left out), ties by creator id; the first `size`. */
export function top<T extends { creatorId: number }>(
  entries: T[],
  value: (entry: T) => number | null,
  size: number
) {
  return entries
    .filter((entry) => value(entry) !== null)
    .sort((a, b) => value(b)! - value(a)! || a.creatorId - b.creatorId)
    .slice(0, size)
}

/** Valid creators (with info) that have a window. */
export function ranked(windows: Map<number, CreatorWindow>, infos: Map<number, CreatorRef>) {
  const entries: ({ creatorId: number; info: CreatorRef } & CreatorWindow)[] = []
  for (const [creatorId, window] of windows) {
    const info = infos.get(creatorId)
    if (info) entries.push({ creatorId, info, ...window })
  }
  return entries
}
