import { readOpenToken } from '#platforms/open_token'
import { WeiboClient, type WeiboClientOptions } from '#platforms/weibo_client'
import {
  GET_UID,
  STATUS_SHOW,
  USERS_SHOW,
  USER_TIMELINE,
  timelineOf,
  uidOf,
  userCounters,
  videoStats,
} from '#platforms/weibo_fields'
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
| Weibo (live, open API)
|--------------------------------------------------------------------------
|
| Reads api.weibo.com/2 with the creator's OAuth token (the stored OAuth
| answer, readOpenToken), sent as "Authorization: OAuth2 <token>":
|
|   users/show.json?uid=                 followers_count → fans,
|                                        statuses_count → videos (the posts)
|   statuses/user_timeline.json          statuses[]: idstr, text, created_at,
|     ?uid=&page=&count=&trim_user=1     reposts_count, comments_count,
|     (count ≤ 100; the token owner's    attitudes_count; total_number
|      own posts only)
|   statuses/show.json?id=               one post (videosById)
|   account/get_uid.json                 the token's uid (checkLogin, and the
|                                        uid when the account has none)
|
| The channel's likes (attitudes), comments and forwards (reposts) are sums
| over the newest `maxPosts` posts read (default 100, one call): the open API
| has no channel totals for them. A post's reposts are its shares. Views
| exist only where a video post's answer carries its play count; otherwise
| they are 0 (the channel's views are the sum of those carried). Counters a
| post's answer lacks are `unread` (favorites always). `videosOnly` lists
| video posts alone (feature=3). No audience endpoint is open to an agency:
| fanPortrait answers []. Danmaku, coins and recommends do not exist (0).
|
| Errors: see weibo_client.ts (error_code → auth, captcha, rate_limited,
| not_found, not_configured, upstream). No stored token → not_configured.
|
| Tested only against a local fake server answering the published samples
| (tests/functional/platforms/weibo.spec.ts, tests/fixtures/platforms/weibo/).
|
*/

export interface WeiboAdapterOptions extends WeiboClientOptions {
  /** Newest posts read for the channel's like, comment and forward sums. */
  maxPosts?: number
  /** List video posts only (user_timeline feature=3). */
  videosOnly?: boolean
}

const PAGE_SIZE_MAX = 100

export default class WeiboAdapter implements PlatformAdapter {
  readonly name = 'weibo'
  readonly source = 'official' as const

  #client: WeiboClient
  #maxPosts: number
  #feature: number

  constructor(options: WeiboAdapterOptions) {
    this.#client = new WeiboClient(options)
    this.#maxPosts = Math.max(0, Math.floor(options.maxPosts ?? 100))
    this.#feature = options.videosOnly ? 3 : 0
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const token = this.#token(account)
    const uid = await this.#uid(account, token)
    const user = userCounters(await this.#client.get(USERS_SHOW, token, { uid }))

    let views = 0
    let likes = 0
    let comments = 0
    let forwards = 0
    let read = 0
    for (let page = 1; read < this.#maxPosts; page++) {
      const size = Math.min(PAGE_SIZE_MAX, this.#maxPosts)
      const timeline = await this.#timeline(token, uid, page, size)
      for (const status of timeline.statuses.slice(0, this.#maxPosts - read)) {
        const stats = videoStats(status, USER_TIMELINE)
        views += stats.views
        likes += stats.likes
        comments += stats.comments
        forwards += stats.shares
      }
      read += timeline.statuses.length
      if (timeline.statuses.length < size || read >= timeline.total) break
    }

    return {
      fans: user.fans,
      views,
      likes,
      comments,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards,
      recommends: 0,
      videos: user.posts,
    }
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const token = this.#token(account)
    const uid = await this.#uid(account, token)
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(PAGE_SIZE_MAX, Math.floor(options.pageSize)))
    const timeline = await this.#timeline(token, uid, page, pageSize)
    const items = timeline.statuses.map((status) => videoStats(status, USER_TIMELINE))
    return {
      items,
      page,
      pageSize,
      total: timeline.total,
      hasMore: items.length > 0 && (page - 1) * pageSize + items.length < timeline.total,
    }
  }

  /**
   * The current counters of some posts (statuses/show, one call each); a
   * post deleted or hidden since (20101, 20112) is left out. `at` changes nothing.
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
        items.push(videoStats(await this.#client.get(STATUS_SHOW, token, { id }), STATUS_SHOW))
      } catch (error) {
        if (error instanceof PlatformError && error.code === 'not_found') continue
        throw error
      }
    }
    return items
  }

  /** Weibo's fan analytics are not open to a third-party app: no portrait. */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /** account/get_uid, the cheapest signed call: resolves when Weibo accepts the token. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    uidOf(await this.#client.get(GET_UID, this.#token(account)))
  }

  /* ---------------------------------------------------------------- */

  #token(account: PlatformAccountRef) {
    const token = readOpenToken(account.token)
    if (!token) {
      throw new PlatformError(
        'weibo',
        'not_configured',
        `Account ${account.id} has no Weibo login: connect it through the open API`,
        { retryable: false }
      )
    }
    return token.accessToken
  }

  /** The account's uid, else the token's (open_id / uid of the OAuth answer, else get_uid). */
  async #uid(account: PlatformAccountRef, accessToken: string) {
    const uid = account.uid?.trim()
    if (uid) return uid
    const openId = readOpenToken(account.token)?.openId?.trim()
    if (openId) return openId
    return uidOf(await this.#client.get(GET_UID, accessToken))
  }

  async #timeline(token: string, uid: string, page: number, count: number) {
    return timelineOf(
      await this.#client.get(USER_TIMELINE, token, {
        uid,
        page,
        count,
        trim_user: 1,
        ...(this.#feature ? { feature: this.#feature } : {}),
      })
    )
  }
}
