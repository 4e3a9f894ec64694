import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  PlatformError,
  type ChannelStats,
  type PlatformAccountRef,
  type PlatformAdapter,
  type PlatformErrorCode,
  type VideoStats,
} from '#platforms/types'
import OutsideCrawlService from '#services/outside/crawl_service'
import { utcOf } from '#support/dates'

/** Channel figures of an outside creator as the fake platform answers them. */
export function channelOf(fans: number): ChannelStats {
  return {
    fans,
    views: fans * 60,
    likes: fans * 2,
    comments: 300,
    shares: 40,
    danmaku: 0,
    coins: 0,
    forwards: 0,
    recommends: 0,
    videos: 12,
  }
}

export function videoOf(id: string, views: number, publishedAt: DateTime | null): VideoStats {
  return {
    id,
    title: `Upload ${id}`,
    publishedAt: publishedAt?.toUTC().toISO() ?? null,
    url: `https://www.bilibili.com/video/${id}`,
    views,
    likes: Math.round(views / 20),
    comments: 5,
    shares: 2,
    danmaku: 1,
    coins: 0,
    favorites: 3,
  }
}

/**
 * A platform adapter answering from plain functions, counting each read by
 * the uid (or video id) it was asked for. `fail` makes a read throw the
 * PlatformError of that code; `latencyMs` makes every read take that long.
 */
export function crawlAdapter(
  options: {
    fans?: (uid: string) => number
    uploads?: (uid: string) => VideoStats[]
    byId?: ((ids: string[]) => VideoStats[]) | null
    fail?: PlatformErrorCode
    latencyMs?: number
  } = {}
) {
  const reads: string[] = []
  const wait = () =>
    options.latencyMs ? new Promise((resolve) => setTimeout(resolve, options.latencyMs)) : null
  const failing = (ref: PlatformAccountRef) => {
    if (options.fail)
      throw new PlatformError(ref.platform, options.fail, `answered ${options.fail}`)
  }
  const adapter: PlatformAdapter & { reads: string[] } = {
    name: 'fake',
    source: 'official',
    reads,
    async channelStats(ref) {
      reads.push(`channel:${ref.uid}`)
      await wait()
      failing(ref)
      return channelOf(options.fans?.(ref.uid!) ?? 1_000)
    },
    async videos(ref, { page, pageSize }) {
      reads.push(`videos:${ref.uid}:${page}`)
      await wait()
      failing(ref)
      const all = options.uploads?.(ref.uid!) ?? []
      const items = all.slice((page - 1) * pageSize, page * pageSize)
      return { items, page, pageSize, total: all.length, hasMore: page * pageSize < all.length }
    },
    async fanPortrait() {
      return []
    },
  }
  if (options.byId !== null) {
    adapter.videosById = async (ref, ids) => {
      reads.push(`byId:${ids.join(',')}`)
      await wait()
      failing(ref)
      return options.byId?.(ids) ?? []
    }
  }
  return adapter
}

/** Platform calls retried at once (the brake's probe without its waits). */
export function quickRetries() {
  const retry = { ...OutsideCrawlService.retry }
  OutsideCrawlService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 }
  return () => {
    OutsideCrawlService.retry = retry
  }
}

/** The crawl runs of an outside creator, oldest first, as plain values. */
export async function runsOf(outsideCreatorId: number) {
  const rows = await db
    .from('outside_crawl_runs')
    .where('outside_creator_id', outsideCreatorId)
    .orderBy('id', 'asc')
  return rows.map((row) => ({
    trigger: row.trigger as string,
    status: row.status as string,
    slotAt: utcOf(row.slot_at),
    startedAt: utcOf(row.started_at),
    finishedAt: utcOf(row.finished_at),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    fans: row.fans === null ? null : Number(row.fans),
    videosRead: Number(row.videos_read),
    errorCode: (row.error_code as string | null) ?? null,
    errorMessage: (row.error_message as string | null) ?? null,
    outsideVideoId: row.outside_video_id === null ? null : Number(row.outside_video_id),
  }))
}
