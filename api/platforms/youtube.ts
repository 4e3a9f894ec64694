import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { YouTubeClient } from '#platforms/youtube_client'
import {
  badResponse,
  counter,
  firstItem,
  object,
  videoStats,
  type Json,
  type YouTubeVideo,
} from '#platforms/youtube_fields'

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
| The calls and their errors are in youtube_client.ts, the reading of the
| answers (fields, counters, a video as VideoStats) in youtube_fields.ts.
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

const PAGE_SIZE_MAX = 50

interface Channel {
  statistics: Json
  uploads: string
}

export default class YouTubeAdapter implements PlatformAdapter {
  readonly name = 'youtube'
  readonly source = 'official' as const

  #client: YouTubeClient
  #maxPages: number
  /** pageToken of page n (n ≥ 2) per uploads playlist and page size, so paging does not re-walk. */
  #pageTokens = new Map<string, string>()

  constructor(options: YouTubeAdapterOptions) {
    this.#client = new YouTubeClient(options)
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
    const body = await this.#client.get('channels', {
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
    const body = await this.#client.get('playlistItems', {
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
    const body = await this.#client.get('videos', {
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
}
