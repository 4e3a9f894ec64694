import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import {
  sharedBrowserSession,
  type BrowserSession,
  type SessionLogin,
  type SessionRead,
} from '#platforms/browser_session'
import {
  EPISODE_INFO,
  GET_VIDEOS,
  USER_INFO,
  episodes,
  refusal,
  videoIds,
  type VideoIds,
} from '#platforms/iqiyi_fields'
import { pageNumbers, turnPages } from '#platforms/session_pager'

/*
|--------------------------------------------------------------------------
| iQiyi 爱奇艺号 (signed-in browser session)
|--------------------------------------------------------------------------
|
| iQiyi gives an agency no API. The adapter opens the creator's 爱奇艺号 space
| (www.iqiyi.com/u/<uid>/videos, the account's uid) in the browser session,
| signed in with the account's cookies, and reads the JSON the page receives
| (it signs its own iqiyihao requests; nothing here imitates the sign):
|
|   GET pcw-api.iqiyi.com/passport/user/userinfodetail
|         {code: "A00000", data.userInfo} — the signed-in user (every page's
|         header asks it); another code → the cookie is signed out
|   GET iqiyihao.iqiyi.com/iqiyihao/entity/get_videos.action?fuid&page=N&size
|         data.totalNum → videos, data.hasMore, data.sort.flows[].qipuId
|   GET iqiyihao.iqiyi.com/iqiyihao/episode_info.action?qipuIds=…
|         data: {qipuId: {title, playCount, likeCount, timeCreate (ms),
|         playTime (s), pageUrl, thumbnail}} — the page's episodes
|   The space loads page 1; the next pages as the list is turned or scrolled:
|   studio page p is the space's page p (its own size, 20 or 28 videos);
|   `pageSize` does not change it. Each page's episode_info is told by order.
|
| Why the space and not the creator center (mp.iqiyi.com): no answer of
| mp.iqiyi.com's data pages was found published, not even by the fields
| public code reads, while the space's answers are (see the fixtures' README).
|
| No channel figures: none of these answers carries the FAN COUNT, and a
| snapshot of 0 fans would read as a fan drop, so channelStats fails with
| 'not_supported' (as xigua.ts does): the daily run skips the account and
| its figures come from the creator-center export import (issue 28 §4).
| The video list works; on each video comments, shares, favorites and
| danmaku are `unread`. No portrait (fanPortrait answers []), no videosById.
|
| Errors: userinfodetail with a code other than A00000, HTTP 401/403, or the
| page landing on passport's login → 'auth'; a verification page →
| 'captcha'; get_videos / episode_info with another code → 'upstream'; no
| answer in time → 'network'; no cookie or no uid → 'not_configured'.
|
| Tested against local fake pages fetching the bodies of
| tests/fixtures/platforms/iqiyi/ (tests/functional/platforms/iqiyi.spec.ts).
|
*/

interface IqiyiAdapterOptions {
  /** https://www.iqiyi.com (IQIYI_WEB_BASE). */
  baseUrl: string
  /** Where the cookies are set in the browser (default .iqiyi.com). */
  cookieDomain?: string
  session?: BrowserSession
  /** Time limit of one page read. */
  timeoutMs?: number
  /** Space list pages turned at most (default 10). */
  maxListPages?: number
}

interface ListRead {
  /** The wanted page: its ids and episodes; absent when the list ended before it. */
  page?: { ids: VideoIds; videos: VideoStats[] }
  /** The latest page seen. */
  last?: VideoIds
}

export default class IqiyiAdapter implements PlatformAdapter {
  readonly name = 'iqiyi'
  readonly source = 'official' as const

  readonly #base: string
  readonly #cookieDomain: string
  readonly #session: BrowserSession | undefined
  readonly #timeoutMs: number | undefined
  readonly #maxListPages: number

  constructor(options: IqiyiAdapterOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '')
    this.#cookieDomain = options.cookieDomain ?? '.iqiyi.com'
    this.#session = options.session
    this.#timeoutMs = options.timeoutMs
    this.#maxListPages = options.maxListPages ?? 10
  }

  /** No answer of the space carries the fan count: not_supported (see the header). */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    this.#space(account)
    throw new PlatformError(
      'iqiyi',
      'not_supported',
      "iQiyi's pages give no fan count: import the creator-center export for the channel's figures",
      { retryable: false }
    )
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    if (page > this.#maxListPages) {
      return { items: [], page, pageSize: options.pageSize, total: 0, hasMore: false }
    }
    const list = await this.#list(account, page)
    if (!list.page) {
      const total = list.last?.total ?? 0
      return { items: [], page, pageSize: options.pageSize, total, hasMore: false }
    }
    const items = list.page.videos
    const ids = list.page.ids
    return {
      items,
      page,
      pageSize: ids.ids.length || options.pageSize,
      total: ids.total,
      hasMore: ids.hasMore && ids.ids.length > 0 && page < this.#maxListPages,
    }
  }

  /** The signed-in user's answer (userinfodetail), the cheapest signed-in read. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    await this.#session_().read(this.#login(account), {
      url: this.#space(account),
      responses: [{ name: 'account', match: (url) => url.pathname === USER_INFO }],
      ...this.#common(),
    })
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #session_() {
    return this.#session ?? sharedBrowserSession()
  }

  #login(account: PlatformAccountRef): SessionLogin {
    return { platform: 'iqiyi', label: 'iQiyi', ref: account, cookieDomain: this.#cookieDomain }
  }

  #space(account: PlatformAccountRef) {
    const uid = account.uid?.trim()
    if (!uid || !/^\d+$/.test(uid)) {
      throw new PlatformError(
        'iqiyi',
        'not_configured',
        `Account ${account.id} has no iQiyi uid (the number of its www.iqiyi.com/u/<uid> space)`,
        { retryable: false }
      )
    }
    return `${this.#base}/u/${uid}/videos`
  }

  #common(): Pick<SessionRead, 'signedOut' | 'captcha' | 'refusal' | 'timeoutMs'> {
    return {
      signedOut: (url) =>
        url.hostname.startsWith('passport.') || /\/(user\/)?login\b/.test(url.pathname),
      captcha: (url) => /captcha|verify|security/i.test(url.pathname),
      refusal,
      timeoutMs: this.#timeoutMs,
    }
  }

  /**
   * The space with its list turned until page `index` and its episodes
   * answered; every page on the way is captured, so a list that ends before
   * `index` still tells its total.
   */
  async #list(account: PlatformAccountRef, index: number): Promise<ListRead> {
    const url = this.#space(account)
    const pageOf = pageNumbers('page')
    const infoOf = pageNumbers(null)
    const isIds = (target: URL) => target.pathname === GET_VIDEOS
    const isInfo = (target: URL) => target.pathname === EPISODE_INFO
    const numbers = Array.from({ length: index }, (_, n) => n + 1)
    const bodies = await this.#session_().read(this.#login(account), {
      url,
      responses: [
        { name: 'account', match: (target) => target.pathname === USER_INFO },
        ...numbers.map((n) => ({
          name: `ids-${n}`,
          match: (target: URL) => isIds(target) && pageOf(target) === n,
        })),
        { name: `info-${index}`, match: (target) => isInfo(target) && infoOf(target) === index },
      ],
      act: (page, control) => turnPages(page, control, isIds),
      ...this.#common(),
    })
    const seen = numbers.map((n) => bodies[`ids-${n}`]).filter((body) => body !== undefined)
    const last = seen.length ? videoIds(seen.at(-1)) : undefined
    const wanted = bodies[`ids-${index}`]
    if (!wanted) return { last }
    const ids = videoIds(wanted)
    if (ids.ids.length === 0) return { page: { ids, videos: [] }, last }
    const info = bodies[`info-${index}`]
    return { page: { ids, videos: info ? episodes(info, ids.ids) : [] }, last }
  }
}
