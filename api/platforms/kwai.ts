import { readOpenToken } from '#platforms/open_token'
import { KwaiClient, type KwaiClientOptions } from '#platforms/kwai_client'
import {
  PHOTO_COUNT,
  PHOTO_INFO,
  PHOTO_LIST,
  USER_INFO,
  photoCounts,
  photoInfo,
  photoList,
  userCounters,
  videoStats,
  type KwaiPhoto,
} from '#platforms/kwai_fields'
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
| Kuaishou / Kwai (live, open platform)
|--------------------------------------------------------------------------
|
| Reads open.kuaishou.com with the creator's OAuth token (the stored OAuth
| answer, readOpenToken) and the studio's app id (KWAI_APP_ID), both sent as
| the documented query parameters access_token and app_id:
|
|   openapi/user_info      user_info.fan → fans (follow is not a studio counter)
|   openapi/photo/count    public_count → videos; all_count → the list's total
|   openapi/photo/list     video_list[]: photo_id, caption, cover, create_time (ms),
|     ?cursor=&count=      like_count, comment_count, view_count, pending; count
|                          ≤ 200; the next page's cursor is the photo_id of the
|                          page's oldest video (smallest create_time)
|   openapi/photo/info     video_info of one photo_id (videosById)
|
| Views, likes and comments of the channel are sums over the newest
| `maxVideos` videos read (default 200, one list call): the open API has no
| channel totals for them, so for larger channels they are "recent" sums.
| The open API gives no shares, favorites or audience figures: shares and
| favorites of a video are left `unread`, the channel's shares are 0, and
| fanPortrait answers [] (no portrait endpoint is documented). Danmaku, coins,
| forwards and recommends do not exist on Kuaishou (0). Videos still being
| processed (pending) are left out of the listing.
|
| Errors: see kwai_client.ts (result codes → auth, not_configured,
| rate_limited, not_found, upstream). No stored token → not_configured; no
| app id → not_configured. checkLogin is user_info, the cheapest signed call.
|
| Tested only against a local fake server answering the published samples
| (tests/functional/platforms/kwai.spec.ts, tests/fixtures/platforms/kwai/).
|
*/

export interface KwaiAdapterOptions extends KwaiClientOptions {
  /** Newest videos read for the channel's view, like and comment sums. */
  maxVideos?: number
}

const PAGE_SIZE_MAX = 200

export default class KwaiAdapter implements PlatformAdapter {
  readonly name = 'kwai'
  readonly source = 'official' as const

  #client: KwaiClient
  #maxVideos: number
  /** The cursor of page n (n ≥ 2) per account and page size, so paging does not re-walk. */
  #cursors = new Map<string, string>()

  constructor(options: KwaiAdapterOptions) {
    this.#client = new KwaiClient(options)
    this.#maxVideos = Math.max(0, Math.floor(options.maxVideos ?? 200))
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const token = this.#token(account)
    const user = userCounters(await this.#client.get(USER_INFO, token))
    const counts = photoCounts(await this.#client.get(PHOTO_COUNT, token))

    let views = 0
    let likes = 0
    let comments = 0
    let read = 0
    let cursor: string | undefined
    while (read < this.#maxVideos) {
      const size = Math.min(PAGE_SIZE_MAX, this.#maxVideos - read)
      const page = await this.#page(token, size, cursor)
      for (const photo of page.photos) {
        const stats = videoStats(photo)
        views += stats.views
        likes += stats.likes
        comments += stats.comments
      }
      read += page.photos.length
      cursor = page.next
      if (!cursor || page.photos.length < size) break
    }

    return {
      fans: user.fans,
      views,
      likes,
      comments,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: counts.publicCount,
    }
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const token = this.#token(account)
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(PAGE_SIZE_MAX, Math.floor(options.pageSize)))
    const total = photoCounts(await this.#client.get(PHOTO_COUNT, token)).allCount

    // The list pages by cursor: start from the nearest remembered one, follow the oldest photo_id.
    const key = (n: number) => `${account.id}:${pageSize}:${n}`
    let current = 1
    let cursor: string | undefined
    for (let n = page; n >= 2; n--) {
      cursor = this.#cursors.get(key(n))
      if (cursor) {
        current = n
        break
      }
    }
    let result = await this.#page(token, pageSize, cursor)
    while (current < page) {
      if (!result.next || result.photos.length < pageSize) {
        return { items: [], page, pageSize, total, hasMore: false }
      }
      current += 1
      this.#remember(key(current), result.next)
      result = await this.#page(token, pageSize, result.next)
    }
    const hasMore = Boolean(result.next) && result.photos.length === pageSize
    if (hasMore) this.#remember(key(page + 1), result.next!)

    return {
      items: result.photos.filter((photo) => !photo.pending).map(videoStats),
      page,
      pageSize,
      total: Math.max(total, (page - 1) * pageSize + result.photos.length),
      hasMore,
    }
  }

  /**
   * The current counters of some videos (photo/info, one call each); a video
   * Kuaishou no longer has (120001 …) is left out. `at` changes nothing.
   */
  async videosById(
    account: PlatformAccountRef,
    ids: string[],
    _options?: { at: string }
  ): Promise<VideoStats[]> {
    const token = this.#token(account)
    const items: VideoStats[] = []
    for (const id of new Set(ids.map((value) => value.trim()).filter(Boolean))) {
      try {
        const photo = photoInfo(await this.#client.get(PHOTO_INFO, token, { photo_id: id }))
        if (!photo.pending) items.push(videoStats(photo))
      } catch (error) {
        if (error instanceof PlatformError && error.code === 'not_found') continue
        throw error
      }
    }
    return items
  }

  /** No audience endpoint is documented on the Kuaishou open platform: no portrait. */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /** user_info with the stored token: resolves when Kuaishou accepts it. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    userCounters(await this.#client.get(USER_INFO, this.#token(account)))
  }

  /* ---------------------------------------------------------------- */

  #token(account: PlatformAccountRef) {
    const token = readOpenToken(account.token)
    if (!token) {
      throw new PlatformError(
        'kwai',
        'not_configured',
        `Account ${account.id} has no Kuaishou login: connect it through the open platform`,
        { retryable: false }
      )
    }
    return token.accessToken
  }

  #remember(key: string, cursor: string) {
    if (this.#cursors.size > 10_000) this.#cursors.clear()
    this.#cursors.set(key, cursor)
  }

  /** One photo/list page and the cursor of the next (the oldest video's photo_id). */
  async #page(token: string, size: number, cursor?: string) {
    const photos = photoList(
      await this.#client.get(PHOTO_LIST, token, { count: size, ...(cursor ? { cursor } : {}) })
    )
    // Newest first, so the last one is the oldest unless create_time says otherwise.
    let oldest: KwaiPhoto | undefined = photos[photos.length - 1]
    for (const photo of photos) {
      if (photo.createdMs !== null && photo.createdMs < (oldest?.createdMs ?? Infinity)) {
        oldest = photo
      }
    }
    return { photos, next: oldest && oldest.id !== cursor ? oldest.id : undefined }
  }
}
