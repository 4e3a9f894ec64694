import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { modelOf } from '#platforms/simulated_model'
import {
  simulatedVideo,
  simulatedVideoCounters,
  simulatedVideoNumber,
} from '#platforms/simulated_videos'
import GrowthWindows from '#services/videos/growth/growth_windows'
import type { PlatformKey } from '#shared/constants'
import { GROWTH_WINDOWS, VIDEO_METRICS } from '#shared/videos'
import { sqlDateTime } from '#support/sql'

const HOUR_MS = 3_600_000

interface GrowthBackfillResult {
  videos: number
  taken: number
  missed: number
  pending: number
}

/**
 * The growth-hacking windows of the simulator's videos as if the studio had
 * been measuring them all along (the demo, after VideoBackfillService): for
 * every simulated video uploaded within `days` before `now` and without
 * windows yet, each window already past is taken at its due time (a few
 * minutes after, as the delayed job would) with the simulator's counters at
 * that moment — or missed when the video was gone by then — and each window
 * still ahead is pending and queued like a newly seen video's. The board
 * then shows curves against medians over real previous videos on a fresh
 * install, and the windows still to come are measured by the running studio.
 */
export default class GrowthBackfill {
  static async backfill(options: { days: number; now?: DateTime }): Promise<GrowthBackfillResult> {
    const now = options.now ?? DateTime.utc()
    const nowMs = now.toMillis()
    const result: GrowthBackfillResult = { videos: 0, taken: 0, missed: 0, pending: 0 }
    const rows = await db
      .from('videos')
      .where('source', 'simulated')
      .whereNotNull('published_at')
      .where('published_at', '>', sqlDateTime(now.minus({ days: options.days })))
      .whereNotExists((sub) =>
        sub.from('video_growth_points as g').whereRaw('g.video_id = videos.id')
      )
      .select('id', 'creator_id', 'account_id', 'platform', 'platform_video_id')

    const stamp = sqlDateTime(now)
    const points: Record<string, string | number | null>[] = []
    const queued = new Map<number, DateTime>()
    for (const row of rows) {
      const accountId = Number(row.account_id)
      const platform = row.platform as PlatformKey
      const n = simulatedVideoNumber(accountId, platform, row.platform_video_id)
      if (n === null) continue
      const model = modelOf(accountId, platform)
      const video = simulatedVideo(model, n)
      result.videos++
      for (const hours of GROWTH_WINDOWS) {
        const dueMs = video.publishedMs + hours * HOUR_MS
        const point: Record<string, string | number | null> = {
          video_id: Number(row.id),
          creator_id: Number(row.creator_id),
          window_hours: hours,
          due_at: sqlDateTime(DateTime.fromMillis(dueMs, { zone: 'utc' })),
          status: 'pending',
          created_at: stamp,
          updated_at: stamp,
        }
        // the job runs within minutes of the due time
        const takenMs = dueMs + ((n * 7 + hours) % 5) * 60_000
        if (takenMs > nowMs) {
          result.pending++
          const next = queued.get(point.video_id as number)
          const due = DateTime.fromMillis(dueMs, { zone: 'utc' })
          if (!next || due < next) queued.set(point.video_id as number, due)
        } else if (video.deletedMs !== null && video.deletedMs <= takenMs) {
          point.status = 'missed'
          point.taken_at = sqlDateTime(DateTime.fromMillis(takenMs, { zone: 'utc' }))
          result.missed++
        } else {
          const counters = simulatedVideoCounters(model, video, takenMs)
          point.status = 'taken'
          point.taken_at = sqlDateTime(DateTime.fromMillis(takenMs, { zone: 'utc' }))
          point.age_hours = Math.round(((takenMs - video.publishedMs) / HOUR_MS) * 100) / 100
          point.source = 'simulated'
          for (const metric of VIDEO_METRICS) point[metric] = counters[metric]
          result.taken++
        }
        points.push(point)
      }
    }
    // one column set for every row of a multi-row insert
    const filled = points.map((point) => {
      const full: Record<string, string | number | null> = { taken_at: null, age_hours: null }
      full.source = null
      for (const metric of VIDEO_METRICS) full[metric] = null
      return Object.assign(full, point)
    })
    await GrowthWindows.insert(filled)
    for (const [videoId, due] of queued) await GrowthWindows.queue(videoId, due, now)
    return result
  }
}
