import { PlatformError, type VideoStats } from '#platforms/types'

/*
| Reading the YouTube Data API's answers (youtube.ts): an object, a count or
| the first item a resource must have, else a 'bad_response' (or
| 'not_found') PlatformError; a videos resource as VideoStats.
*/

export type Json = Record<string, unknown>

export interface YouTubeVideo {
  id: string
  statistics: Json
  snippet: Json
  contentDetails: Json
}

/**
 * YouTube's video categories (videoCategories, region US) by snippet.categoryId;
 * an id not listed is kept as is.
 */
const CATEGORIES: Record<string, string> = {
  '1': 'Film & Animation',
  '2': 'Autos & Vehicles',
  '10': 'Music',
  '15': 'Pets & Animals',
  '17': 'Sports',
  '18': 'Short Movies',
  '19': 'Travel & Events',
  '20': 'Gaming',
  '21': 'Videoblogging',
  '22': 'People & Blogs',
  '23': 'Comedy',
  '24': 'Entertainment',
  '25': 'News & Politics',
  '26': 'Howto & Style',
  '27': 'Education',
  '28': 'Science & Technology',
  '29': 'Nonprofits & Activism',
  '30': 'Movies',
  '43': 'Shows',
  '44': 'Trailers',
}

export function badResponse(resource: string, what: string) {
  return new PlatformError(
    'youtube',
    'bad_response',
    `YouTube's answer to ${resource} lacks ${what}`,
    {
      retryable: false,
    }
  )
}

export function firstItem(body: Json, resource: string, uid: string): Json {
  const items = body.items
  if (items !== undefined && !Array.isArray(items)) throw badResponse(resource, 'items')
  const first = items?.[0]
  if (!first || typeof first !== 'object') {
    throw new PlatformError('youtube', 'not_found', `YouTube has no channel "${uid}"`, {
      retryable: false,
    })
  }
  return first as Json
}

export function object(data: Json, name: string, resource: string): Json {
  const value = data[name]
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badResponse(resource, name)
  return value as Json
}

/** Counts arrive as decimal strings ("12345"); absent ones are 0 when `optional`. */
export function counter(data: Json, name: string, resource: string, optional = false): number {
  const value = data[name]
  if (value === undefined && optional) return 0
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof number === 'number' && Number.isFinite(number) && number >= 0)
    return Math.trunc(number)
  throw badResponse(resource, `the count "${name}"`)
}

/** A videos resource as VideoStats (shares need the Analytics API; danmaku and coins do not exist). */
export function videoStats(video: YouTubeVideo): VideoStats {
  const { snippet, statistics } = video
  const categoryId = typeof snippet.categoryId === 'string' ? snippet.categoryId : null
  const tags = Array.isArray(snippet.tags)
    ? snippet.tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '')
    : []
  return {
    id: video.id,
    title: typeof snippet.title === 'string' ? snippet.title : '',
    publishedAt: typeof snippet.publishedAt === 'string' ? snippet.publishedAt : null,
    url: `https://www.youtube.com/watch?v=${encodeURIComponent(video.id)}`,
    views: counter(statistics, 'viewCount', 'videos', true),
    likes: counter(statistics, 'likeCount', 'videos', true),
    comments: counter(statistics, 'commentCount', 'videos', true),
    shares: 0,
    danmaku: 0,
    coins: 0,
    favorites: counter(statistics, 'favoriteCount', 'videos', true),
    durationS: isoDurationSeconds(video.contentDetails.duration),
    category: categoryId ? (CATEGORIES[categoryId] ?? categoryId) : null,
    thumbnailUrl: thumbnailOf(snippet.thumbnails),
    tags,
  }
}

/**
 * Seconds of an ISO 8601 duration as contentDetails.duration gives it
 * (PT1H2M3S, PT45S, P1DT2H, P0D for a live stream); null when unreadable.
 */
export function isoDurationSeconds(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value
  )
  if (!match || value === 'P' || value.endsWith('T')) return null
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0))
  return Math.round(((weeks * 7 + days) * 24 + hours) * 3600 + minutes * 60 + seconds)
}

/** The largest of the usual thumbnails (maxres, standard, high, medium, default). */
function thumbnailOf(thumbnails: unknown): string | null {
  if (!thumbnails || typeof thumbnails !== 'object') return null
  for (const size of ['maxres', 'standard', 'high', 'medium', 'default']) {
    const entry = (thumbnails as Json)[size]
    const url = entry && typeof entry === 'object' ? (entry as Json).url : undefined
    if (typeof url === 'string' && url) return url
  }
  return null
}
