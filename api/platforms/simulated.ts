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
import {
  ANCHOR_DAY,
  DAY_MS,
  M,
  PROFILES,
  dateOf,
  dayOf,
  mix,
  modelOf,
  seedOf,
  simulateSeries,
  unit,
  viewScale,
} from '#platforms/simulated_model'

/*
| The simulated platform as a PlatformAdapter (the demo and the benchmarks):
| the channel model of simulated_model.ts, a deterministic video list and
| fan portraits.
*/

const TITLE_WORDS = [
  ['Seoul', 'Busan', 'Jeju', 'Shanghai', 'Chengdu', 'Tokyo', 'My kitchen', 'Our studio'],
  ['vlog', 'street food tour', 'K-pop dance cover', 'makeup tutorial', 'study with me', 'Q&A'],
  ['#1', 'part 2', '(full)', 'in 24 hours', 'for beginners', 'with friends', 'behind the scenes'],
]

const PORTRAIT_BUCKETS: Record<string, string[]> = {
  sex: ['female', 'male'],
  age: ['<18', '18-24', '25-30', '31-40', '>40'],
  region: ['Guangdong', 'Beijing', 'Shanghai', 'Zhejiang', 'Jiangsu', 'Sichuan', 'Other'],
  device: ['iPhone', 'Huawei', 'Xiaomi', 'OPPO', 'vivo', 'Other'],
  partition: ['Lifestyle', 'Food', 'Games', 'Music', 'Dance', 'Knowledge', 'Entertainment'],
  label: ['Korean culture', 'K-pop', 'Cooking', 'Travel', 'Makeup', 'Gaming', 'Study', 'Pets'],
}

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

function today() {
  return new Date().toISOString().slice(0, 10)
}

/**
 * The simulator as a PlatformAdapter: `channelStats` is the series' value on
 * the asked date, `videos` a deterministic upload list (newest first) whose
 * length is the channel's video count on `now`, `fanPortrait` stable
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

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(100, Math.floor(options.pageSize)))
    const now = dayOf((this.options.now ?? today)())
    const model = modelOf(account.id, account.platform)
    const [{ stats }] = simulateSeries(account, dateOf(now), dateOf(now))
    const total = stats.videos
    const p = PROFILES[account.platform] ?? PROFILES.youtube
    const viewsShare = (m: number) => (stats.views > 0 ? model.bases[m] / model.bases[M.views] : 0)

    const items: VideoStats[] = []
    const firstIndex = (page - 1) * pageSize
    for (let position = firstIndex; position < Math.min(total, firstIndex + pageSize); position++) {
      // n counts from the oldest upload, so a video keeps its id as new ones arrive.
      const n = total - 1 - position
      const seed = mix(model.seed ^ mix(n + 7919))
      const u = (k: number) => unit(seed, k)
      const published = Math.min(
        now,
        Math.floor(ANCHOR_DAY + (n + 0.5 - model.videoBase) / model.uploadsPerDay)
      )
      const age = Math.max(1, now - published)
      // A video's views: its channel's daily views at upload × a heavy-tailed hit factor,
      // saturating over its first weeks.
      const dailyViews =
        model.bases[M.views] * (model.viewGrowth / 365) * viewScale(model, published)
      const hit = Math.exp(3 * (u(1) - 0.5)) * (u(2) < 0.05 ? 10 + 40 * u(3) : 1)
      const views = Math.round(
        ((dailyViews * 7 * hit) / Math.max(1, p.uploads[0])) * (1 - Math.exp(-age / 7))
      )
      const title = `${TITLE_WORDS[0][Math.floor(u(4) * TITLE_WORDS[0].length)]} ${
        TITLE_WORDS[1][Math.floor(u(5) * TITLE_WORDS[1].length)]
      } ${TITLE_WORDS[2][Math.floor(u(6) * TITLE_WORDS[2].length)]}`
      const jitter = (k: number) => 0.6 + 0.8 * u(k)
      items.push({
        id: `sim-${account.platform}-${account.id}-${n}`,
        title,
        publishedAt: new Date(published * DAY_MS + Math.floor(u(7) * DAY_MS)).toISOString(),
        url: null,
        views,
        likes: Math.round(views * viewsShare(M.likes) * jitter(8)),
        comments: Math.round(views * viewsShare(M.comments) * jitter(9)),
        shares: Math.round(views * viewsShare(M.shares) * jitter(10)),
        danmaku: Math.round(views * viewsShare(M.danmaku) * jitter(11)),
        coins: Math.round(views * viewsShare(M.coins) * jitter(12)),
        favorites: Math.round(views * 0.01 * jitter(13)),
      })
    }
    return { items, page, pageSize, total, hasMore: firstIndex + items.length < total }
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
