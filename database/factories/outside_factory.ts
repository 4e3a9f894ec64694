import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import OutsideCreator from '#models/outside_creator'
import OutsideCrawlRun from '#models/outside_crawl_run'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import OutsideVideo from '#models/outside_video'
import OutsideVideoPoint from '#models/outside_video_point'
import { nextNumber } from '#database/factories/sequence'

const counters = () => ({
  views: 18_000,
  likes: 900,
  comments: 80,
  favorites: 150,
  shares: 40,
  danmaku: 30,
  coins: 0,
})

/**
 * A tracked video's counters at a crawl a day after upload, each point a
 * minute apart (one per video and moment). Merge `outsideVideoId`.
 */
export const OutsideVideoPointFactory = factory
  .define(OutsideVideoPoint, () => ({
    takenAt: DateTime.utc().startOf('minute').minus({ minutes: nextNumber() }),
    ageHours: 24,
    ...counters(),
  }))
  .build()

/**
 * A Bilibili video tracked by its link, running and due now. Merge
 * `outsideCreatorId` and `origin: 'creator'` for one of an outside creator's uploads.
 */
export const OutsideVideoFactory = factory
  .define(OutsideVideo, () => {
    const n = nextNumber()
    const now = DateTime.utc().startOf('second')
    return {
      outsideCreatorId: null,
      origin: 'link' as const,
      platform: 'bilibili' as const,
      platformVideoId: `BV1out${String(n).padStart(6, '0')}`,
      title: `Outside video ${n}`,
      url: `https://www.bilibili.com/video/BV1out${String(n).padStart(6, '0')}`,
      publishedAt: now.minus({ days: 1 }),
      ...counters(),
      state: 'running' as const,
      nextRunAt: now,
      firstSeenAt: now,
      lastSeenAt: now,
    }
  })
  .relation('points', () => OutsideVideoPointFactory)
  .build()

/** A finished scheduled crawl of a minute ago. Merge `outsideCreatorId`. */
export const OutsideCrawlRunFactory = factory
  .define(OutsideCrawlRun, () => {
    const started = DateTime.utc().startOf('second').minus({ minutes: 1 })
    return {
      outsideVideoId: null,
      trigger: 'schedule' as const,
      slotAt: started,
      status: 'succeeded' as const,
      startedAt: started,
      finishedAt: started.plus({ seconds: 2 }),
      durationMs: 2_000,
      fans: 52_000,
      views: 3_100_000,
      likes: 120_000,
      videos: 140,
      videosRead: 0,
      errorCode: null,
      errorMessage: null,
    }
  })
  .build()

/** An outside creator's figures of yesterday. Merge `outsideCreatorId`. */
export const OutsideCreatorSnapshotFactory = factory
  .define(OutsideCreatorSnapshot, () => ({
    snapshotDate: DateTime.utc().minus({ days: 1 }).toISODate()!,
    fans: 52_000,
    views: 3_100_000,
    likes: 120_000,
    comments: 9_000,
    shares: 2_000,
    videos: 140,
    adapter: 'simulated',
    collectedAt: DateTime.utc().startOf('second'),
  }))
  .build()

/**
 * A Bilibili prospect crawled every day at 13:00, running, not yet due
 * (merge `nextRunAt` to make it due). `with('runs')`, `with('snapshots')`
 * and `with('outsideVideos')` add its history.
 */
export const OutsideCreatorFactory = factory
  .define(OutsideCreator, () => {
    const n = nextNumber()
    return {
      platform: 'bilibili' as const,
      uid: String(700_000 + n),
      name: `Outside creator ${n}`,
      channelUrl: `https://space.bilibili.com/${700_000 + n}`,
      purpose: 'prospect' as const,
      state: 'running' as const,
      intervalDays: 1,
      intervalHours: 0,
      customTimes: ['13:00'],
      replayStrategy: 'late' as const,
      replayByHour: null,
      autoVideoCrawl: false,
      nextRunAt: DateTime.utc().plus({ hours: 1 }).startOf('second'),
      nextSlotAt: DateTime.utc().plus({ hours: 1 }).startOf('second'),
      fans: 52_000,
      views: 3_100_000,
      likes: 120_000,
      comments: 9_000,
      videos: 140,
      fansGrowth7d: 0,
      openedCount: 0,
    }
  })
  .relation('runs', () => OutsideCrawlRunFactory)
  .relation('snapshots', () => OutsideCreatorSnapshotFactory)
  .relation('outsideVideos', () => OutsideVideoFactory)
  .build()
