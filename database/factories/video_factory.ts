import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Video from '#models/video'
import VideoSnapshot from '#models/video_snapshot'
import VideoGrowthPoint from '#models/video_growth_point'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { nextNumber } from '#database/factories/sequence'

const counters = () => ({
  views: 25_000,
  likes: 1_200,
  comments: 140,
  favorites: 300,
  shares: 60,
  danmaku: 90,
  coins: 210,
})

/**
 * A Bilibili video uploaded two days ago. Merge `accountId`, `creatorId` and
 * `platform` of an account, or build them with `with('account')` and
 * `with('creator')`.
 */
export const VideoFactory = factory
  .define(Video, () => {
    const n = nextNumber()
    const now = DateTime.utc()
    return {
      platform: 'bilibili' as const,
      platformVideoId: `BV1fac${String(n).padStart(6, '0')}`,
      title: `Video ${n}`,
      tags: null,
      category: 'vlog',
      publishedAt: now.minus({ days: 2 }),
      durationS: 300,
      thumbnailUrl: null,
      url: null,
      ...counters(),
      viewsWeek: 25_000,
      viewsMonth: 25_000,
      source: 'simulated' as const,
      adapter: 'simulated',
      firstSeenAt: now.minus({ days: 2 }),
      lastSeenAt: now,
      deletedOn: null,
    }
  })
  .relation('account', () => PlatformAccountFactory)
  .relation('creator', () => CreatorFactory)
  .build()

/** A video's counters yesterday. Merge `videoId` and `creatorId`. */
export const VideoSnapshotFactory = factory
  .define(VideoSnapshot, () => ({
    snapshotDate: DateTime.utc().minus({ days: 1 }).toISODate()!,
    ...counters(),
    source: 'simulated' as const,
    adapter: 'simulated',
    collectedAt: DateTime.utc(),
  }))
  .relation('video', () => VideoFactory)
  .build()

/** A pending 6-hour window. Merge `videoId`, `creatorId` and `dueAt`. */
export const VideoGrowthPointFactory = factory
  .define(VideoGrowthPoint, () => ({
    windowHours: 6,
    dueAt: DateTime.utc().plus({ hours: 6 }),
    status: 'pending' as const,
    takenAt: null,
    ageHours: null,
    views: null,
    likes: null,
    comments: null,
    favorites: null,
    shares: null,
    danmaku: null,
    coins: null,
    source: null,
  }))
  .relation('video', () => VideoFactory)
  .build()
