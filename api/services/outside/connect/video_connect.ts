import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import studioConfig from '#config/studio'
import StudioException from '#exceptions/studio_exception'
import OutsideConnect from '#models/outside_connect'
import OutsideVideo from '#models/outside_video'
import type User from '#models/user'
import Video from '#models/video'
import Caches from '#services/caches'
import { dayOf } from '#services/metrics/rollup_service'
import { activeKeyOf, recordMove, splitDays } from '#services/outside/connect/connect_rules'
import type { Actor } from '#support/actor'
import { chunks } from '#support/chunks'
import { CONNECT_SOURCE } from '#shared/connect_data'
import { VIDEO_METRICS } from '#shared/videos'

/*
|--------------------------------------------------------------------------
| A tracked outside video's days onto a managed video
|--------------------------------------------------------------------------
|
| The video's points (its counters at each crawl) become one video_snapshots
| row per day in the studio's time zone — the day's last point — with
| source 'outside' and the connect's id, unless the managed video holds that
| day already (its own value wins; the point stays as its source). A revert
| deletes exactly its connect's rows.
|
*/

/** Rows per insert statement (9 values each, well under SQLite's bound-variable limit). */
const ROWS_PER_STATEMENT = 200

interface PointDay {
  date: string
  takenAt: DateTime
  counters: Record<(typeof VIDEO_METRICS)[number], number>
}

/** Each day's last point of the outside video, by day. */
async function pointDays(client: QueryClientContract, outsideVideoId: number) {
  const points = await client
    .from('outside_video_points')
    .where('outside_video_id', outsideVideoId)
    .orderBy('taken_at', 'asc')
    .select('taken_at', ...VIDEO_METRICS)
  const days = new Map<string, PointDay>()
  for (const point of points) {
    const raw = point.taken_at
    const takenAt =
      raw instanceof Date
        ? DateTime.fromJSDate(raw, { zone: 'utc' })
        : DateTime.fromSQL(String(raw), { zone: 'utc' })
    const date = takenAt.setZone(studioConfig.timezone).toISODate()!
    const counters = Object.fromEntries(
      VIDEO_METRICS.map((metric) => [metric, Number(point[metric] ?? 0)])
    ) as PointDay['counters']
    days.set(date, { date, takenAt, counters })
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1))
}

/** The managed video `user` sees (404 otherwise), on the outside video's platform (409 otherwise). */
async function targetOf(
  client: QueryClientContract,
  user: User,
  outside: OutsideVideo,
  videoId: number
) {
  const video = await Video.query({ client })
    .withScopes((scopes) => scopes.visibleTo(user))
    .where('videos.id', videoId)
    .firstOrFail()
  if (video.platform !== outside.platform) {
    throw new StudioException('connect_data.errors.other_platform', { status: 409 })
  }
  return video
}

async function planOf(client: QueryClientContract, outside: OutsideVideo, video: Video) {
  const days = await pointDays(client, outside.id)
  const held = new Set<string>()
  if (days.length) {
    const rows = await client
      .from('video_snapshots')
      .where('video_id', video.id)
      .whereBetween('snapshot_date', [days[0].date, days.at(-1)!.date])
      .select('snapshot_date')
    for (const row of rows) held.add(dayOf(row.snapshot_date))
  }
  return splitDays(days, held)
}

export default class VideoConnect {
  /** What a connect would do: the days that would move and those the video keeps. */
  static async preview(user: User, outsideVideoId: number, videoId: number) {
    const client = db.connection()
    const outside = await OutsideVideo.findOrFail(outsideVideoId)
    const video = await targetOf(client, user, outside, videoId)
    const plan = await planOf(client, outside, video)
    return {
      outside,
      video,
      days: plan.days.length,
      moving: plan.moving.length,
      kept: plan.kept,
      firstDay: plan.days[0]?.date ?? null,
      lastDay: plan.days.at(-1)?.date ?? null,
    }
  }

  /**
   * Connects inside `trx`: writes the days the video lacks under `existing`
   * (the pending connect of the same video, run again) or a new connect,
   * and links the outside video.
   */
  static async move(
    trx: TransactionClientContract,
    actor: Actor,
    outside: OutsideVideo,
    videoId: number,
    existing: OutsideConnect | null
  ) {
    const video = await targetOf(trx, actor.user, outside, videoId)
    const plan = await planOf(trx, outside, video)
    const connect =
      existing ??
      (await OutsideConnect.create(
        {
          kind: 'video',
          state: 'pending',
          activeKey: activeKeyOf('video', outside.id),
          outsideVideoId: outside.id,
          platform: outside.platform,
          creatorId: video.creatorId,
          accountId: video.accountId,
          videoId: video.id,
          userId: actor.user.id,
          rowsMoved: 0,
          rowsKept: 0,
        },
        { client: trx }
      ))

    const format = trx.dialect.dateTimeFormat
    const rows = plan.moving.map((day) => ({
      video_id: video.id,
      creator_id: video.creatorId,
      snapshot_date: day.date,
      ...day.counters,
      source: CONNECT_SOURCE,
      adapter: CONNECT_SOURCE,
      collected_at: day.takenAt.toUTC().toFormat(format),
      connect_id: connect.id,
    }))
    for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
      await trx.insertQuery().table('video_snapshots').multiInsert(part)
    }
    if (rows.length) Caches.afterCommit(trx, 'videos')

    await recordMove(trx, connect, plan, rows.length)

    outside.useTransaction(trx)
    outside.merge({
      connectedVideoId: video.id,
      connectedAt: outside.connectedAt ?? DateTime.utc(),
    })
    await outside.save()
    return { connect, written: rows.length }
  }

  /** Deletes the rows `connect` wrote and clears the outside video's link; answers how many went. */
  static async undo(trx: TransactionClientContract, connect: OutsideConnect) {
    const removed = await trx
      .from('video_snapshots')
      .where('connect_id', connect.id)
      .where('source', CONNECT_SOURCE)
      .delete()
    Caches.afterCommit(trx, 'videos')
    if (connect.outsideVideoId) {
      await trx
        .from('outside_videos')
        .where('id', connect.outsideVideoId)
        .where('connected_video_id', connect.videoId!)
        .update({ connected_video_id: null, connected_at: null })
    }
    return Number(Array.isArray(removed) ? removed[0] : removed)
  }
}
