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
import { count } from '#platforms/open_http'
import {
  CONTENT_LIST,
  INDEX_COUNT,
  NAVINFO,
  badResponse,
  contentPage,
  contentStats,
  data,
  refusal,
} from '#platforms/netease_fields'
import {
  listPageResponses,
  listPagesOf,
  listedVideoPage,
  pageNumbers,
  turnPages,
} from '#platforms/session_pager'

/*
|--------------------------------------------------------------------------
| Netease 网易号 (signed-in browser session)
|--------------------------------------------------------------------------
|
| 网易号 gives an agency no API: the adapter opens the creator's own
| creator-center pages (mp.163.com) in the browser session with the
| account's cookies and reads the JSON they receive, as the creator sees it.
|
|   home      /subscribe_v4/index.html#/home
|               GET wemedia/navinfo.do       {code: 1, data: {wemediaId, tname,
|                                            icon, articleCount}} — the account
|               GET wemedia/index/count.do   data.totalSubscribeCount → fans,
|                                            data.totalReadCount → views
|   content   /subscribe_v4/index.html#/content-manage
|               wemedia/content/manage/list.do (pageNo, size, contentState=3)
|                 data.total → videos; data.list[]: articleId, title, showTime,
|                 pvCount → views, commentCount, shareCount, recommendCount
|               The page loads its page 1; the next pages load as its pager
|               is turned, so studio page p is the creator center's page p (its
|               own size, 20 or so works); `pageSize` does not change it. A
|               page is told by its pageNo (query or posted form), else by order.
|
| The content list holds articles and videos alike; the studio keeps both as
| the account's works (网易号 counts them together). Comments, shares and
| recommends (推荐, the feed impressions) of the channel are summed over the
| newest list page ("recent" sums, as on Bilibili). What stays empty: likes
| and favorites (no answer read has them: 0, and `unread` on each work),
| danmaku, coins and forwards (do not exist: 0), the portrait (no answer
| read has it: fanPortrait answers []). No videosById: the pages list works,
| they do not look one up (the growth windows are taken by the daily run).
|
| Errors: the page landing on a login page (/login…, reg.163.com) → 'auth';
| navinfo.do answering a code other than 1, or HTTP 401/403 → 'auth'; code
| 100502 (需要进行图形验证码验证) or a captcha page → 'captcha'; another code
| than 1 → 'upstream'; no answer in time → 'network'; no cookie →
| 'not_configured'. The page paths are the creator center's as public tools
| name them; only the XHR paths decide what is read.
|
| Tested against local fake creator-center pages fetching the bodies of
| tests/fixtures/platforms/netease/ (tests/functional/platforms/netease.spec.ts).
|
*/

interface NeteaseAdapterOptions {
  /** https://mp.163.com (NETEASE_MP_BASE). */
  baseUrl: string
  /** Where the cookies are set in the browser (default .163.com). */
  cookieDomain?: string
  session?: BrowserSession
  /** Time limit of one page read. */
  timeoutMs?: number
  /** Creator-center list pages turned at most (default 10). */
  maxListPages?: number
}

const HOME = '/subscribe_v4/index.html#/home'
const CONTENT = '/subscribe_v4/index.html#/content-manage'
export default class NeteaseAdapter implements PlatformAdapter {
  readonly name = 'netease'
  readonly source = 'official' as const

  readonly #base: string
  readonly #cookieDomain: string
  readonly #session: BrowserSession | undefined
  readonly #timeoutMs: number | undefined
  readonly #maxListPages: number

  constructor(options: NeteaseAdapterOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '')
    this.#cookieDomain = options.cookieDomain ?? '.163.com'
    this.#session = options.session
    this.#timeoutMs = options.timeoutMs
    this.#maxListPages = options.maxListPages ?? 10
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const home = await this.#read(account, HOME, [
      { name: 'account', path: NAVINFO },
      { name: 'totals', path: INDEX_COUNT },
    ])
    const totals = data(home.totals, INDEX_COUNT)
    if (totals.totalSubscribeCount === undefined) {
      throw badResponse(`data.totalSubscribeCount (${INDEX_COUNT})`)
    }
    const list = await this.#list(account, 1)
    const first = list.page ?? { items: [], total: 0 }
    const sum = (key: string) => first.items.reduce((total, item) => total + count(item[key]), 0)
    return {
      fans: count(totals.totalSubscribeCount),
      views: count(totals.totalReadCount),
      likes: 0,
      comments: sum('commentCount'),
      shares: sum('shareCount'),
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: sum('recommendCount'),
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
      contentStats
    )
  }

  /** The account answer (navinfo.do), the cheapest signed-in read. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    await this.#read(account, HOME, [{ name: 'account', path: NAVINFO }])
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #login(account: PlatformAccountRef): SessionLogin {
    return { platform: 'netease', label: 'Netease', ref: account, cookieDomain: this.#cookieDomain }
  }

  #common(): Pick<SessionRead, 'signedOut' | 'captcha' | 'refusal' | 'timeoutMs'> {
    return {
      signedOut: (url) =>
        /\/login(\.html)?\b/.test(url.pathname) || url.hostname.startsWith('reg.163.'),
      captcha: (url) => /captcha|verify/i.test(url.pathname),
      refusal,
      timeoutMs: this.#timeoutMs,
    }
  }

  /**
   * The page's URL, loaded afresh: the pages are hash-routed, and a reused
   * page only changes its hash when sent to the same document (no new XHRs).
   */
  #url(path: string) {
    const [file, hash] = path.split('#')
    return `${this.#base}${file}?_=${Date.now()}${hash === undefined ? '' : `#${hash}`}`
  }

  #read(account: PlatformAccountRef, path: string, wanted: { name: string; path: string }[]) {
    return (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: this.#url(path),
      responses: wanted.map((item) => ({
        name: item.name,
        match: (url) => url.pathname === item.path,
      })),
      ...this.#common(),
    })
  }

  /**
   * The content page with its pager turned until list page `index`
   * answered: every page on the way is captured, so a list that ends before
   * `index` still tells its total (`last`), and `listed` counts what pages
   * 1..index hold.
   */
  async #list(account: PlatformAccountRef, index: number) {
    const pageOf = pageNumbers('pageNo')
    const isList = (url: URL) => url.pathname === CONTENT_LIST
    const bodies = await (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: this.#url(CONTENT),
      responses: [
        { name: 'account', match: (url) => url.pathname === NAVINFO },
        ...listPageResponses(index, isList, pageOf),
      ],
      act: (page, control) => turnPages(page, control, isList),
      ...this.#common(),
    })
    return listPagesOf(bodies, index, contentPage)
  }
}
