import type { PlatformKey } from '#shared/constants'
import type { ChannelStats } from '#platforms/types'

/*
|--------------------------------------------------------------------------
| The simulated platform
|--------------------------------------------------------------------------
|
| Realistic, deterministic channel growth for the demo and the benchmarks.
| Every number is a pure function of (account id, platform, day): the value
| of a day never depends on the range it is asked in, so a backfill and the
| daily collection agree, and re-running a day gives the same row.
|
| The model of a counter m on day t (days since 1970-01-01, UTC):
|
|   value(t) = floor( C(t) + C'(t) · (W(dow t) + a · (u(t) − ½)) ) + Σ events
|
| - C(t) = base · e^{g·(t − anchor)/365}: smooth compound growth; `base` is the
|   value on the anchor day (2026-01-01) and g the channel's yearly growth.
|   Channel sizes run from ~500 to ~3M fans (log-skewed by account id);
|   smaller channels grow faster.
| - W: the weekday rhythm, as the running sum of (w_dow − 1) over the week
|   (it sums to 0 over a week), so the daily gain is ≈ C'(t) · w_dow with
|   weekends ~25 % above midweek.
| - u(t): per-day seeded noise. For the monotonic counters a = 0.5, small
|   enough that every daily gain stays ≥ 0; for fans a = 1.4, so a quiet day
|   now and then loses a few fans.
| - events (integers, so they sum exactly whatever the range): every 61-day
|   block may hold a viral spike (p = 0.55, ≈ 3.3 a year) worth 5–60 days of
|   growth at once, spread over 10 decaying days, and a fan-loss episode
|   (p = 0.12) that takes 3–15 days of fan growth away over 3 days.
| - videos: a channel-specific upload cadence (1–10 a week), a step function.
|
| Before 2020-01-01 every value stays at its 2020-01-01 level.
|
*/

export const DAY_MS = 86_400_000
export const ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY_MS
const ORIGIN_DAY = Date.UTC(2020, 0, 1) / DAY_MS
const BLOCK_DAYS = 61
const SPIKE_SHAPE = [0.35, 0.57, 0.71, 0.8, 0.86, 0.905, 0.94, 0.965, 0.985, 1]
const LOSS_SHAPE = [0.5, 0.8, 1]
const LONGEST_SHAPE = SPIKE_SHAPE.length

/** Index of each counter in the per-day arrays. */
export const M = {
  fans: 0,
  views: 1,
  likes: 2,
  comments: 3,
  shares: 4,
  danmaku: 5,
  coins: 6,
  forwards: 7,
  recommends: 8,
  videos: 9,
} as const
const METRIC_COUNT = 10

/** Weekday multipliers of the daily gain, Sunday first; they average to 1. */
const WEEKDAY_WEIGHTS = (() => {
  const raw = [1.2, 0.86, 0.88, 0.9, 0.93, 1.03, 1.2]
  const mean = raw.reduce((sum, value) => sum + value, 0) / raw.length
  return raw.map((value) => value / mean)
})()
/** W(dow): running sum of (w − 1) from Monday, so a full week adds 0. */
const WEEKDAY_OFFSET = (() => {
  const offset = new Array<number>(7).fill(0)
  let running = 0
  for (const dow of [1, 2, 3, 4, 5, 6, 0]) {
    running += WEEKDAY_WEIGHTS[dow] - 1
    offset[dow] = running
  }
  return offset
})()

type Range = readonly [number, number]

/**
 * How each platform's counters relate to its views: cumulative views per fan,
 * and the other counters as shares of views ([0, 0] = the platform has none).
 * Coins and danmaku exist only on Bilibili, forwards on Weibo and WeChat
 * Channels, recommends (feed impressions) on the recommendation-feed sites.
 */
interface PlatformProfile {
  viewsPerFan: Range
  likes: Range
  comments: Range
  shares: Range
  danmaku: Range
  coins: Range
  forwards: Range
  recommends: Range
  /** Uploads a week. */
  uploads: Range
}

const NONE: Range = [0, 0]
const profile = (values: Partial<PlatformProfile>): PlatformProfile => ({
  viewsPerFan: [40, 150],
  likes: [0.02, 0.05],
  comments: [0.001, 0.004],
  shares: [0.0005, 0.003],
  danmaku: NONE,
  coins: NONE,
  forwards: NONE,
  recommends: NONE,
  uploads: [1, 4],
  ...values,
})

const PROFILES: Record<PlatformKey, PlatformProfile> = {
  bilibili: profile({
    viewsPerFan: [40, 160],
    likes: [0.04, 0.08],
    danmaku: [0.002, 0.008],
    coins: [0.01, 0.03],
    uploads: [1, 3],
  }),
  youtube: profile({ viewsPerFan: [100, 400], likes: [0.02, 0.04], uploads: [1, 3] }),
  douyin: profile({
    viewsPerFan: [50, 200],
    likes: [0.05, 0.1],
    shares: [0.002, 0.008],
    recommends: [2, 5],
    uploads: [3, 10],
  }),
  kwai: profile({
    viewsPerFan: [30, 120],
    likes: [0.04, 0.08],
    shares: [0.001, 0.006],
    recommends: [2, 5],
    uploads: [3, 10],
  }),
  xigua: profile({ viewsPerFan: [80, 300], recommends: [3, 8], uploads: [1, 4] }),
  haokan: profile({ viewsPerFan: [100, 300], recommends: [3, 8], uploads: [1, 4] }),
  weibo: profile({
    viewsPerFan: [20, 80],
    likes: [0.01, 0.03],
    forwards: [0.002, 0.01],
    uploads: [2, 7],
  }),
  tencent: profile({ viewsPerFan: [50, 150], uploads: [1, 3] }),
  iqiyi: profile({ viewsPerFan: [50, 200], likes: [0.01, 0.03], uploads: [1, 2] }),
  netease: profile({ viewsPerFan: [20, 80], uploads: [1, 3] }),
  xiaohongshu: profile({
    viewsPerFan: [10, 50],
    likes: [0.05, 0.12],
    shares: [0.002, 0.01],
    uploads: [2, 6],
  }),
  wechat_channels: profile({
    viewsPerFan: [20, 100],
    likes: [0.02, 0.05],
    forwards: [0.003, 0.012],
    uploads: [1, 5],
  }),
}

/* ------------------------------------------------------------------ */
/* Hashing                                                              */
/* ------------------------------------------------------------------ */

/** A 32-bit integer mixer (murmur3's finaliser). */
export function mix(value: number) {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A uniform number in [0, 1) for (seed, a, b); `seed` is already well mixed. */
export function unit(seed: number, a: number, b = 0) {
  return mix((seed ^ Math.imul(a, 0x9e3779b1)) + Math.imul(b + 1, 0x85ebca77)) / 4294967296
}

export function seedOf(accountId: number, platform: string) {
  let h = 0x811c9dc5
  for (let index = 0; index < platform.length; index++) {
    h = Math.imul(h ^ platform.charCodeAt(index), 0x01000193)
  }
  return mix(h ^ mix(accountId))
}

const between = (range: Range, u: number) => range[0] + (range[1] - range[0]) * u

/* ------------------------------------------------------------------ */
/* Days                                                                 */
/* ------------------------------------------------------------------ */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

export function dayOf(date: string) {
  const match = DATE_PATTERN.exec(date)
  if (!match) throw new RangeError(`Invalid date "${date}" (expected YYYY-MM-DD)`)
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const day = ms / DAY_MS
  if (!Number.isFinite(day) || dateOf(day) !== date) {
    throw new RangeError(`Invalid date "${date}"`)
  }
  return day
}

/** Date strings are cached (2000-01-01 … 2054): thousands of accounts share them. */
const DATE_CACHE_FIRST = Date.UTC(2000, 0, 1) / DAY_MS
const DATE_CACHE: (string | undefined)[] = new Array(20_000)
export function dateOf(day: number) {
  const slot = day - DATE_CACHE_FIRST
  const cached = DATE_CACHE[slot]
  if (cached !== undefined) return cached
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10)
  if (slot >= 0 && slot < DATE_CACHE.length) DATE_CACHE[slot] = date
  return date
}

/* ------------------------------------------------------------------ */
/* The channel model                                                    */
/* ------------------------------------------------------------------ */

interface ChannelEvent {
  day: number
  shape: number[]
  /** Integer amount per metric once the event is over (negative for losses). */
  amounts: number[]
  /** Sum of the amounts of every earlier event, per metric. */
  before: number[]
}

export interface ChannelModel {
  seed: number
  /** Events computed so far (through block `eventBlocks − 1`) and their running totals. */
  events: ChannelEvent[]
  eventBlocks: number
  fanBase: number
  fanGrowth: number
  viewGrowth: number
  /** Value on the anchor day of each counter but fans and videos (index = M.*). */
  bases: number[]
  noise: number[]
  videoBase: number
  uploadsPerDay: number
}

const MODEL_CACHE = new Map<string, ChannelModel>()

export function modelOf(accountId: number, platform: PlatformKey): ChannelModel {
  const cacheKey = `${platform}:${accountId}`
  const cached = MODEL_CACHE.get(cacheKey)
  if (cached) return cached

  const seed = seedOf(accountId, platform)
  const p = PROFILES[platform] ?? PROFILES.youtube
  const size = unit(seed, 1) ** 1.3
  const fanBase = 500 * 6000 ** size
  const fanGrowth = 0.05 + 0.85 * (1 - size) * (0.3 + 0.7 * unit(seed, 2))
  const viewGrowth = 0.2 + 0.6 * unit(seed, 3)
  const views = fanBase * between(p.viewsPerFan, unit(seed, 4))
  const ratio = (range: Range, k: number) => views * between(range, unit(seed, 5, k))

  const bases = new Array<number>(METRIC_COUNT).fill(0)
  bases[M.views] = views
  bases[M.likes] = ratio(p.likes, M.likes)
  bases[M.comments] = ratio(p.comments, M.comments)
  bases[M.shares] = ratio(p.shares, M.shares)
  bases[M.danmaku] = ratio(p.danmaku, M.danmaku)
  bases[M.coins] = ratio(p.coins, M.coins)
  bases[M.forwards] = ratio(p.forwards, M.forwards)
  bases[M.recommends] = ratio(p.recommends, M.recommends)

  const noise = new Array<number>(METRIC_COUNT).fill(0.5)
  noise[M.fans] = 1.4

  const uploadsPerDay = between(p.uploads, unit(seed, 6)) / 7
  // Years of uploads before the anchor day, fewer for younger channels.
  const videoBase = uploadsPerDay * 365 * (1 + 5 * unit(seed, 7))

  const model: ChannelModel = {
    seed,
    events: [],
    eventBlocks: 0,
    fanBase,
    fanGrowth,
    viewGrowth,
    bases,
    noise,
    videoBase,
    uploadsPerDay,
  }
  if (MODEL_CACHE.size > 50_000) MODEL_CACHE.clear()
  MODEL_CACHE.set(cacheKey, model)
  return model
}

/** Daily gain of fans and views on `day` (C'(t)). */
function fanRate(model: ChannelModel, day: number) {
  return (
    ((model.fanBase * model.fanGrowth) / 365) *
    Math.exp((model.fanGrowth * (day - ANCHOR_DAY)) / 365)
  )
}
export function viewScale(model: ChannelModel, day: number) {
  return Math.exp((model.viewGrowth * (day - ANCHOR_DAY)) / 365)
}

/**
 * The channel's number of uploads at the end of `day`: a step function of its
 * cadence (non-decreasing: the noise moves a step by less than a day).
 * Before 2020-01-01 it stays at its 2020-01-01 level.
 */
export function uploadsOn(model: ChannelModel, day: number) {
  const t = day < ORIGIN_DAY ? ORIGIN_DAY : day
  const videos = Math.floor(
    model.videoBase + model.uploadsPerDay * (t - ANCHOR_DAY + 0.9 * unit(model.seed, t, M.videos))
  )
  return videos > 0 ? videos : 0
}

/**
 * The spikes and fan losses that start between the origin and `lastDay`, in
 * day order (blocks are disjoint, so sorting within a block is enough).
 * Cached on the model and extended when a later day is asked.
 */
function eventsOf(model: ChannelModel, lastDay: number): ChannelEvent[] {
  const lastBlock = Math.floor((lastDay - ORIGIN_DAY) / BLOCK_DAYS)
  const events = model.events
  const push = (day: number, shape: number[], amounts: number[]) => {
    const previous = events[events.length - 1]
    const before = previous
      ? previous.before.map((sum, m) => sum + previous.amounts[m])
      : new Array<number>(METRIC_COUNT).fill(0)
    events.push({ day, shape, amounts, before })
  }
  for (let block = model.eventBlocks; block <= lastBlock; block++) {
    const start = ORIGIN_DAY + block * BLOCK_DAYS
    const found: { day: number; shape: number[]; amounts: number[] }[] = []
    if (unit(model.seed, 100, block) < 0.55) {
      const day = start + Math.floor(unit(model.seed, 101, block) * BLOCK_DAYS)
      // Worth 5–60 days of the channel's usual growth, log-uniform.
      const days = 5 * 12 ** unit(model.seed, 102, block)
      const perDay = (model.viewGrowth / 365) * viewScale(model, day) * days
      const amounts = model.bases.map((base) => Math.round(base * perDay))
      amounts[M.fans] = Math.round(fanRate(model, day) * days * 0.8)
      amounts[M.videos] = 0
      found.push({ day, shape: SPIKE_SHAPE, amounts })
    }
    if (unit(model.seed, 200, block) < 0.12) {
      const day = start + Math.floor(unit(model.seed, 201, block) * BLOCK_DAYS)
      const amounts = new Array<number>(METRIC_COUNT).fill(0)
      amounts[M.fans] = -Math.round(fanRate(model, day) * (3 + 12 * unit(model.seed, 202, block)))
      found.push({ day, shape: LOSS_SHAPE, amounts })
    }
    found.sort((a, b) => a.day - b.day)
    for (const event of found) push(event.day, event.shape, event.amounts)
  }
  model.eventBlocks = Math.max(model.eventBlocks, lastBlock + 1)
  return events
}

interface SimulatedAccount {
  id: number
  platform: PlatformKey
  uid?: string | null
}

/**
 * The channel's counters on every day from `from` to `to` (inclusive,
 * YYYY-MM-DD). Deterministic in (account.id, account.platform); the value of
 * a day does not depend on `from`.
 */
export function simulateSeries(
  account: SimulatedAccount,
  from: string,
  to: string
): { date: string; stats: ChannelStats }[] {
  const first = dayOf(from)
  const last = dayOf(to)
  if (last < first) return []

  const model = modelOf(account.id, account.platform)
  const events = eventsOf(model, last)
  const { bases, noise, seed } = model
  const viewG = model.viewGrowth / 365

  // An event is "settled" (counted in full) once LONGEST_SHAPE days have passed since
  // it started; `done` holds the settled total. All amounts are integers, so the
  // totals are exact whichever day the walk starts on.
  const startDay = first < ORIGIN_DAY ? ORIGIN_DAY : first
  let doneIndex = 0
  while (doneIndex < events.length && events[doneIndex].day + LONGEST_SHAPE <= startDay) doneIndex++
  const done =
    doneIndex < events.length
      ? events[doneIndex].before.slice()
      : events.length > 0
        ? events[events.length - 1].before.map(
            (sum, m) => sum + events[events.length - 1].amounts[m]
          )
        : new Array<number>(METRIC_COUNT).fill(0)
  const settle = (day: number) => {
    while (doneIndex < events.length && events[doneIndex].day + LONGEST_SHAPE <= day) {
      const amounts = events[doneIndex].amounts
      for (let m = 0; m < METRIC_COUNT; m++) done[m] += amounts[m]
      doneIndex++
    }
  }

  // The counters proportional to views that this platform has (index into M).
  const viewMetrics: number[] = []
  for (let m = M.views; m < M.videos; m++) if (bases[m] !== 0) viewMetrics.push(m)
  const fanNoise = noise[M.fans]
  const fanGrowthPerDay = model.fanGrowth / 365

  const series: { date: string; stats: ChannelStats }[] = new Array(last - first + 1)
  const values = new Array<number>(METRIC_COUNT).fill(0)
  for (let day = first; day <= last; day++) {
    const t = day < ORIGIN_DAY ? ORIGIN_DAY : day
    settle(t)
    const weekday = WEEKDAY_OFFSET[(((t + 4) % 7) + 7) % 7]

    // Fans: C(t) + C'(t) · (W + a · (u − ½)).
    const fanGain = fanRate(model, t)
    values[M.fans] = Math.floor(
      fanGain / fanGrowthPerDay + fanGain * (weekday + fanNoise * (unit(seed, t, M.fans) - 0.5))
    )

    // Views and the counters proportional to views.
    const scale = viewScale(model, t)
    for (const m of viewMetrics) {
      const value = bases[m] * scale
      values[m] = Math.floor(
        value + value * viewG * (weekday + noise[m] * (unit(seed, t, m) - 0.5))
      )
    }

    // Uploads: a step function of the cadence.
    values[M.videos] = uploadsOn(model, t)

    // Events: the settled ones in full, the running ones along their shape.
    for (let m = 0; m < M.videos; m++) values[m] += done[m]
    for (let index = doneIndex; index < events.length && events[index].day <= t; index++) {
      const event = events[index]
      const step = t - event.day
      const share = event.shape[step < event.shape.length ? step : event.shape.length - 1]
      for (let m = 0; m < M.videos; m++) {
        const amount = event.amounts[m]
        if (amount !== 0) values[m] += Math.trunc(amount * share)
      }
    }

    series[day - first] = {
      date: dateOf(day),
      stats: {
        fans: values[M.fans] > 0 ? values[M.fans] : 0,
        views: values[M.views],
        likes: values[M.likes],
        comments: values[M.comments],
        shares: values[M.shares],
        danmaku: values[M.danmaku],
        coins: values[M.coins],
        forwards: values[M.forwards],
        recommends: values[M.recommends],
        videos: values[M.videos],
      },
    }
  }
  return series
}
