import type { PlatformKey } from '#shared/constants'
import type { VideoStats } from '#platforms/types'
import {
  ANCHOR_DAY,
  DAY_MS,
  M,
  mix,
  unit,
  uploadsOn,
  viewScale,
  type ChannelModel,
} from '#platforms/simulated_model'

/*
|--------------------------------------------------------------------------
| The simulated platform's videos
|--------------------------------------------------------------------------
|
| Every upload of a simulated channel, as a pure function of (account,
| platform, upload number n, moment): n counts from the channel's oldest
| upload, so a video keeps its id (`sim-<platform>-<account>-<n>`) as new
| ones arrive.
|
| - Upload moment: the channel's upload count (simulated_model.ts
|   uploadsOn) decides the day; uploads of one day are spread over it in
|   order. At a moment, a channel lists every upload published by then.
| - Views at age h hours:
|
|     views(h) = V · ( 1 − e^{−h/τ}  +  0.25 · (1 − e^{−h/1080})  +  B(h) ) / 1.25
|
|   a fast start (τ = 24–48 h: ≈ 60 % of the first rise within a day or two)
|   with a slow long tail (45 days), and for ≈ 4 % of videos a breakout B(h):
|   a second rise 3–28 days after upload worth 1–5 × the first, over its
|   own 0.7–2 days. V is the channel's daily views at upload ÷ its uploads per
|   day × a heavy-tailed hit factor (≈ 5 % of uploads are hits worth 3–13 ×).
| - Other counters are fixed per-video shares of views, around the
|   channel's own ratios (likes, comments, shares, danmaku, coins), saves
|   ≈ 1 %; all floors of a non-decreasing curve, so they never drop.
| - ≈ 0.4 % of videos are deleted 1–60 days after upload: from then on the
|   listing and videosById leave them out.
| - Title, tags, category and duration in the platform's language: Chinese
|   on the Chinese platforms, English or Korean on YouTube.
|
*/

const HOUR_MS = 3_600_000
const ORIGIN_DAY = Date.UTC(2020, 0, 1) / DAY_MS

interface Words {
  places: string[]
  /** [activity, category index] */
  activities: [string, number][]
  suffixes: string[]
  categories: string[]
  join: (place: string, activity: string, suffix: string) => string
}

const ZH: Words = {
  places: ['首尔', '釜山', '济州岛', '上海', '成都', '东京', '我的厨房', '工作室', '弘大', '明洞'],
  activities: [
    ['日常vlog', 0],
    ['街头美食探店', 1],
    ['韩舞翻跳', 4],
    ['美妆教程', 5],
    ['陪你学习', 6],
    ['粉丝问答', 2],
    ['好物开箱', 5],
    ['一日三餐', 1],
    ['旅行日记', 7],
    ['游戏实况', 3],
    ['翻唱', 8],
  ],
  suffixes: ['第一期', '（上）', '完整版', '24小时挑战', '新手必看', '和朋友们', '幕后花絮', ''],
  categories: ['生活', '美食', '娱乐', '游戏', '舞蹈', '时尚', '知识', '旅行', '音乐'],
  join: (place, activity, suffix) => `${place}${activity}${suffix ? ` ${suffix}` : ''}`,
}

/** YouTube's own category names (videos.snippet.categoryId as the live adapter names it). */
const YOUTUBE_CATEGORIES = [
  'People & Blogs',
  'Howto & Style',
  'Entertainment',
  'Gaming',
  'Music',
  'Howto & Style',
  'Education',
  'Travel & Events',
  'Music',
]

const EN: Words = {
  places: ['Seoul', 'Busan', 'Jeju', 'Shanghai', 'Chengdu', 'Tokyo', 'My kitchen', 'Our studio'],
  activities: [
    ['vlog', 0],
    ['street food tour', 1],
    ['K-pop dance cover', 4],
    ['makeup tutorial', 5],
    ['study with me', 6],
    ['Q&A', 2],
    ['unboxing', 5],
    ['what I eat in a day', 1],
    ['travel diary', 7],
    ['gameplay', 3],
    ['cover song', 8],
  ],
  suffixes: ['#1', 'part 2', '(full)', 'in 24 hours', 'for beginners', 'with friends', ''],
  categories: YOUTUBE_CATEGORIES,
  join: (place, activity, suffix) => `${place} ${activity}${suffix ? ` ${suffix}` : ''}`,
}

const KO: Words = {
  places: ['서울', '부산', '제주도', '상하이', '도쿄', '우리 집', '작업실', '홍대', '명동'],
  activities: [
    ['브이로그', 0],
    ['길거리 음식 투어', 1],
    ['케이팝 댄스 커버', 4],
    ['메이크업 튜토리얼', 5],
    ['같이 공부해요', 6],
    ['구독자 Q&A', 2],
    ['언박싱', 5],
    ['먹방', 1],
    ['여행 일기', 7],
    ['게임 실황', 3],
    ['노래 커버', 8],
  ],
  suffixes: ['1편', '2부', '풀버전', '24시간 챌린지', '초보자를 위한', '친구들과', '비하인드', ''],
  categories: YOUTUBE_CATEGORIES,
  join: (place, activity, suffix) => `${place} ${activity}${suffix ? ` ${suffix}` : ''}`,
}

/** Short-video platforms (seconds to a few minutes); the others run 3–25 minutes. */
const SHORT_FORM = new Set<PlatformKey>([
  'douyin',
  'kwai',
  'xiaohongshu',
  'wechat_channels',
  'weibo',
])

/** The video id of upload n of an account. */
function simulatedVideoId(accountId: number, platform: string, n: number) {
  return `sim-${platform}-${accountId}-${n}`
}

/** Upload number n from a simulated video id of that account, or null. */
export function simulatedVideoNumber(accountId: number, platform: string, id: string) {
  const prefix = `sim-${platform}-${accountId}-`
  if (!id.startsWith(prefix)) return null
  const rest = id.slice(prefix.length)
  if (!/^\d{1,9}$/.test(rest)) return null
  return Number(rest)
}

/** The fixed traits of one upload: when, how big, what it says. */
interface SimulatedVideo {
  n: number
  seed: number
  publishedMs: number
  /** Views the first rise and tail tend to (see the curve above). */
  scale: number
  tauHours: number
  breakout: { startHours: number; size: number; tauHours: number } | null
  deletedMs: number | null
}

/** The day upload n appeared: the first day whose upload count exceeds n. */
function uploadDay(model: ChannelModel, n: number) {
  // uploads from before the model's first day keep the cadence's estimate
  if (n < uploadsOn(model, ORIGIN_DAY)) {
    return Math.min(
      ORIGIN_DAY - 1,
      Math.floor(ANCHOR_DAY + (n + 0.5 - model.videoBase) / model.uploadsPerDay)
    )
  }
  let day = Math.floor(ANCHOR_DAY + (n + 1 - model.videoBase) / model.uploadsPerDay - 1)
  // the estimate is off by the noise (under a day of uploads): step to the exact day
  for (let guard = 0; guard < 60 && uploadsOn(model, day) > n; guard++) day--
  for (let guard = 0; guard < 60 && uploadsOn(model, day) <= n; guard++) day++
  return day
}

export function simulatedVideo(model: ChannelModel, n: number): SimulatedVideo {
  const seed = mix(model.seed ^ mix(n + 7919))
  const u = (k: number) => unit(seed, k)
  const day = uploadDay(model, n)
  // uploads of one day in order, each at its own moment within the day
  const before = day < ORIGIN_DAY ? n : uploadsOn(model, day - 1)
  const ofDay = day < ORIGIN_DAY ? 1 : Math.max(1, uploadsOn(model, day) - before)
  const slot = Math.min(Math.max(0, n - before), ofDay - 1)
  const publishedMs = Math.floor(day * DAY_MS + (DAY_MS * (slot + 0.15 + 0.7 * u(7))) / ofDay)

  const dailyViews = model.bases[M.views] * (model.viewGrowth / 365) * viewScale(model, day)
  const hit = Math.exp(3 * (u(1) - 0.5)) * (u(2) < 0.05 ? 3 + 10 * u(3) : 1)
  const scale = ((dailyViews / model.uploadsPerDay) * hit * 0.8) / 1.25
  const breakout =
    u(22) < 0.04
      ? {
          startHours: 24 * (3 + 25 * u(23)),
          size: 1 + 4 * u(24),
          tauHours: 24 * (0.7 + 1.3 * u(25)),
        }
      : null
  const deletedMs = u(26) < 0.004 ? publishedMs + Math.floor(DAY_MS * (1 + 59 * u(27))) : null
  return { n, seed, publishedMs, scale, tauHours: 24 * (1 + u(21)), breakout, deletedMs }
}

/**
 * Views of a video `ageHours` after its upload (0 before): the fast start,
 * the long tail and the breakout of the curve above. Non-decreasing in age.
 */
export function viewsAtAge(video: Omit<SimulatedVideo, 'n' | 'seed'>, ageHours: number) {
  if (!(ageHours > 0)) return 0
  let shape = 1 - Math.exp(-ageHours / video.tauHours) + 0.25 * (1 - Math.exp(-ageHours / 1080))
  const breakout = video.breakout
  if (breakout && ageHours > breakout.startHours) {
    shape += breakout.size * (1 - Math.exp(-(ageHours - breakout.startHours) / breakout.tauHours))
  }
  return Math.floor(video.scale * shape)
}

/** Whether the video is listed at `atMs`: published, and not deleted yet. */
export function listedAt(video: SimulatedVideo, atMs: number) {
  return video.publishedMs <= atMs && (video.deletedMs === null || atMs < video.deletedMs)
}

/** Uploads published by `atMs` (deleted ones included: the channel's own count). */
export function uploadsAt(model: ChannelModel, atMs: number) {
  const day = Math.floor(atMs / DAY_MS)
  const before = uploadsOn(model, day - 1)
  const end = uploadsOn(model, day)
  let count = before
  while (count < end && simulatedVideo(model, count).publishedMs <= atMs) count++
  return count
}

function wordsOf(platform: PlatformKey, seed: number) {
  if (platform !== 'youtube') return ZH
  return unit(seed, 30) < 0.6 ? EN : KO
}

/** Length in seconds: short-video platforms 10 s – 3 min, others 3 – 25 min. */
function durationOf(platform: PlatformKey, u: number) {
  return SHORT_FORM.has(platform) ? Math.round(10 + 170 * u * u) : Math.round(180 + 1320 * u * u)
}

/** The video as an adapter answers it at `atMs` (which must be ≥ its upload moment). */
export function simulatedVideoStats(
  account: { id: number; platform: PlatformKey },
  model: ChannelModel,
  video: SimulatedVideo,
  atMs: number
): VideoStats {
  const u = (k: number) => unit(video.seed, k)
  const words = wordsOf(account.platform, video.seed)
  const place = words.places[Math.floor(u(4) * words.places.length)]
  const [activity, categoryIndex] = words.activities[Math.floor(u(5) * words.activities.length)]
  const suffix = words.suffixes[Math.floor(u(6) * words.suffixes.length)]
  const category = words.categories[categoryIndex]
  const tags = [place, activity, category].slice(0, 2 + Math.floor(u(14) * 2))
  if (u(15) < 0.4 && suffix) tags.push(suffix.replace(/[（）()#]/g, '').trim())

  return {
    id: simulatedVideoId(account.id, account.platform, video.n),
    title: words.join(place, activity, suffix),
    publishedAt: new Date(video.publishedMs).toISOString(),
    url: null,
    ...simulatedVideoCounters(model, video, atMs),
    durationS: durationOf(account.platform, u(16)),
    category,
    thumbnailUrl: null,
    tags: [...new Set(tags.filter(Boolean))],
  }
}

/** The counters of a video at `atMs`: views from the curve, the others fixed shares of them. */
export function simulatedVideoCounters(model: ChannelModel, video: SimulatedVideo, atMs: number) {
  const u = (k: number) => unit(video.seed, k)
  const views = viewsAtAge(video, (atMs - video.publishedMs) / HOUR_MS)
  const share = (m: number) =>
    model.bases[M.views] > 0 ? model.bases[m] / model.bases[M.views] : 0
  const part = (m: number, k: number) => Math.floor(views * share(m) * (0.6 + 0.8 * u(k)))
  return {
    views,
    likes: part(M.likes, 8),
    comments: part(M.comments, 9),
    shares: part(M.shares, 10),
    danmaku: part(M.danmaku, 11),
    coins: part(M.coins, 12),
    favorites: Math.floor(views * 0.01 * (0.6 + 0.8 * u(13))),
  }
}
