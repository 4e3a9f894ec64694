import { DateTime } from 'luxon'
import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'

/*
|--------------------------------------------------------------------------
| YouTube (live)
|--------------------------------------------------------------------------
|
| YouTube Data API v3 with an API key (YOUTUBE_API_KEY):
|
|   channels?part=statistics,snippet,contentDetails&id=<channel id>
|       (or &forHandle=@name when the account's uid is a handle)
|       statistics.subscriberCount → fans, viewCount → views,
|       videoCount → videos (all strings); contentDetails.relatedPlaylists.uploads
|   playlistItems?part=contentDetails&playlistId=<uploads>&maxResults=50&pageToken=
|       the channel's uploads, newest first, paged by nextPageToken
|   videos?part=statistics,snippet,contentDetails&id=a,b,…   (≤ 50 ids)
|       statistics.viewCount, likeCount, commentCount, favoriteCount (strings;
|       likeCount / commentCount are absent when the owner hides them → 0),
|       snippet.title, publishedAt, tags[], categoryId (named from YouTube's
|       category list), thumbnails.{maxres,standard,high,medium,default}.url,
|       contentDetails.duration (ISO 8601, PT#H#M#S → seconds)
|   The listing is playlistItems + videos; videosById is videos?id= in
|   groups of 50 (a deleted or private video is absent from the answer).
|
| Likes and comments are summed over the newest uploads read (at most
| `maxPages` pages of 50, default 2 = 100 videos): the Data API has no
| channel-wide totals for them, so for larger channels they are "recent" sums.
| Shares need the YouTube Analytics API (owner OAuth) and danmaku, coins,
| forwards and recommends do not exist on YouTube: 0. A channel that hides
| its subscriber count fails with 'not_supported' rather than recording 0.
| Cost: 1 quota unit per call, ≈ 1 + 2 + 2 = 5 units per channel per day.
|
| Errors: 403 quotaExceeded / dailyLimitExceeded → quota_exceeded (not
| retryable; retryAfterMs = until the quota resets at midnight Pacific time);
| 403 rateLimitExceeded / userRateLimitExceeded and HTTP 429 → rate_limited;
| 400 keyInvalid, 401 and 403 forbidden / accessNotConfigured → auth; 404
| or no items → not_found; 5xx → upstream; a body that is not JSON or lacks a
| field → bad_response; fetch failures and timeouts → network. No API key →
| not_configured.
|
| Tested only against a local fake server answering the documented shapes
| (tests/functional/platforms/youtube.spec.ts), never against googleapis.com.
|
*/

export interface YouTubeAdapterOptions {
  /** https://www.googleapis.com/youtube/v3 (YOUTUBE_API_BASE). */
  baseUrl: string
  apiKey?: string | null
  timeoutMs?: number
  /** Pages of 50 newest uploads read for the like and comment sums. */
  maxPages?: number
}

type Json = Record<string, unknown>

const PAGE_SIZE_MAX = 50
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded'])
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded'])
const AUTH_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'forbidden',
  'accessNotConfigured',
  'ipRefererBlocked',
  'authError',
])

interface YouTubeVideo {
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

interface Channel {
  statistics: Json
  uploads: string
}

export default class YouTubeAdapter implements PlatformAdapter {
  readonly name = 'youtube'
  readonly source = 'official' as const

  #baseUrl: string
  #apiKey: string | null
  #timeoutMs: number
  #maxPages: number
  /** pageToken of page n (n ≥ 2) per uploads playlist and page size, so paging does not re-walk. */
  #pageTokens = new Map<string, string>()

  constructor(options: YouTubeAdapterOptions) {
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
    this.#apiKey = options.apiKey?.trim() || null
    this.#timeoutMs = options.timeoutMs ?? 10_000
    this.#maxPages = options.maxPages ?? 2
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const channel = await this.#channel(account)
    const statistics = channel.statistics
    if (statistics.hiddenSubscriberCount === true || statistics.subscriberCount === undefined) {
      throw new PlatformError(
        'youtube',
        'not_supported',
        `YouTube channel ${account.uid} hides its subscriber count`,
        { retryable: false }
      )
    }

    let likes = 0
    let comments = 0
    let pageToken: string | undefined
    for (let page = 1; page <= this.#maxPages; page++) {
      const uploads = await this.#uploadsPage(channel.uploads, PAGE_SIZE_MAX, pageToken)
      for (const video of await this.#videoStatistics(uploads.ids)) {
        likes += counter(video.statistics, 'likeCount', 'videos', true)
        comments += counter(video.statistics, 'commentCount', 'videos', true)
      }
      pageToken = uploads.nextPageToken
      if (!pageToken) break
    }

    return {
      fans: counter(statistics, 'subscriberCount', 'channels'),
      views: counter(statistics, 'viewCount', 'channels'),
      likes,
      comments,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: counter(statistics, 'videoCount', 'channels'),
    }
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(PAGE_SIZE_MAX, Math.floor(options.pageSize)))
    const channel = await this.#channel(account)

    // The API pages by token: start from the nearest remembered token, follow nextPageToken.
    const tokenKey = (n: number) => `${channel.uploads}:${pageSize}:${n}`
    let start = 1
    let pageToken: string | undefined
    for (let n = page; n >= 2; n--) {
      pageToken = this.#pageTokens.get(tokenKey(n))
      if (pageToken) {
        start = n
        break
      }
    }
    let uploads = await this.#uploadsPage(channel.uploads, pageSize, pageToken)
    for (let current = start; current < page; current++) {
      if (!uploads.nextPageToken) {
        return { items: [], page, pageSize, total: uploads.total, hasMore: false }
      }
      this.#rememberToken(tokenKey(current + 1), uploads.nextPageToken)
      uploads = await this.#playlistPage(channel.uploads, pageSize, uploads.nextPageToken)
    }
    if (uploads.nextPageToken) this.#rememberToken(tokenKey(page + 1), uploads.nextPageToken)

    const videos = await this.#videoStatistics(uploads.ids)
    const items = videos.map(videoStats)
    return {
      items,
      page,
      pageSize,
      total: uploads.total,
      hasMore: Boolean(uploads.nextPageToken),
    }
  }

  /**
   * The current counters of some videos (videos?id=a,b,… by 50); videos
   * deleted or made private are left out. `at` changes nothing: YouTube
   * answers what it shows now.
   */
  async videosById(
    _account: PlatformAccountRef,
    ids: string[],
    _options?: { at: string }
  ): Promise<VideoStats[]> {
    const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
    const items: VideoStats[] = []
    for (let start = 0; start < unique.length; start += PAGE_SIZE_MAX) {
      const videos = await this.#videoStatistics(unique.slice(start, start + PAGE_SIZE_MAX))
      items.push(...videos.map(videoStats))
    }
    return items
  }

  /**
   * The Data API has no audience demographics; they need the YouTube
   * Analytics API with the channel owner's OAuth consent, which the studio
   * does not hold. No portrait.
   */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #rememberToken(key: string, token: string) {
    if (this.#pageTokens.size > 10_000) this.#pageTokens.clear()
    this.#pageTokens.set(key, token)
  }

  async #channel(account: PlatformAccountRef): Promise<Channel> {
    const uid = account.uid?.trim()
    if (!uid) {
      throw new PlatformError(
        'youtube',
        'not_configured',
        `Account ${account.id} has no YouTube channel id`,
        { retryable: false }
      )
    }
    const selector: Record<string, string> = uid.startsWith('@') ? { forHandle: uid } : { id: uid }
    const body = await this.#get('channels', {
      part: 'statistics,snippet,contentDetails',
      ...selector,
    })
    const item = firstItem(body, 'channels', uid)
    const statistics = object(item, 'statistics', 'channels')
    const related = object(
      object(item, 'contentDetails', 'channels'),
      'relatedPlaylists',
      'channels'
    )
    const uploads = related.uploads
    if (typeof uploads !== 'string' || !uploads) {
      throw badResponse('channels', 'contentDetails.relatedPlaylists.uploads')
    }
    return { statistics, uploads }
  }

  /**
   * A page of the uploads playlist; a channel that never uploaded has none
   * (playlistItems answers 404 playlistNotFound): no videos, not a missing
   * channel — its statistics were read already.
   */
  async #uploadsPage(playlistId: string, maxResults: number, pageToken?: string) {
    try {
      return await this.#playlistPage(playlistId, maxResults, pageToken)
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'not_found' && !pageToken) {
        return { ids: [] as string[], nextPageToken: undefined, total: 0 }
      }
      throw error
    }
  }

  async #playlistPage(playlistId: string, maxResults: number, pageToken?: string) {
    const body = await this.#get('playlistItems', {
      part: 'contentDetails',
      playlistId,
      maxResults: String(maxResults),
      ...(pageToken ? { pageToken } : {}),
    })
    const items = body.items
    if (!Array.isArray(items)) throw badResponse('playlistItems', 'items')
    const ids = items.map((item) => {
      const videoId = item && typeof item === 'object' ? (item as Json).contentDetails : undefined
      const id = videoId && typeof videoId === 'object' ? (videoId as Json).videoId : undefined
      if (typeof id !== 'string' || !id)
        throw badResponse('playlistItems', 'contentDetails.videoId')
      return id
    })
    const pageInfo = body.pageInfo
    const total =
      pageInfo && typeof pageInfo === 'object'
        ? counter(pageInfo as Json, 'totalResults', 'playlistItems', true)
        : ids.length
    const next = body.nextPageToken
    return { ids, total, nextPageToken: typeof next === 'string' && next ? next : undefined }
  }

  async #videoStatistics(ids: string[]) {
    if (ids.length === 0) return []
    const body = await this.#get('videos', {
      part: 'statistics,snippet,contentDetails',
      id: ids.join(','),
    })
    const items = body.items
    if (!Array.isArray(items)) throw badResponse('videos', 'items')
    const byId = new Map<string, YouTubeVideo>()
    for (const item of items) {
      if (!item || typeof item !== 'object' || typeof item.id !== 'string') {
        throw badResponse('videos', 'items[].id')
      }
      byId.set(item.id, {
        id: item.id,
        statistics: object(item, 'statistics', 'videos'),
        snippet: item.snippet && typeof item.snippet === 'object' ? item.snippet : {},
        contentDetails:
          item.contentDetails && typeof item.contentDetails === 'object' ? item.contentDetails : {},
      })
    }
    // Keep the playlist's order; videos deleted or private since are skipped.
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  async #get(resource: string, params: Record<string, string>): Promise<Json> {
    if (!this.#apiKey) {
      throw new PlatformError(
        'youtube',
        'not_configured',
        'YOUTUBE_API_KEY is not set: the live YouTube adapter needs a Data API v3 key',
        { retryable: false }
      )
    }
    const query = new URLSearchParams({ ...params, key: this.#apiKey }).toString()
    let response: Response
    let text: string
    try {
      response = await fetch(`${this.#baseUrl}${resource}?${query}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      throw new PlatformError(
        'youtube',
        'network',
        name === 'TimeoutError' || name === 'AbortError'
          ? `YouTube did not answer ${resource} within ${this.#timeoutMs} ms`
          : `Could not reach YouTube for ${resource}: ${error instanceof Error ? error.message : String(error)}`,
        { retryable: true }
      )
    }

    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    if (!response.ok) throw httpError(response, body, resource)
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new PlatformError(
        'youtube',
        'bad_response',
        `YouTube's answer to ${resource} is not JSON`,
        {
          retryable: false,
        }
      )
    }
    return body as Json
  }
}

/* ------------------------------------------------------------------ */

function httpError(response: Response, body: unknown, resource: string) {
  const status = response.status
  const error =
    body &&
    typeof body === 'object' &&
    'error' in body &&
    body.error &&
    typeof body.error === 'object'
      ? (body.error as Json)
      : {}
  const first = Array.isArray(error.errors) && error.errors[0] ? (error.errors[0] as Json) : {}
  const reason = typeof first.reason === 'string' ? first.reason : undefined
  const detail = typeof error.message === 'string' ? error.message : `HTTP ${status}`
  const message = `YouTube answered ${status}${reason ? ` ${reason}` : ''} for ${resource}: ${detail}`
  const upstreamCode = reason ?? status

  if (reason && QUOTA_REASONS.has(reason)) {
    return new PlatformError('youtube', 'quota_exceeded', message, {
      retryable: false,
      upstreamCode,
      retryAfterMs: untilQuotaReset(),
    })
  }
  if (status === 429 || (reason && RATE_LIMIT_REASONS.has(reason))) {
    const retryAfter = Number(response.headers.get('retry-after'))
    return new PlatformError('youtube', 'rate_limited', message, {
      retryable: true,
      upstreamCode,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    })
  }
  if (status === 401 || (reason && AUTH_REASONS.has(reason)) || /API key not valid/i.test(detail)) {
    return new PlatformError('youtube', 'auth', message, { retryable: false, upstreamCode })
  }
  if (status === 404) {
    return new PlatformError('youtube', 'not_found', message, { retryable: false, upstreamCode })
  }
  if (status >= 500) {
    return new PlatformError('youtube', 'upstream', message, { retryable: true, upstreamCode })
  }
  return new PlatformError('youtube', 'upstream', message, { retryable: false, upstreamCode })
}

/** The Data API's daily quota resets at midnight Pacific time. */
function untilQuotaReset() {
  const now = DateTime.now().setZone('America/Los_Angeles')
  return Math.max(0, Math.round(now.plus({ days: 1 }).startOf('day').diff(now).as('milliseconds')))
}

function badResponse(resource: string, what: string) {
  return new PlatformError(
    'youtube',
    'bad_response',
    `YouTube's answer to ${resource} lacks ${what}`,
    {
      retryable: false,
    }
  )
}

function firstItem(body: Json, resource: string, uid: string): Json {
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

function object(data: Json, name: string, resource: string): Json {
  const value = data[name]
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badResponse(resource, name)
  return value as Json
}

/** Counts arrive as decimal strings ("12345"); absent ones are 0 when `optional`. */
function counter(data: Json, name: string, resource: string, optional = false): number {
  const value = data[name]
  if (value === undefined && optional) return 0
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof number === 'number' && Number.isFinite(number) && number >= 0)
    return Math.trunc(number)
  throw badResponse(resource, `the count "${name}"`)
}

/** A videos resource as VideoStats (shares need the Analytics API; danmaku and coins do not exist). */
function videoStats(video: YouTubeVideo): VideoStats {
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
