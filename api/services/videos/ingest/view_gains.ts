import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { VideoMetric } from '#shared/videos'
import { addDays } from '#services/metrics/metric_scope'
import { dayOf } from '#services/metrics/rollup_service'
import { chunks } from '#support/chunks'
import type { StoredVideo } from '#services/videos/ingest/stored_videos'

/*
|--------------------------------------------------------------------------
| A listed video's views of the week and of the month
|--------------------------------------------------------------------------
|
| views_week = views now − views on D−7, or all views when the video was
| published after D−7 (the same with 30 days for views_month); when D−7 has
| no snapshot, the earliest later one stands in (0 when there is none).
|
| The views on D−7 and D−30 come with the stored videos (stored_videos.ts);
| only the few without a snapshot on that day are looked up here: the first
| stored day after each window's start, then the views of that day.
|
*/

/** A listed video as the gains need it: the stored row (none when new), when it was published. */
export interface GainInput {
  existing: StoredVideo | undefined
  publishedMs: number | null
}

/** views_week and views_month of each listed video (see the header), in the order given. */
export async function viewGains(
  client: QueryClientContract,
  prepared: GainInput[],
  counters: Record<VideoMetric, number>[],
  date: string
) {
  const weekDay = addDays(date, -7)
  const monthDay = addDays(date, -30)
  const dayEndMs = (day: string) => Date.parse(`${day}T00:00:00Z`) + 86_400_000
  const weekStart = dayEndMs(weekDay)
  const monthStart = dayEndMs(monthDay)

  // the views on D−7 and D−30 came with the stored videos (storedVideos)
  const baselines = new Map<number, { week?: number; month?: number }>()
  for (const entry of prepared) {
    if (entry.existing) baselines.set(entry.existing.id, entry.existing.baseline)
  }

  // published before the window, stored, but no snapshot on its first day: the earliest after it
  const missing = prepared.flatMap((entry) => {
    const id = entry.existing?.id
    if (!id) return []
    const baseline = baselines.get(id)
    const old = entry.publishedMs === null || entry.publishedMs < monthStart
    const oldWeek = entry.publishedMs === null || entry.publishedMs < weekStart
    return (old && baseline?.month === undefined) || (oldWeek && baseline?.week === undefined)
      ? [id]
      : []
  })
  const earliest = new Map<number, { week?: number; month?: number }>()
  for (const part of chunks(missing, 500)) {
    // the first stored day after each window's start: one index entry per video and window
    const firsts = await client
      .from('videos as v')
      .whereIn('v.id', part)
      .select('v.id')
      .select(
        client.raw(
          `(select p.snapshot_date from video_snapshots p
            where p.video_id = v.id and p.snapshot_date > ? and p.snapshot_date < ?
            order by p.snapshot_date limit 1) as month_date`,
          [monthDay, date]
        ),
        client.raw(
          `(select p.snapshot_date from video_snapshots p
            where p.video_id = v.id and p.snapshot_date > ? and p.snapshot_date < ?
            order by p.snapshot_date limit 1) as week_date`,
          [weekDay, date]
        )
      )
    const pairs: [number, string][] = []
    const wanted = new Map<string, { id: number; window: 'week' | 'month' }[]>()
    for (const row of firsts) {
      const id = Number(row.id)
      for (const window of ['month', 'week'] as const) {
        const value = row[`${window}_date`]
        if (!value) continue
        const key = `${id}|${dayOf(value)}`
        const list = wanted.get(key)
        if (list) list.push({ id, window })
        else {
          wanted.set(key, [{ id, window }])
          pairs.push([id, dayOf(value)])
        }
      }
    }
    if (pairs.length === 0) continue
    const rows = await client
      .from('video_snapshots')
      .whereRaw(
        `(video_id, snapshot_date) in (${pairs.map(() => '(?, ?)').join(', ')})`,
        pairs.flat()
      )
      .select('video_id', 'snapshot_date', 'views')
    for (const row of rows) {
      for (const { id, window } of wanted.get(`${row.video_id}|${dayOf(row.snapshot_date)}`) ??
        []) {
        const entry = earliest.get(id) ?? {}
        entry[window] = Number(row.views)
        earliest.set(id, entry)
      }
    }
  }

  return prepared.map((entry, index) => {
    const views = counters[index].views
    const id = entry.existing?.id
    const baseline = id ? baselines.get(id) : undefined
    const fallback = id ? earliest.get(id) : undefined
    const gain = (start: number, value: number | undefined, stand: number | undefined) => {
      if (entry.publishedMs !== null && entry.publishedMs >= start) return views
      const base = value ?? stand
      return base === undefined ? 0 : Math.max(0, views - base)
    }
    return {
      week: gain(weekStart, baseline?.week, fallback?.week),
      month: gain(monthStart, baseline?.month, fallback?.month),
    }
  })
}
