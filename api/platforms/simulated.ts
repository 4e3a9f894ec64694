import { PORTRAIT_AUDIENCES } from '#shared/constants'
import { PlatformError } from '#platforms/types'
import type {
  ChannelStats,
  FanPortrait,
  PlatformAccountRef,
  PlatformAdapter,
  VideoPage,
  VideoStats,
} from '#platforms/types'
import { DAY_MS, dayOf, modelOf, seedOf, simulateSeries, unit } from '#platforms/simulated_model'
import {
  listedAt,
  simulatedVideo,
  simulatedVideoNumber,
  simulatedVideoStats,
  uploadsAt,
} from '#platforms/simulated_videos'

/*
| The simulated platform as a PlatformAdapter (the demo and the benchmarks):
| the channel model of simulated_model.ts, its videos' hourly curves
| (simulated_videos.ts) and fan portraits.
*/

const PORTRAIT_BUCKETS: Record<string, string[]> = {
  sex: ['female', 'male'],
  age: ['<18', '18-24', '25-30', '31-40', '>40'],
  region: ['Guangdong', 'Beijing', 'Shanghai', 'Zhejiang', 'Jiangsu', 'Sichuan', 'Other'],
  device: ['iPhone', 'Huawei', 'Xiaomi', 'OPPO', 'vivo', 'Other'],
  partition: ['Lifestyle', 'Food', 'Games', 'Music', 'Dance', 'Knowledge', 'Entertainment'],
  label: ['Korean culture', 'K-pop', 'Cooking', 'Travel', 'Makeup', 'Gaming', 'Study', 'Pets'],
}

/** The shares of simulated logins whose check the platform refuses, or answers with a captcha. */
export const SIMULATED_REFUSED_SHARE = 0.05
export const SIMULATED_CAPTCHA_SHARE = 0.01

const YOUTUBE_REGIONS = ['Korea', 'United States', 'Japan', 'Taiwan', 'Vietnam', 'Other']

/**
 * The simulator feeds only accounts a live adapter could read: a UID, and a
 * token or cookie where the platform signs in with one (YouTube reads public
 * statistics with the studio's API key). Others are skipped as not set up,
 * so a made-up account never shows invented figures.
 */
function assertReadable(account: PlatformAccountRef) {
  if (!account.uid) {
    throw new PlatformError(account.platform, 'not_configured', 'The account has no UID')
  }
  if (account.connected === false && account.platform !== 'youtube') {
    throw new PlatformError(
      account.platform,
      'not_configured',
      'The account has no token or cookie yet'
    )
  }
}

/**
 * The simulator as a PlatformAdapter: `channelStats` is the series' value on
 * the asked date, `videos` the uploads listed at a moment (newest first) with their
 * counters then, `videosById` some of them, `fanPortrait` stable
 * shares per account.
 */
export default class SimulatedAdapter implements PlatformAdapter {
  readonly name = 'simulated'
  readonly source = 'simulated' as const

  /**
   * `now` fixes the day the video list describes (tests); default: today (UTC).
   * `latencyMs` (SIMULATED_LATENCY_MS) makes each channel read take that long,
   * like a real platform's answer: a demo collection then shows its progress,
   * and operators' tests have time to kill a run mid-way.
   */
  constructor(
    private options: { now?: () => string; latencyMs?: number } = {
      latencyMs: Number(process.env.SIMULATED_LATENCY_MS ?? 0),
    }
  ) {}

  async channelStats(
    account: PlatformAccountRef,
    options: { date: string }
  ): Promise<ChannelStats> {
    if (this.options.latencyMs) {
      await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs))
    }
    assertReadable(account)
    return simulateSeries(account, options.date, options.date)[0].stats
  }

  /**
   * The uploads listed at `at` (ISO 8601; default now, or the end of the
   * `now` option's day), newest first. `total` is the channel's upload count
   * then (its channel statistics' `videos`); a deleted video keeps its place
   * in that count but is left out of its page, so a page can hold fewer items.
   */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number; at?: string }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(100, Math.floor(options.pageSize)))
    const atMs = this.#moment(options.at)
    const model = modelOf(account.id, account.platform)
    const total = uploadsAt(model, atMs)

    const items: VideoStats[] = []
    const firstIndex = (page - 1) * pageSize
    const lastIndex = Math.min(total, firstIndex + pageSize)
    for (let position = firstIndex; position < lastIndex; position++) {
      const video = simulatedVideo(model, total - 1 - position)
      if (listedAt(video, atMs)) items.push(simulatedVideoStats(account, model, video, atMs))
    }
    return { items, page, pageSize, total, hasMore: lastIndex < total }
  }

  /** The asked videos of the account as they are at `at`; unknown, future and deleted ones left out. */
  async videosById(
    account: PlatformAccountRef,
    ids: string[],
    options: { at: string }
  ): Promise<VideoStats[]> {
    const atMs = this.#moment(options.at)
    const model = modelOf(account.id, account.platform)
    const items: VideoStats[] = []
    for (const id of new Set(ids)) {
      const n = simulatedVideoNumber(account.id, account.platform, id)
      if (n === null) continue
      const video = simulatedVideo(model, n)
      if (listedAt(video, atMs)) items.push(simulatedVideoStats(account, model, video, atMs))
    }
    return items
  }

  /** The moment asked (ms): `at`, else the end of the `now` option's day, else now. */
  #moment(at?: string) {
    if (at) {
      const ms = Date.parse(at)
      if (Number.isFinite(ms)) return ms
      throw new RangeError(`Invalid moment "${at}" (expected ISO 8601)`)
    }
    if (this.options.now) return (dayOf(this.options.now()) + 1) * DAY_MS - 1
    return Date.now()
  }

  /**
   * The account-health check, deterministic per account: a connected login
   * works, except a small stable share (SIMULATED_REFUSED_SHARE, about 1 in
   * 20) the platform refuses, and a few (SIMULATED_CAPTCHA_SHARE) for which
   * it asks a verification — so the demo's health centre shows every group.
   * An account without a token or cookie is not set up.
   */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    if (account.connected === false || (!account.uid && account.platform !== 'youtube')) {
      throw new PlatformError(account.platform, 'not_configured', 'The account has no login yet')
    }
    const draw = unit(seedOf(account.id, `${account.platform}:login`), 17)
    if (draw < SIMULATED_CAPTCHA_SHARE) {
      throw new PlatformError(account.platform, 'captcha', 'The platform asks for a verification')
    }
    if (draw < SIMULATED_CAPTCHA_SHARE + SIMULATED_REFUSED_SHARE) {
      throw new PlatformError(account.platform, 'auth', 'The stored login was refused')
    }
  }

  async fanPortrait(account: PlatformAccountRef): Promise<FanPortrait[]> {
    const seed = seedOf(account.id, `${account.platform}:portrait`)
    const portraits: FanPortrait[] = []
    PORTRAIT_AUDIENCES.forEach((audience, audienceIndex) => {
      Object.entries(PORTRAIT_BUCKETS).forEach(([dimension, defaultBuckets], dimensionIndex) => {
        const buckets =
          dimension === 'region' && account.platform === 'youtube'
            ? YOUTUBE_REGIONS
            : defaultBuckets
        const skew = dimension === 'sex' ? 1 : 2
        const weights = buckets.map(
          (_, index) => unit(seed, audienceIndex * 100 + dimensionIndex, index) ** skew + 0.05
        )
        portraits.push({
          audience,
          dimension: dimension as FanPortrait['dimension'],
          buckets: toShares(weights).map((share, index) => ({ bucket: buckets[index], share })),
        })
      })
    })
    return portraits
  }
}

/** Weights → shares with 4 decimals that add up to exactly 1. */
function toShares(weights: number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const units = weights.map((weight) => Math.floor((weight / total) * 10_000))
  let rest = 10_000 - units.reduce((sum, value) => sum + value, 0)
  for (let index = 0; rest > 0; index = (index + 1) % units.length, rest--) units[index]++
  return units.map((value) => value / 10_000)
}
