import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import type CreatorPlatformAccount from '#models/creator_platform_account'
import Video from '#models/video'
import type { PlatformKey } from '#shared/constants'
import { VIDEO_METRICS } from '#shared/videos'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { VideoFactory } from '#database/factories/video_factory'
import { chunks } from '#support/chunks'
import { sqlDateTime } from '#support/sql'
import { indexVideoWords, rebuildVideoWordCounts } from '#services/videos/video_words'
import VideoTallies from '#services/videos/video_tallies'

/*
|--------------------------------------------------------------------------
| Videos for tests: hand-made ones and a believable bulk dataset
|--------------------------------------------------------------------------
*/

/** Titles of several languages (the search and suggestion tests read them). */
export const SAMPLE_TITLES = [
  '数据分析入门 第一集',
  '韩国美食探店 街头小吃',
  '서울 먹방 브이로그',
  '東京カフェ巡り vlog',
  'Minecraft survival day one',
  '数据可视化 实战教程',
  '吉他弹唱 晴天',
  'Street food tour in Seoul',
]

/** A creator with one account on `platform` (bilibili by default). */
export async function creatorWithAccount(
  platform: PlatformKey = 'bilibili',
  creatorFields: Partial<Record<string, unknown>> = {}
) {
  const creator = await CreatorFactory.merge(creatorFields).create()
  const account = await PlatformAccountFactory.merge({ creatorId: creator.id, platform }).create()
  return { creator, account }
}

/**
 * One video of `account` with the given fields (counters default to the
 * factory's), its words indexed for search.
 */
export async function videoOf(account: AccountRef, fields: Partial<Record<string, unknown>> = {}) {
  const video = await VideoFactory.merge({
    accountId: account.id,
    creatorId: account.creatorId,
    platform: account.platform,
    ...fields,
  }).create()
  await indexVideoWords(db.connection(), [video])
  return video
}

export interface VideoDatasetOptions {
  creators?: number
  accountsPerCreator?: number
  videosPerAccount?: number
  /** Daily snapshots per video (the newest is today's). */
  days?: number
  /** "Now" of the dataset. */
  now?: DateTime
  platforms?: PlatformKey[]
  /** Creators to give the videos to instead of new ones (each gets new accounts). */
  creatorsGiven?: Creator[]
  /** Titles to cycle through (SAMPLE_TITLES by default). */
  titles?: string[]
  /** Accounts to give the videos to instead of new ones (no creator or account is made). */
  accountsGiven?: AccountRef[]
}

/** What a video needs of its account. */
export type AccountRef = Pick<CreatorPlatformAccount, 'id' | 'creatorId' | 'platform'>

export interface VideoDataset {
  creators: Creator[]
  accounts: AccountRef[]
  videoIds: number[]
}

/** A fast start decaying over days: cumulative views after `day` days (deterministic). */
function viewsAfter(base: number, day: number, breakout: boolean) {
  const curve = 1 - Math.exp(-(day + 1) / 3)
  return Math.round(base * curve * (breakout ? 1 + day * 0.6 : 1))
}

/**
 * N creators × accounts × videos, each video with `days` daily snapshots,
 * bulk-inserted (a few thousand rows a second on SQLite): uploads spread over
 * the past days, views spanning every tier, one video in seven breaking out,
 * titles in four languages, a few deleted. Counters, views_week and
 * views_month are consistent with the snapshots; words are indexed and
 * counted for suggestions.
 */
export async function seedVideoDataset(options: VideoDatasetOptions = {}): Promise<VideoDataset> {
  const {
    creators: creatorCount = 3,
    accountsPerCreator = 1,
    videosPerAccount = 8,
    days = 10,
    now = DateTime.utc().startOf('hour'),
    platforms = ['bilibili', 'youtube', 'douyin'],
    titles = SAMPLE_TITLES,
  } = options
  const creators = options.accountsGiven
    ? []
    : (options.creatorsGiven ??
      (await Promise.all(Array.from({ length: creatorCount }, () => CreatorFactory.create()))))
  const accounts: AccountRef[] = [...(options.accountsGiven ?? [])]
  for (const [at, creator] of creators.entries()) {
    for (let index = 0; index < accountsPerCreator; index++) {
      accounts.push(
        await PlatformAccountFactory.merge({
          creatorId: creator.id,
          platform: platforms[(at + index) % platforms.length],
        }).create()
      )
    }
  }

  const stamp = sqlDateTime(now)
  const videoRows: Record<string, unknown>[] = []
  const curves: { base: number; breakout: boolean; age: number }[] = []
  let serial = 0
  for (const account of accounts) {
    for (let index = 0; index < videosPerAccount; index++) {
      serial++
      const age = (serial * 7) % (days + 20)
      const base = [3_000, 20_000, 70_000, 200_000, 800_000, 2_000_000, 6_000_000][serial % 7]
      const breakout = serial % 7 === 3
      const published = now.minus({ days: age, hours: serial % 24 })
      const views = viewsAfter(base, age, breakout)
      const weekAgo = age >= 7 ? viewsAfter(base, age - 7, breakout) : 0
      const monthAgo = age >= 30 ? viewsAfter(base, age - 30, breakout) : 0
      curves.push({ base, breakout, age })
      const counters = Object.fromEntries(
        VIDEO_METRICS.map((metric, at) => [metric, Math.round(views / (8 + at * 6))])
      )
      videoRows.push({
        account_id: account.id,
        creator_id: account.creatorId,
        platform: account.platform,
        platform_video_id: `DS${account.id}-${index}`,
        title: `${titles[serial % titles.length]} #${serial}`,
        tags: serial % 2 ? '教程,vlog' : 'food,travel',
        category: serial % 3 ? 'vlog' : 'game',
        published_at: sqlDateTime(published),
        duration_s: 120 + serial,
        thumbnail_url: null,
        url: null,
        ...counters,
        views,
        views_week: views - weekAgo,
        views_month: views - monthAgo,
        source: 'simulated',
        adapter: 'simulated',
        first_seen_at: sqlDateTime(published),
        last_seen_at: stamp,
        deleted_on: serial % 11 === 0 ? now.toISODate() : null,
        created_at: stamp,
        updated_at: stamp,
      })
    }
  }
  for (const part of chunks(videoRows, 200)) await db.table('videos').multiInsert(part)
  const videos = await Video.query()
    .whereIn(
      'account_id',
      accounts.map((account) => account.id)
    )
    .orderBy('id')

  const snapshots: Record<string, unknown>[] = []
  videos.forEach((video, at) => {
    const { base, breakout, age } = curves[at]
    for (let back = Math.min(days, age + 1) - 1; back >= 0; back--) {
      const views = viewsAfter(base, age - back, breakout)
      const day = now.minus({ days: back })
      snapshots.push({
        video_id: video.id,
        creator_id: video.creatorId,
        snapshot_date: day.toISODate(),
        ...Object.fromEntries(
          VIDEO_METRICS.map((metric, index) => [metric, Math.round(views / (8 + index * 6))])
        ),
        views,
        source: 'simulated',
        adapter: 'simulated',
        collected_at: sqlDateTime(day),
      })
    }
  })
  for (const part of chunks(snapshots, 200)) await db.table('video_snapshots').multiInsert(part)
  await indexVideoWords(db.connection(), videos)
  await rebuildVideoWordCounts()
  await VideoTallies.rebuild()
  return { creators, accounts, videoIds: videos.map((video) => video.id) }
}
