import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { GROWTH_NEW_VIDEO_HOURS, GROWTH_WINDOWS, VIDEO_METRICS } from '#shared/videos'
import { chunks } from '#support/chunks'
import { sqlDateTime } from '#support/sql'
import { utcOf as toUtc } from '#support/dates'

/** A video as the windows need it. */
interface NewVideo {
  id: number
  creatorId: number
  publishedAt: DateTime
}

/**
 * The growth-hacking windows of new videos (SPEC §9: 6, 12, 24, 48 and 60
 * hours after upload). The table `video_growth_points` is the ledger: a
 * video first seen within 60 hours of its upload gets its five rows at once
 * (due at upload + window; windows already past are due now), and one
 * delayed job per video carries only its id to the next due window. A
 * restart loses nothing: the sweep (growth_sweep.ts) takes whatever the
 * queue dropped.
 */
export default class GrowthWindows {
  /**
   * Creates the windows of the videos among `videoIds` uploaded within the
   * last 60 hours (not deleted, without windows yet), in one transaction,
   * and queues each one's next window. Answers the ids that got windows.
   */
  static async plan(videoIds: number[], now: DateTime = DateTime.utc()): Promise<number[]> {
    const ids = [...new Set(videoIds.map(Number))].filter((id) => Number.isSafeInteger(id))
    if (!ids.length) return []
    const since = now.minus({ hours: GROWTH_NEW_VIDEO_HOURS })
    const videos: NewVideo[] = []
    for (const part of chunks(ids, 500)) {
      const rows = await db
        .from('videos')
        .whereIn('id', part)
        .whereNull('deleted_on')
        .whereNotNull('published_at')
        .where('published_at', '>', sqlDateTime(since))
        .whereNotExists((sub) =>
          sub.from('video_growth_points as g').whereRaw('g.video_id = videos.id')
        )
        .select('id', 'creator_id', 'published_at')
      for (const row of rows) {
        const publishedAt = toUtc(row.published_at)
        // an upload time in the future (a clock ahead on the platform) counts from now
        if (publishedAt) {
          videos.push({
            id: Number(row.id),
            creatorId: Number(row.creator_id),
            publishedAt: publishedAt > now ? now : publishedAt,
          })
        }
      }
    }
    if (!videos.length) return []

    const stamp = sqlDateTime(now)
    const rows = videos.flatMap((video) =>
      GROWTH_WINDOWS.map((hours) => ({
        video_id: video.id,
        creator_id: video.creatorId,
        window_hours: hours,
        due_at: sqlDateTime(video.publishedAt.plus({ hours })),
        status: 'pending',
        created_at: stamp,
        updated_at: stamp,
      }))
    )
    await this.insert(rows)

    for (const video of videos) {
      // the first window; one already past is due now
      const first = video.publishedAt.plus({ hours: Math.min(...GROWTH_WINDOWS) })
      await this.queue(video.id, first > now ? first : now, now)
    }
    return videos.map((video) => video.id)
  }

  /**
   * Writes window rows in one transaction (every row with the same columns);
   * a window that exists already (a second process planning the same video
   * at the same moment) is left as it is.
   */
  static async insert(rows: Record<string, unknown>[]) {
    await db.transaction(async (trx) => {
      for (const part of chunks(rows, 200)) {
        await trx
          .insertQuery()
          .table('video_growth_points')
          .insert(part)
          .knexQuery.onConflict(['video_id', 'window_hours'])
          .ignore()
      }
    })
  }

  /**
   * Queues the measurement of `videoId` at `dueAt` (a delayed job with
   * Redis, a queue_jobs row due then without). A queue that cannot take it
   * loses nothing: the sweep takes the window once overdue.
   */
  static async queue(videoId: number, dueAt: DateTime, now: DateTime = DateTime.utc()) {
    try {
      const { default: QueueService } = await import('#queue/main')
      const { default: GrowthMeasureJob } = await import('#jobs/growth_measure_job')
      const delay = Math.max(dueAt.toMillis() - now.toMillis(), 0)
      await QueueService.dispatch(GrowthMeasureJob, { videoId }, { delay })
      return true
    } catch (error) {
      logger.warn(
        { err: error, videoId },
        'a growth window could not be queued; the sweep takes it once due'
      )
      return false
    }
  }

  /** The next pending window of a video (its due time), or null when none is left. */
  static async nextDue(videoId: number): Promise<DateTime | null> {
    const row = await db
      .from('video_growth_points')
      .where('video_id', videoId)
      .where('status', 'pending')
      .min('due_at as due')
      .first()
    return toUtc(row?.due)
  }

  /** The counters of a point row as numbers (null while pending). */
  static countersOf(row: Record<string, unknown>) {
    return Object.fromEntries(
      VIDEO_METRICS.map((metric) => [
        metric,
        row[metric] === null || row[metric] === undefined ? null : Number(row[metric]),
      ])
    ) as Record<(typeof VIDEO_METRICS)[number], number | null>
  }
}
