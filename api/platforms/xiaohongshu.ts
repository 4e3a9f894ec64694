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
  type Json,
  type SessionLogin,
  type SessionRead,
} from '#platforms/browser_session'
import { count } from '#platforms/open_http'

/*
|--------------------------------------------------------------------------
| Xiaohongshu (signed-in browser session)
|--------------------------------------------------------------------------
|
| Xiaohongshu has no API an agency may use, and the creator center signs its
| own XHRs (X-S headers): the adapter opens the creator's own pages in the
| browser session with the account's cookies and reads what they receive.
|
|   /new/home              GET api/galaxy/creator/home/personal_info
|                            data.fans_count → fans, data.faved_count
|                            (获赞与收藏, likes and saves together) → likes
|   /new/note-manager      GET api/galaxy/v2/creator/note/user/posted?tab=0&page=N
|                            data.notes[]: id, display_title, type, time
|                            ("YYYY-MM-DD HH:mm", Beijing time), view_count,
|                            likes, collected_count, comments_count,
|                            shared_count; data.page = the next page or -1;
|                            data.tags[checked].notes_count → videos
|                          The page loads page 0; later pages load as the
|                          list is scrolled, so page p of the studio is the
|                          creator center's page p - 1, reached by scrolling.
|
| Views, comments and shares of the channel are summed over the first list
| page (the newest notes, "recent" sums as on Bilibili); likes are the
| account's 获赞与收藏. Danmaku, coins, forwards and recommends do not exist
| (0). No portrait (the fans-portrait page needs the data-center permission).
|
| Errors: the page landing on /login → 'auth'; an answer {code: -100}
| (登录已过期 / 无登录信息) or HTTP 401 → 'auth'; HTTP 461/471 (the verify
| headers) or a /website-login/captcha page → 'captcha'; code 300012
| (风控拦截) → 'captcha'; 300013 (访问频次异常) → 'rate_limited'; another
| non-zero code or success false → 'upstream'; no answer in time →
| 'network'. No cookie → 'not_configured'.
|
| Tested against local fake creator-center pages (tests/helpers/
| creator_center.ts) answering the published bodies of
| tests/fixtures/platforms/xiaohongshu/.
|
*/

export interface XiaohongshuAdapterOptions {
  /** https://creator.xiaohongshu.com (XIAOHONGSHU_CREATOR_BASE). */
  baseUrl: string
  /** Where the cookies are set in the browser (default .xiaohongshu.com). */
  cookieDomain?: string
  session?: BrowserSession
  /** Time limit of one page read. */
  timeoutMs?: number
  /** Creator-center list pages scrolled through at most for one studio page (default 10). */
  maxListPages?: number
}

const PERSONAL_INFO = '/api/galaxy/creator/home/personal_info'
const POSTED = '/api/galaxy/v2/creator/note/user/posted'

function refusal(_name: string, body: Json, status: number) {
  if (status === 461 || status === 471) return { code: 'captcha' as const, upstreamCode: status }
  if (body.code === -100 || status === 401) return { code: 'auth' as const, upstreamCode: -100 }
  if (body.code === 300012) return { code: 'captcha' as const, upstreamCode: 300012 }
  if (body.code === 300013) return { code: 'rate_limited' as const, upstreamCode: 300013 }
  if (body.success === false || (typeof body.code === 'number' && body.code !== 0)) {
    return { code: 'upstream' as const, upstreamCode: body.code ?? status }
  }
  return undefined
}

function badResponse(what: string) {
  return new PlatformError('xiaohongshu', 'bad_response', `Xiaohongshu's answer lacks ${what}`, {
    retryable: false,
  })
}

function data(body: Json | undefined, path: string): Json {
  const value = body?.data
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(`data (${path})`)
  }
  return value
}

/** "2026-01-23 17:03" in Beijing time as ISO 8601; a number as epoch ms. */
function publishedAt(value: unknown): string | null {
  if (typeof value === 'number' && value > 0) return new Date(value).toISOString()
  if (typeof value !== 'string') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!match) return null
  const [, y, m, d, hh, mm, ss] = match
  const date = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss ?? '00'}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function noteStats(note: Json): VideoStats {
  const id = note.id
  if (typeof id !== 'string' || !id) throw badResponse('notes[].id')
  return {
    id,
    title: typeof note.display_title === 'string' ? note.display_title : '',
    publishedAt: publishedAt(note.time),
    url: `https://www.xiaohongshu.com/explore/${id}`,
    views: count(note.view_count),
    likes: count(note.likes),
    comments: count(note.comments_count),
    shares: count(note.shared_count),
    favorites: count(note.collected_count),
    danmaku: 0,
    coins: 0,
    category: note.type === 'video' ? 'video' : 'normal',
    thumbnailUrl:
      Array.isArray(note.images_list) && typeof note.images_list[0]?.url === 'string'
        ? note.images_list[0].url
        : null,
  }
}

interface ListPage {
  notes: Json[]
  next: number
  total: number
}

function listPage(body: Json | undefined): ListPage {
  const list = data(body, POSTED)
  if (!Array.isArray(list.notes)) throw badResponse(`data.notes (${POSTED})`)
  const tags = Array.isArray(list.tags) ? (list.tags as Json[]) : []
  const tag = tags.find((item) => item?.checked) ?? tags[0]
  return {
    notes: list.notes.filter((note: unknown) => note && typeof note === 'object'),
    next: typeof list.page === 'number' ? list.page : -1,
    total: tag ? count(tag.notes_count) : list.notes.length,
  }
}

export default class XiaohongshuAdapter implements PlatformAdapter {
  readonly name = 'xiaohongshu'
  readonly source = 'official' as const

  readonly #base: string
  readonly #cookieDomain: string
  readonly #session: BrowserSession | undefined
  readonly #timeoutMs: number | undefined
  readonly #maxListPages: number

  constructor(options: XiaohongshuAdapterOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '')
    this.#cookieDomain = options.cookieDomain ?? '.xiaohongshu.com'
    this.#session = options.session
    this.#timeoutMs = options.timeoutMs
    this.#maxListPages = options.maxListPages ?? 10
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const home = await this.#read(account, '/new/home', [{ name: 'info', path: PERSONAL_INFO }])
    const info = data(home.info, PERSONAL_INFO)
    if (info.fans_count === undefined) throw badResponse(`data.fans_count (${PERSONAL_INFO})`)
    const first = await this.#list(account, 0)
    const list = listPage(first.list)
    const notes = list.notes.map(noteStats)
    const sum = (key: 'views' | 'comments' | 'shares') =>
      notes.reduce((total, note) => total + note[key], 0)
    return {
      fans: count(info.fans_count),
      views: sum('views'),
      likes: count(info.faved_count),
      comments: sum('comments'),
      shares: sum('shares'),
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: list.total,
    }
  }

  /**
   * Page p is the creator center's list page p - 1 (its own size, about a
   * dozen notes); `pageSize` does not change what the platform answers.
   */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    if (page > this.#maxListPages) {
      return { items: [], page, pageSize: options.pageSize, total: 0, hasMore: false }
    }
    const bodies = await this.#list(account, page - 1)
    if (!bodies.list) {
      // the list ended before this page
      const last = bodies.last ? listPage(bodies.last) : null
      return {
        items: [],
        page,
        pageSize: options.pageSize,
        total: last?.total ?? 0,
        hasMore: false,
      }
    }
    const list = listPage(bodies.list)
    const items = list.notes.map(noteStats)
    return {
      items,
      page,
      pageSize: items.length || options.pageSize,
      total: list.total,
      hasMore: list.next >= 0 && items.length > 0 && page < this.#maxListPages,
    }
  }

  /** The personal-info answer, the cheapest signed-in read. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    await this.#read(account, '/new/home', [{ name: 'info', path: PERSONAL_INFO }])
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #login(account: PlatformAccountRef): SessionLogin {
    return {
      platform: 'xiaohongshu',
      label: 'Xiaohongshu',
      ref: account,
      cookieDomain: this.#cookieDomain,
    }
  }

  #common(): Pick<SessionRead, 'signedOut' | 'captcha' | 'refusal' | 'timeoutMs'> {
    return {
      signedOut: (url) =>
        /^\/login\b/.test(url.pathname) || url.pathname.startsWith('/website-login/error'),
      captcha: (url) =>
        url.pathname.includes('/website-login/captcha') || url.pathname.includes('/captcha'),
      refusal,
      timeoutMs: this.#timeoutMs,
    }
  }

  #read(account: PlatformAccountRef, path: string, wanted: { name: string; path: string }[]) {
    return (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: `${this.#base}${path}`,
      responses: wanted.map((item) => ({
        name: item.name,
        match: (url) => url.pathname === item.path,
      })),
      ...this.#common(),
    })
  }

  /** The note manager scrolled until list page `index` answered (or the list ended: `last`). */
  async #list(account: PlatformAccountRef, index: number) {
    const pageOf = (url: URL) => Number(url.searchParams.get('page') ?? 0)
    let last: Json | undefined
    const bodies = await (this.#session ?? sharedBrowserSession()).read(this.#login(account), {
      url: `${this.#base}/new/note-manager`,
      responses: [
        { name: 'list', match: (url) => url.pathname === POSTED && pageOf(url) === index },
      ],
      observe: {
        match: (url) => url.pathname === POSTED && pageOf(url) < index,
        seen: (_url, body, control) => {
          last = body
          if (body.data?.page === -1) control.finish()
        },
      },
      act: async (page, control) => {
        for (let step = 0; step < index * 20 && !control.settled(); step++) {
          await page.mouse.wheel(0, 4000).catch(() => {})
          await page.waitForTimeout(150).catch(() => {})
        }
      },
      ...this.#common(),
    })
    return { list: bodies.list, last }
  }
}
