import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { count } from '#platforms/open_http'
import { ByteDanceClient, ByteDanceVideos, loginOf } from '#platforms/bytedance_client'
import {
  badResponse,
  entryOfDay,
  fansPortrait,
  isObject,
  listOf,
} from '#platforms/bytedance_fields'

/*
|--------------------------------------------------------------------------
| Douyin (live, Douyin Open Platform with the creator's OAuth token)
|--------------------------------------------------------------------------
|
| Reads https://open.douyin.com (DOUYIN_API_BASE) with the token the OAuth
| connect flow stored (readOpenToken: access_token, open_id; the account's
| uid when the token has no open_id). Every call sends the `access-token`
| header and `open_id` in the query (bytedance_client.ts).
|
|   data/external/user/fans/?date_type=7     result_list[{date, total_fans}]  → fans
|   data/external/user/item/?date_type=7     result_list[{date, total_issue}] → videos
|       (scope data.external.user; T+1 figures: the entry of the day asked
|       for, else the newest one before it; none yet — the day the creator
|       connected — fails as upstream)
|   api/douyin/v1/video/video_list/?cursor&count   (scope video.list.bind)
|       list[] {item_id, title, create_time, cover, share_url, statistics
|       {play_count, digg_count, comment_count, share_count, forward_count}},
|       cursor, has_more — the listing, and the channel's views, likes,
|       comments, shares and forwards as sums over its newest `maxPages`
|       calls of 20 (default 5 = the newest 100 videos: for larger channels
|       "recent" sums, like YouTube's)
|   api/douyin/v1/video/video_data/  POST {item_ids}  (scope video.data.bind)
|       the same items by id → videosById (20 ids per call)
|   api/douyin/v1/user/fans_data/    (scope fans.data.bind)
|       fans_data {gender, age, geographical, device, interest distributions}
|       → the fans' portrait (sex, age, region, device, partition); Douyin
|       gives no non-fans portrait and answers only for 100+ fans
|   oauth/userinfo/  POST form {open_id, access_token} → checkLogin
|
| Why these: they are the Open Platform's user-authorised data APIs an
| agency's app gets for the creators who connect it; no request signing or
| page scraping. Danmaku, coins and recommends do not exist on Douyin (0);
| saves are not in the open statistics (the video's `unread`).
|
| Errors: the ByteDance error codes (bytedance_client.ts); no login →
| not_configured.
|
| Tested only against a local fake server answering the published samples
| (tests/functional/platforms/douyin.spec.ts, tests/fixtures/platforms/douyin).
|
*/

export interface DouyinAdapterOptions {
  /** https://open.douyin.com (DOUYIN_API_BASE). */
  baseUrl: string
  timeoutMs?: number
  /** List calls of 20 newest videos read for the channel's sums. */
  maxPages?: number
}

export const DOUYIN_PATHS = {
  fans: 'data/external/user/fans/',
  items: 'data/external/user/item/',
  fansData: 'api/douyin/v1/user/fans_data/',
  userInfo: 'oauth/userinfo/',
  videos: {
    list: 'api/douyin/v1/video/video_list/',
    data: 'api/douyin/v1/video/video_data/',
    pageMax: 20,
    idsMax: 20,
  },
} as const

/** The external-data window read (7 days: enough to hold yesterday). */
const DATE_TYPE = 7

export default class DouyinAdapter implements PlatformAdapter {
  readonly name = 'douyin'
  readonly source = 'official' as const

  #client: ByteDanceClient
  #videos: ByteDanceVideos
  #maxPages: number

  constructor(options: DouyinAdapterOptions) {
    this.#client = new ByteDanceClient('douyin', options.baseUrl, options.timeoutMs)
    this.#videos = new ByteDanceVideos(this.#client, DOUYIN_PATHS.videos)
    this.#maxPages = options.maxPages ?? 5
  }

  /** Fans and uploads of `date` (or the newest day before it the platform has), sums of the newest videos. */
  async channelStats(
    account: PlatformAccountRef,
    options: { date: string }
  ): Promise<ChannelStats> {
    const login = loginOf('douyin', account)
    const fans = await this.#dayEntry(login, DOUYIN_PATHS.fans, options.date)
    const items = await this.#dayEntry(login, DOUYIN_PATHS.items, options.date)
    const recent = await this.#videos.newest(login, this.#maxPages)
    const sum = (pick: (video: (typeof recent)[number]) => number) =>
      recent.reduce((total, video) => total + pick(video), 0)
    return {
      fans: count(fans.total_fans),
      views: sum((video) => video.stats.views),
      likes: sum((video) => video.stats.likes),
      comments: sum((video) => video.stats.comments),
      shares: sum((video) => video.stats.shares),
      forwards: sum((video) => video.forwards),
      danmaku: 0,
      coins: 0,
      recommends: 0,
      videos: Math.max(count(items.total_issue), recent.length),
    }
  }

  /** A page of uploads, newest first (cut from the cursor-paged list calls of 20). */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    return this.#videos.listing(loginOf('douyin', account), options)
  }

  /** The current counters of some videos (a deleted one is absent); `at` changes nothing. */
  async videosById(
    account: PlatformAccountRef,
    ids: string[],
    _options?: { at: string }
  ): Promise<VideoStats[]> {
    return this.#videos.byIds(loginOf('douyin', account), ids)
  }

  /** The fans' portrait from fans_data (none for accounts under 100 fans: Douyin answers empty lists). */
  async fanPortrait(account: PlatformAccountRef): Promise<FanPortrait[]> {
    const data = await this.#client.get(loginOf('douyin', account), DOUYIN_PATHS.fansData)
    const fansData = data.fans_data
    if (fansData === undefined || fansData === null) return []
    if (!isObject(fansData)) throw badResponse('douyin', DOUYIN_PATHS.fansData, 'fans_data')
    return fansPortrait(fansData)
  }

  /** The cheapest signed-in call: the user's public info. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    const login = loginOf('douyin', account)
    await this.#client.call(login, DOUYIN_PATHS.userInfo, {
      method: 'POST',
      form: { open_id: login.openId, access_token: login.accessToken },
    })
  }

  async #dayEntry(login: ReturnType<typeof loginOf>, path: string, date: string) {
    const data = await this.#client.get(login, path, { date_type: DATE_TYPE })
    const entry = entryOfDay(listOf('douyin', data, 'result_list', path), date)
    if (!entry) {
      // Douyin produces these figures from the day after the creator authorised the app
      throw new PlatformError('douyin', 'upstream', `Douyin has no daily figures yet for ${path}`, {
        retryable: false,
      })
    }
    return entry
  }
}
