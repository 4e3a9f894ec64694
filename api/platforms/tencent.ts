import type {
  ChannelStats,
  FanPortrait,
  PlatformAccountRef,
  PlatformAdapter,
  VideoPage,
} from '#platforms/types'
import {
  sharedBrowserSession,
  type BrowserSession,
  type SessionLogin,
  type SessionRead,
} from '#platforms/browser_session'
import {
  ACCOUNT,
  FANS_TOTAL,
  VIDEO_LIST,
  fansTotal,
  refusal,
  videoListPage,
  videoStats,
} from '#platforms/tencent_fields'
import {
  listPageResponses,
  listPagesOf,
  listedVideoPage,
  pageNumbers,
  turnPages,
} from '#platforms/session_pager'

/*
|--------------------------------------------------------------------------
| Tencent Video 企鹅号 (signed-in browser session)
|--------------------------------------------------------------------------
|
| Tencent Video's creators publish through 企鹅号 (腾讯内容开放平台, om.qq.com).
| Its OAuth API (api.om.qq.com) was for content partners' publishing, not an
| agency's reading, so the adapter opens the creator's own OM pages in the
| browser session with the account's cookies and reads the JSON they receive:
|
|   fans page    /main/data/fans
|                  GET maccountsetting/basicinfo/     data.cpInfo.{mediaId,
|                                                     mediaName, header} — the account
|                  GET mstatistic/ommixin/getFansTotalStatistic
|                                                     data.data: a JSON text {fans}
|   video page   /main/data/video                  (basicinfo again, for its header)
|                  GET mstatistic/VideoData/MediaVideoList?limit=8&page=N&fields=2|3
|                    data.total → videos; data.list[]: vid, title, url,
|                    uploadTime, newTotalPlayPv → views
|                  The page loads its page 1; the next ones as its pager is
|                  turned: studio page p is the OM list page p (its own size,
|                  8 videos); `pageSize` does not change it.
|
| The channel's views are summed over the newest list page ("recent" sums,
| as on Bilibili). What stays empty: likes, comments, shares, favorites and
| danmaku (the video list carries plays only: 0 on the channel, `unread` on
| each video — the ingest keeps their last known values), coins, forwards
| and recommends (0), the portrait (fanPortrait answers []). No videosById
| (the growth windows are taken by the daily run).
|
| Errors: the page landing on OM's login page (/userAuth…, xui.ptlogin2) →
| 'auth'; the account answer with a non-zero code, or HTTP 401/403 →
| 'auth'; a captcha or verification page → 'captcha'; another non-zero code →
| 'upstream'; no answer in time → 'network'; no cookie → 'not_configured'.
| The page paths are defaults (TENCENT_OM_* options) not checked against the
| live site: what is read is decided by the XHR paths, which public tools use.
|
| Tested against local fake creator-center pages fetching the bodies of
| tests/fixtures/platforms/tencent/ (tests/functional/platforms/tencent.spec.ts).
|
*/

interface TencentAdapterOptions {
  /** https://om.qq.com (TENCENT_OM_BASE). */
  baseUrl: string
  /** Where the cookies are set in the browser (default .qq.com). */
  cookieDomain?: string
  session?: BrowserSession
  /** Time limit of one page read. */
  timeoutMs?: number
  /** OM list pages turned at most (default 10). */
  maxListPages?: number
  /** The pages opened (defaults above). */
  fansPath?: string
  videosPath?: string
}

export default class TencentAdapter implements PlatformAdapter {
  readonly name = 'tencent'
  readonly source = 'official' as const

  readonly #base: string
  readonly #cookieDomain: string
  readonly #session: BrowserSession | undefined
  readonly #timeoutMs: number | undefined
  readonly #maxListPages: number
  readonly #fansPath: string
  readonly #videosPath: string

  constructor(options: TencentAdapterOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '')
    this.#cookieDomain = options.cookieDomain ?? '.qq.com'
    this.#session = options.session
    this.#timeoutMs = options.timeoutMs
    this.#maxListPages = options.maxListPages ?? 10
    this.#fansPath = options.fansPath ?? '/main/data/fans'
    this.#videosPath = options.videosPath ?? '/main/data/video'
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const fansPage = await this.#read(account, this.#fansPath, [
      { name: 'account', path: ACCOUNT },
      { name: 'fans', path: FANS_TOTAL },
    ])
    const fans = fansTotal(fansPage.fans)
    const list = await this.#list(account, 1)
    const first = list.page ?? { items: [], total: 0 }
    return {
      fans,
      views: first.items.map(videoStats).reduce((total, video) => total + video.views, 0),
      likes: 0,
      comments: 0,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: first.total,
    }
  }

  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    return listedVideoPage(
      options,
      this.#maxListPages,
      (page) => this.#list(account, page),
      videoStats
    )
  }

  /** The account answer (basicinfo), the cheapest signed-in read. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    await this.#read(account, this.#fansPath, [{ name: 'account', path: ACCOUNT }])
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #login(account: PlatformAccountRef): SessionLogin {
    return { platform: 'tencent', label: 'Tencent', ref: account, cookieDomain: this.#cookieDomain }
  }

  #common(): Pick<SessionRead, 'signedOut' | 'captcha' | 'refusal' | 'timeoutMs'> {
    return {
      signedOut: (url) =>
        url.pathname.startsWith('/userAuth') || url.hostname.startsWith('xui.ptlogin2.'),
      captcha: (url) =>
        /captcha|verify/i.test(url.pathname) || url.hostname.startsWith('t.captcha.'),
      refusal,
      timeoutMs: this.#timeoutMs,
    }
  }

  #read(account: PlatformAccountRef, path: string, wanted: { name: string; path: string }[]) {
    return (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: `${this.#base}${path}`,
      responses: wanted.map((item) => ({
        name: item.name,
        match: (url) => url.pathname.replace(/\/+$/, '') === item.path,
      })),
      ...this.#common(),
    })
  }

  /**
   * The video page with its pager turned until list page `index` answered:
   * every page on the way is captured, so a list that ends before `index`
   * still tells its total (`last`), and `listed` counts what pages 1..index hold.
   */
  async #list(account: PlatformAccountRef, index: number) {
    const pageOf = pageNumbers('page')
    const isList = (url: URL) => url.pathname === VIDEO_LIST
    const bodies = await (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: `${this.#base}${this.#videosPath}`,
      responses: [
        { name: 'account', match: (url) => url.pathname.replace(/\/+$/, '') === ACCOUNT },
        ...listPageResponses(index, isList, pageOf),
      ],
      act: (page, control) => turnPages(page, control, isList),
      ...this.#common(),
    })
    return listPagesOf(bodies, index, videoListPage)
  }
}
