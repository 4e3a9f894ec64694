import { count } from '#platforms/open_http'
import { PlatformError, type FanPortrait, type VideoStats } from '#platforms/types'
import type { PortraitDimension } from '#shared/constants'

/*
| Reading the ByteDance open platform's answers (douyin.ts, xigua.ts): the
| `data` object every answer wraps, its error code, the day entries of the
| external-data lists, a listed video as VideoStats and the fans portrait as
| the studio's dimensions. The platform writes its numbers as numbers or as
| numeric strings ("200", error_code "0"): both are read.
*/

export type Json = Record<string, unknown>
export type ByteDancePlatform = 'douyin' | 'xigua'

export const LABELS: Record<ByteDancePlatform, string> = { douyin: 'Douyin', xigua: 'Xigua' }

export function badResponse(platform: ByteDancePlatform, path: string, what: string) {
  return new PlatformError(
    platform,
    'bad_response',
    `${LABELS[platform]}'s answer to ${path} lacks ${what}`,
    { retryable: false }
  )
}

export function isObject(value: unknown): value is Json {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value)
}

/** The error code of an answer: the first non-zero of data.error_code and extra.error_code, else 0. */
export function errorCodeOf(body: Json): { code: number; description: string } {
  for (const part of [body.data, body.extra]) {
    if (!isObject(part)) continue
    const code = Number(part.error_code ?? 0)
    if (!Number.isFinite(code) || code === 0) continue
    const description = typeof part.description === 'string' ? part.description : ''
    return { code, description }
  }
  return { code: 0, description: '' }
}

/** A list an answer must have (data.list, data.result_list …). */
export function listOf(platform: ByteDancePlatform, data: Json, name: string, path: string) {
  const value = data[name]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((item) => !isObject(item))) {
    throw badResponse(platform, path, `the list "${name}"`)
  }
  return value as Json[]
}

/**
 * The entry of `date` (YYYY-MM-DD) in an external-data result_list; when the
 * answer has no entry for that day, the newest one before it, else the
 * newest of all. Null when the list is empty.
 */
export function entryOfDay(entries: Json[], date: string): Json | null {
  const dated = entries
    .map((entry) => ({ entry, day: typeof entry.date === 'string' ? entry.date.slice(0, 10) : '' }))
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0))
  return (
    dated.find(({ day }) => day === date)?.entry ??
    dated.find(({ day }) => day !== '' && day < date)?.entry ??
    dated[0]?.entry ??
    null
  )
}

/** The next page's cursor and has_more of a cursor-paged answer. */
export function cursorOf(data: Json): { cursor: string | null; hasMore: boolean } {
  const more = data.has_more
  const hasMore = more === true || more === 1 || more === '1' || more === 'true'
  const cursor = data.cursor
  const next =
    (typeof cursor === 'number' && Number.isFinite(cursor)) ||
    (typeof cursor === 'string' && cursor !== '')
      ? String(cursor)
      : null
  return { cursor: next, hasMore: hasMore && next !== null }
}

export interface ListedVideo {
  id: string
  stats: VideoStats
  forwards: number
}

/**
 * A listed video (video list and video data share one shape): item_id, title,
 * create_time (seconds), cover, share_url and statistics { play_count,
 * digg_count, comment_count, share_count, forward_count, download_count }.
 * Saves (收藏) are not in the open API's statistics: `unread` says so;
 * danmaku and coins do not exist on these platforms (0).
 */
export function listedVideo(platform: ByteDancePlatform, item: Json, path: string): ListedVideo {
  const id = item.item_id
  if (typeof id !== 'string' || id === '') throw badResponse(platform, path, 'list[].item_id')
  const statistics = isObject(item.statistics) ? item.statistics : null
  if (!statistics) throw badResponse(platform, path, 'list[].statistics')
  const created = Number(item.create_time)
  const shareUrl = typeof item.share_url === 'string' && item.share_url ? item.share_url : null
  const videoId = typeof item.video_id === 'string' && item.video_id ? item.video_id : null
  return {
    id,
    forwards: count(statistics.forward_count),
    stats: {
      id,
      title: typeof item.title === 'string' ? item.title : '',
      publishedAt:
        Number.isFinite(created) && created > 0 ? new Date(created * 1000).toISOString() : null,
      url:
        shareUrl ??
        (platform === 'douyin' && videoId ? `https://www.douyin.com/video/${videoId}` : null),
      views: count(statistics.play_count),
      likes: count(statistics.digg_count),
      comments: count(statistics.comment_count),
      shares: count(statistics.share_count),
      danmaku: 0,
      coins: 0,
      favorites: 0,
      thumbnailUrl: typeof item.cover === 'string' && item.cover ? item.cover : null,
      unread: ['favorites'],
    },
  }
}

/* ------------------------------------------------------------------ */
/* The fans portrait (fans_data)                                       */
/* ------------------------------------------------------------------ */

/** fans_data's distributions by the studio's portrait dimension. */
const DISTRIBUTIONS: [string, PortraitDimension][] = [
  ['gender_distributions', 'sex'],
  ['age_distributions', 'age'],
  ['geographical_distributions', 'region'],
  ['device_distributions', 'device'],
  ['interest_distributions', 'partition'],
]

const SEX: Record<string, string> = { '1': 'male', '2': 'female', '男': 'male', '女': 'female' }

/** The platform's bucket word as the studio keeps it (sexes in English, open age ranges as >N). */
function bucketOf(dimension: PortraitDimension, item: string) {
  const value = item.trim()
  if (dimension === 'sex') return SEX[value] ?? 'other'
  if (dimension === 'age') {
    const open = /^(\d+)\s*[-~+]$/.exec(value)
    if (open) return `>${open[1]}`
  }
  return value
}

/**
 * The portrait of the account's fans from fans_data (its non-fans are not
 * in the open API). Values are counts (or scores): they become shares that
 * add up to 1, to four places; a bucket without a name, or a dimension
 * whose values are all 0, is left out.
 */
export function fansPortrait(fansData: Json): FanPortrait[] {
  const portraits: FanPortrait[] = []
  for (const [field, dimension] of DISTRIBUTIONS) {
    const entries = Array.isArray(fansData[field]) ? (fansData[field] as unknown[]) : []
    const weights = new Map<string, number>()
    for (const entry of entries) {
      if (!isObject(entry) || typeof entry.item !== 'string' || entry.item.trim() === '') continue
      const bucket = bucketOf(dimension, entry.item)
      weights.set(bucket, (weights.get(bucket) ?? 0) + count(entry.value))
    }
    const shares = toShares([...weights.values()])
    if (!shares) continue
    portraits.push({
      audience: 'fans',
      dimension,
      buckets: [...weights.keys()].map((bucket, index) => ({ bucket, share: shares[index] })),
    })
  }
  return portraits
}

/** Weights as shares adding up to exactly 1 (to four places); null when they sum to 0. */
function toShares(weights: number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total <= 0) return null
  const units = weights.map((weight) => Math.floor((weight * 10_000) / total))
  let rest = 10_000 - units.reduce((sum, value) => sum + value, 0)
  const order = weights.map((_, index) => index).sort((a, b) => weights[b] - weights[a])
  for (let index = 0; rest > 0; index = (index + 1) % order.length, rest--) units[order[index]]++
  return units.map((value) => value / 10_000)
}
