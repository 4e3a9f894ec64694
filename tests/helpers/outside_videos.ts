import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import OutsideVideo from '#models/outside_video'
import OutsideCreator from '#models/outside_creator'
import type { PlatformKey } from '#shared/constants'
import { VIDEO_METRICS } from '#shared/videos'
import { sqlDateTime } from '#support/sql'

let serial = 0

/** An outside video (tracked by link unless `fields` say otherwise). */
export function outsideVideo(fields: Partial<Record<string, unknown>> = {}) {
  serial += 1
  const now = DateTime.utc()
  return OutsideVideo.create({
    origin: 'link',
    platform: 'bilibili' as PlatformKey,
    platformVideoId: `BVtest${String(serial).padStart(6, '0')}`,
    title: '',
    state: 'running',
    firstSeenAt: now,
    lastSeenAt: now,
    ...fields,
  })
}

/** An outside creator whose auto new-video crawl found videos. */
export function outsideCreator(fields: Partial<Record<string, unknown>> = {}) {
  serial += 1
  return OutsideCreator.create({
    platform: 'bilibili' as PlatformKey,
    uid: `9${String(serial).padStart(8, '0')}`,
    name: `Outside ${serial}`,
    autoVideoCrawl: true,
    ...fields,
  })
}

/**
 * Points of a video at these ages (hours after its upload) with these views
 * (likes a tenth of them), as a crawl writes them.
 */
export async function pointsAt(video: OutsideVideo, readings: [ageHours: number, views: number][]) {
  const published = video.publishedAt!
  await db.table('outside_video_points').multiInsert(
    readings.map(([age, views]) => ({
      outside_video_id: video.id,
      taken_at: sqlDateTime(published.plus({ minutes: Math.round(age * 60) })),
      age_hours: age,
      ...Object.fromEntries(VIDEO_METRICS.map((metric) => [metric, 0])),
      views,
      likes: Math.round(views / 10),
    }))
  )
}
