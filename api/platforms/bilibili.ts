import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { BilibiliClient, type BilibiliClientOptions } from '#platforms/bilibili_client'
import { badResponse, counter, object, stringField, type Json } from '#platforms/bilibili_fields'

/*
|--------------------------------------------------------------------------
| Bilibili (live)
|--------------------------------------------------------------------------
|
| Reads Bilibili's public web API (the JSON the bilibili.com pages use;
| shapes as documented by the community bilibili-API-collect project):
|
|   x/relation/stat?vmid=<mid>             data.follower              → fans
|   x/space/upstat?mid=<mid>               data.archive.view          → views
|                                          data.likes                 → likes
|   x/space/wbi/arc/search?mid&pn&ps       data.page.count            → videos
|     (WBI-signed, see bilibili_wbi.ts)    data.list.vlist[]: bvid, title, created,
|                                          play, comment, video_review (danmaku), length
|   x/web-interface/view?bvid=             data.stat: view, danmaku, reply, favorite,
|                                          coin, share, like
|
| Channel counters Bilibili gives per channel are fans, views, likes and the
| number of videos. Comments and danmaku are summed over the recent uploads
| read from arc/search (at most `maxPages` pages of 50, default 3 = the newest
| 150 videos), coins and shares over the newest `detailVideos` of them
| (default 20, one x/web-interface/view call each). For channels with more
| uploads than that these four are "recent" sums, not lifetime totals, and can
| drop when an old video leaves the window. Forwards and recommends do not
| exist on Bilibili (0).
|
| The account's uid is the numeric mid; its cookie (or token, sent as
| SESSDATA) is passed along — x/space/upstat needs a logged-in cookie.
|
| Errors (PlatformError): code 0 is success; -352 (risk control), -412
| (request intercepted), -509 / -799 (too frequent), HTTP 412 and 429 →
| rate_limited (retryable);
| -404, -626 (user does not exist) and HTTP 404 → not_found; -101 (not logged
| in), -111 (csrf) and -403 (access denied) → auth; any other non-zero code →
| upstream (with upstreamCode); a body that is not JSON or lacks a field →
| bad_response; fetch failures and timeouts → network. A signed request
| answered -352 or -403 is retried once with freshly fetched WBI keys.
|
| The calls, WBI signing and errors are in bilibili_client.ts, the reading
| of the answers' fields and counters in bilibili_fields.ts.
|
| Tested only against a local fake server answering the documented shapes
| (tests/functional/platforms/bilibili.spec.ts), never against bilibili.com.
|
*/

export interface BilibiliAdapterOptions extends BilibiliClientOptions {
  /** Pages of 50 recent uploads read for the comment and danmaku sums. */
  maxPages?: number
  /** Newest uploads whose x/web-interface/view is read for the coin and share sums. */
  detailVideos?: number
}

const PAGE_SIZE_MAX = 50
const RELATION = 'x/relation/stat'
const UPSTAT = 'x/space/upstat'
const SEARCH = 'x/space/wbi/arc/search'
const VIEW = 'x/web-interface/view'

export default class BilibiliAdapter implements PlatformAdapter {
  readonly name = 'bilibili'
  readonly source = 'official' as const

  #client: BilibiliClient
  #maxPages: number
  #detailVideos: number

  constructor(options: BilibiliAdapterOptions) {
    this.#client = new BilibiliClient(options)
    this.#maxPages = options.maxPages ?? 3
    this.#detailVideos = options.detailVideos ?? 20
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const mid = this.#mid(account)
    const relation = await this.#client.get(account, RELATION, { vmid: mid })
    const upstat = await this.#client.get(account, UPSTAT, { mid })
    if (Object.keys(upstat).length === 0) {
      // upstat answers code 0 with empty data to a request without a signed-in cookie
      throw new PlatformError(
        'bilibili',
        'auth',
        `Bilibili's ${UPSTAT} answered no figures: it needs a signed-in cookie (SESSDATA)` +
          (account.cookie || account.token ? '; the stored one is expired or incomplete' : ''),
        { retryable: false }
      )
    }

    let count = 0
    const recent: Json[] = []
    for (let pn = 1; pn <= this.#maxPages; pn++) {
      const page = await this.#uploads(account, mid, pn, PAGE_SIZE_MAX)
      count = page.count
      recent.push(...page.vlist)
      if (page.vlist.length < PAGE_SIZE_MAX || recent.length >= count) break
    }

    let coins = 0
    let shares = 0
    for (const video of recent.slice(0, this.#detailVideos)) {
      const stat = await this.#videoStat(account, stringField(video, 'bvid', SEARCH))
      coins += counter(stat, 'coin', VIEW)
      shares += counter(stat, 'share', VIEW)
    }

    return {
      fans: counter(relation, 'follower', RELATION),
      views: counter(object(upstat, 'archive', UPSTAT), 'view', UPSTAT),
      likes: counter(upstat, 'likes', UPSTAT),
      comments: recent.reduce((sum, video) => sum + counter(video, 'comment', SEARCH, true), 0),
      danmaku: recent.reduce((sum, video) => sum + counter(video, 'video_review', SEARCH, true), 0),
      shares,
      coins,
      forwards: 0,
      recommends: 0,
      videos: count,
    }
  }

  /** One page of uploads (newest first), each completed from x/web-interface/view. */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const mid = this.#mid(account)
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(PAGE_SIZE_MAX, Math.floor(options.pageSize)))
    const uploads = await this.#uploads(account, mid, page, pageSize)

    const items: VideoStats[] = []
    for (const video of uploads.vlist) {
      const bvid = stringField(video, 'bvid', SEARCH)
      const stat = await this.#videoStat(account, bvid)
      const created = video.created
      items.push({
        id: bvid,
        title: typeof video.title === 'string' ? video.title : '',
        publishedAt: typeof created === 'number' ? new Date(created * 1000).toISOString() : null,
        url: `https://www.bilibili.com/video/${bvid}`,
        views: counter(stat, 'view', VIEW),
        likes: counter(stat, 'like', VIEW),
        comments: counter(stat, 'reply', VIEW),
        shares: counter(stat, 'share', VIEW),
        danmaku: counter(stat, 'danmaku', VIEW),
        coins: counter(stat, 'coin', VIEW),
        favorites: counter(stat, 'favorite', VIEW),
      })
    }
    return {
      items,
      page,
      pageSize,
      total: uploads.count,
      hasMore: (page - 1) * pageSize + items.length < uploads.count && items.length > 0,
    }
  }

  /**
   * Bilibili's audience figures (sex, age, region …) are only in the creator
   * centre of the logged-in uploader, not in the public web API: none here.
   */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #mid(account: PlatformAccountRef) {
    const uid = account.uid?.trim()
    if (!uid) {
      throw new PlatformError(
        'bilibili',
        'not_configured',
        `Account ${account.id} has no Bilibili uid (mid)`,
        {
          retryable: false,
        }
      )
    }
    if (!/^\d+$/.test(uid)) {
      throw new PlatformError(
        'bilibili',
        'not_found',
        `Bilibili uid "${uid}" of account ${account.id} is not a numeric mid`,
        { retryable: false }
      )
    }
    return uid
  }

  async #uploads(account: PlatformAccountRef, mid: string, pn: number, ps: number) {
    const data = await this.#client.get(
      account,
      SEARCH,
      { mid, pn, ps, order: 'pubdate' },
      { signed: true }
    )
    const list = object(data, 'list', SEARCH)
    const vlist = list.vlist
    if (!Array.isArray(vlist) || vlist.some((item) => !item || typeof item !== 'object')) {
      throw badResponse(SEARCH, 'data.list.vlist')
    }
    return { vlist: vlist as Json[], count: counter(object(data, 'page', SEARCH), 'count', SEARCH) }
  }

  async #videoStat(account: PlatformAccountRef, bvid: string) {
    return object(await this.#client.get(account, VIEW, { bvid }), 'stat', VIEW)
  }
}
