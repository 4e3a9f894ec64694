import db from '@adonisjs/lucid/services/db'
import { DateTime, Settings } from 'luxon'
import { CreatorFactory } from '#database/factories/creator_factory'
import { VideoFactory } from '#database/factories/video_factory'
import type Creator from '#models/creator'
import type { PlatformAccountRef, PlatformAdapter, VideoStats } from '#platforms/types'
import { GROWTH_WINDOWS, VIDEO_METRICS } from '#shared/videos'
import { bullQueue, ON_REDIS } from '#tests/helpers/queue'
import { utcOf as toUtc } from '#support/dates'

/**
 * The clock of luxon (DateTime.utc(), DateTime.now()) stopped at `at`;
 * `set` moves it, `restore` gives the real clock back.
 */
export function fakeClock(at: DateTime) {
  const original = Settings.now
  let current = at.toMillis()
  Settings.now = () => current
  return {
    get now() {
      return DateTime.fromMillis(current, { zone: 'utc' })
    },
    set(to: DateTime) {
      current = to.toMillis()
    },
    restore() {
      Settings.now = original
    },
  }
}

/** A creator with one bilibili account (and the creator's sign-in user when `user` is given). */
export async function creatorWithAccount(options: { userId?: number; channelName?: string } = {}) {
  const creator = await CreatorFactory.merge({
    ...(options.userId ? { userId: options.userId } : {}),
    ...(options.channelName ? { channelName: options.channelName } : {}),
  })
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili' }))
    .create()
  return { creator, account: creator.accounts[0] }
}

/** A video of `creator`'s account uploaded at `publishedAt`. */
export function videoOf(
  creator: Creator,
  publishedAt: DateTime,
  fields: Record<string, unknown> = {}
) {
  const account = creator.accounts[0]
  return VideoFactory.merge({
    accountId: account.id,
    creatorId: creator.id,
    platform: account.platform,
    publishedAt,
    firstSeenAt: publishedAt,
    ...fields,
  }).create()
}

/** Stats of a video with `views` and the other counters derived from it. */
export function videoStats(id: string, views: number): VideoStats {
  return {
    id,
    title: id,
    publishedAt: null,
    url: null,
    views,
    likes: Math.round(views / 10),
    comments: Math.round(views / 100),
    shares: Math.round(views / 200),
    danmaku: Math.round(views / 50),
    coins: Math.round(views / 40),
    favorites: Math.round(views / 30),
  }
}

/**
 * A fake adapter reading single videos: `views(platformVideoId, at)` answers
 * a video's views at that moment, or null when the platform no longer has it.
 */
export function growthAdapter(
  views: (id: string, at: DateTime) => number | null,
  options: { fail?: () => Error | null } = {}
): PlatformAdapter & { calls: string[][] } {
  const calls: string[][] = []
  return {
    name: 'fake',
    source: 'official',
    calls,
    async channelStats() {
      throw new Error('not read here')
    },
    async videos() {
      return { items: [], page: 1, pageSize: 20, total: 0, hasMore: false }
    },
    async fanPortrait() {
      return []
    },
    async videosById(_account: PlatformAccountRef, ids: string[], { at }: { at: string }) {
      calls.push(ids)
      const error = options.fail?.()
      if (error) throw error
      const moment = DateTime.fromISO(at, { zone: 'utc' })
      return ids.flatMap((id) => {
        const value = views(id, moment)
        return value === null ? [] : [videoStats(id, value)]
      })
    },
  }
}

/** The growth windows of a video in window order, numbers as numbers. */
export async function pointsOf(videoId: number) {
  const rows = await db
    .from('video_growth_points')
    .where('video_id', videoId)
    .orderBy('window_hours')
  return rows.map((row) => ({
    window: Number(row.window_hours),
    status: row.status as string,
    due: toUtc(row.due_at)!,
    age: row.age_hours === null ? null : Number(row.age_hours),
    views: row.views === null ? null : Number(row.views),
  }))
}

/** Writes a measured window (taken at its due time unless `fields` say otherwise). */
export async function measuredPoint(
  video: { id: number; creatorId: number; publishedAt: DateTime | null },
  windowHours: number,
  views: number,
  fields: Record<string, unknown> = {}
) {
  const due = video.publishedAt!.plus({ hours: windowHours })
  const stats = videoStats('x', views)
  await db.table('video_growth_points').insert({
    video_id: video.id,
    creator_id: video.creatorId,
    window_hours: windowHours,
    due_at: due.toFormat('yyyy-MM-dd HH:mm:ss'),
    status: 'taken',
    taken_at: due.toFormat('yyyy-MM-dd HH:mm:ss'),
    age_hours: windowHours,
    ...Object.fromEntries(VIDEO_METRICS.map((metric) => [metric, stats[metric]])),
    source: 'official',
    created_at: due.toFormat('yyyy-MM-dd HH:mm:ss'),
    updated_at: due.toFormat('yyyy-MM-dd HH:mm:ss'),
    ...fields,
  })
}

/** Every window of a video measured: views at each window from `views`. */
export async function measuredVideo(
  video: { id: number; creatorId: number; publishedAt: DateTime | null },
  views: number[]
) {
  for (const [index, hours] of GROWTH_WINDOWS.entries()) {
    if (views[index] !== undefined) await measuredPoint(video, hours, views[index])
  }
}

/** The growth measurements waiting in the queue: the video and when it is due. */
export async function queuedMeasurements(): Promise<{ videoId: number; dueAt: DateTime }[]> {
  if (ON_REDIS) {
    const queue = await bullQueue()
    const jobs = await queue.getJobs(['delayed', 'waiting', 'prioritized'])
    return jobs
      .filter((job) => job?.name === 'videos:growth:measure')
      .map((job) => ({
        videoId: Number(job.data.videoId),
        // BullMQ keeps real time; the tests' clock may be a fake one (luxon's Settings.now)
        dueAt: DateTime.utc().plus({
          milliseconds: job.timestamp + (job.opts.delay ?? 0) - Date.now(),
        }),
      }))
  }
  const rows = await db
    .from('queue_jobs')
    .where('name', 'videos:growth:measure')
    .where('status', 'pending')
    .orderBy('id')
  return rows.map((row) => ({
    videoId: Number(
      (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload).videoId
    ),
    dueAt: toUtc(row.run_at)!,
  }))
}

/** Drops the queued measurements, as a restart of a Redis without persistence would. */
export async function loseQueuedMeasurements() {
  if (ON_REDIS) {
    const queue = await bullQueue()
    for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
      if (job?.name === 'videos:growth:measure') await job.remove().catch(() => {})
    }
    return
  }
  await db.from('queue_jobs').where('name', 'videos:growth:measure').delete()
}

/**
 * A creator with four earlier videos measured at every window and two new
 * ones. At 24 h the earlier ones had 100, 300, 200 and 1,000 views: median
 * (200 + 300) / 2 = 250. Only three of them have a 6-hour window (10, 30,
 * 20: median 20). The first new video reaches 1,300 at 24 h (5.2× → out),
 * the second 40 (its earlier videos now include the first new one:
 * 100, 200, 300, 1,000, 1,300 → median 300, 40 / 300 = 0.13× → under).
 */
export async function creatorWithHistory(options: { userId?: number; channelName?: string } = {}) {
  const NOW = DateTime.utc().startOf('hour')
  const { creator } = await creatorWithAccount(options)
  const earlier = []
  const views24 = [100, 300, 200, 1000]
  for (const [index, views] of views24.entries()) {
    const video = await videoOf(creator, NOW.minus({ days: 20 - index }))
    await measuredVideo(video, [
      index < 3 ? [10, 30, 20][index] : 0,
      views / 2,
      views,
      views * 2,
      views * 3,
    ])
    earlier.push(video)
  }
  // the fourth video had no 6-hour window
  await db
    .from('video_growth_points')
    .where('video_id', earlier[3].id)
    .where('window_hours', 6)
    .delete()
  const surge = await videoOf(creator, NOW.minus({ hours: 40 }), { title: 'Breakout' })
  await measuredPoint(surge, 6, 200)
  await measuredPoint(surge, 24, 1300)
  const under = await videoOf(creator, NOW.minus({ hours: 30 }), { title: 'Quiet one' })
  await measuredPoint(under, 24, 40)
  return { creator, earlier, surge, under }
}
