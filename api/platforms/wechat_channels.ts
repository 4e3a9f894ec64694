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
import type { Request } from 'playwright'
import { count } from '#platforms/open_http'

/*
|--------------------------------------------------------------------------
| WeChat Channels (signed-in browser session)
|--------------------------------------------------------------------------
|
| 视频号助手 (channels.weixin.qq.com/platform) has no API for an agency: the
| adapter opens the creator's own assistant pages with the account's cookies
| (sessionid, wxuin) and reads the JSON they receive.
|
|   /platform              POST cgi-bin/mmfinderassistant-bin/auth/auth_data
|                            data.finderUser.fansCount → fans,
|                            data.finderUser.feedsCount → videos
|   /platform/post/list    POST cgi-bin/mmfinderassistant-bin/post/post_list
|                            {pageSize: 20, currentPage: N} → data.list[]:
|                            objectId, createTime (epoch s), readCount,
|                            likeCount, commentCount, forwardCount, favCount,
|                            desc.description, desc.media[0].videoPlayLen;
|                            data.totalCount when given
|                          The page loads page 1; the list's 下一页 (next
|                          page) button loads the following ones.
|
| Per video: readCount → views, likeCount → likes (👍), commentCount →
| comments, forwardCount (转发) → shares, favCount (♡, 推荐/喜欢) →
| favorites. The channel's views, likes, comments, shares and recommends
| (the ♡ sum) are summed over the first list page (the newest 20 posts,
| "recent" sums). Danmaku, coins and forwards do not exist (0). Posts have no
| public URL (null). No portrait.
|
| Errors: the page landing on the login page (/login.html, /platform/login)
| → 'auth'; an answer errCode 300333 / 300334 (the login is gone) → 'auth';
| a verification page → 'captcha'; another non-zero errCode → 'upstream';
| no answer in time → 'network'. No cookie → 'not_configured'.
|
| Tested against local fake assistant pages (tests/helpers/creator_center.ts)
| answering the published bodies of tests/fixtures/platforms/wechat_channels/.
|
*/

export interface WeChatChannelsAdapterOptions {
  /** https://channels.weixin.qq.com (WECHAT_CHANNELS_BASE). */
  baseUrl: string
  /** Where the cookies are set in the browser (default channels.weixin.qq.com). */
  cookieDomain?: string
  session?: BrowserSession
  timeoutMs?: number
  /** List pages clicked through at most for one studio page (default 10). */
  maxListPages?: number
  /** The assistant's list page size (20; the page asks for it, the adapter judges "more" by it). */
  listPageSize?: number
}

const AUTH_DATA = '/cgi-bin/mmfinderassistant-bin/auth/auth_data'
const POST_LIST = '/cgi-bin/mmfinderassistant-bin/post/post_list'
const SIGNED_OUT_CODES = new Set([300333, 300334])

function refusal(_name: string, body: Json, status: number) {
  const code = Number(body.errCode ?? body.errcode ?? 0)
  if (SIGNED_OUT_CODES.has(code) || status === 401) {
    return { code: 'auth' as const, upstreamCode: code || status }
  }
  if (code !== 0) return { code: 'upstream' as const, upstreamCode: code }
  return undefined
}

function badResponse(what: string) {
  return new PlatformError(
    'wechat_channels',
    'bad_response',
    `WeChat Channels' answer lacks ${what}`,
    { retryable: false }
  )
}

function data(body: Json | undefined, path: string): Json {
  const value = body?.data
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(`data (${path})`)
  }
  return value
}

function postStats(post: Json): VideoStats {
  const id = post.objectId
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw badResponse('list[].objectId')
  }
  const desc = post.desc && typeof post.desc === 'object' ? (post.desc as Json) : {}
  const media = Array.isArray(desc.media) ? (desc.media[0] as Json | undefined) : undefined
  const created = Number(post.createTime)
  return {
    id: String(id),
    title: typeof desc.description === 'string' ? desc.description : '',
    publishedAt:
      Number.isFinite(created) && created > 0 ? new Date(created * 1000).toISOString() : null,
    url: null,
    views: count(post.readCount),
    likes: count(post.likeCount),
    comments: count(post.commentCount),
    shares: count(post.forwardCount),
    favorites: count(post.favCount),
    danmaku: 0,
    coins: 0,
    durationS: media && media.videoPlayLen !== undefined ? count(media.videoPlayLen) : null,
  }
}

function postList(body: Json | undefined) {
  const list = data(body, POST_LIST)
  if (!Array.isArray(list.list)) throw badResponse(`data.list (${POST_LIST})`)
  const posts = (list.list as unknown[]).filter(
    (post): post is Json => Boolean(post) && typeof post === 'object'
  )
  return { posts, total: list.totalCount === undefined ? null : count(list.totalCount) }
}

export default class WeChatChannelsAdapter implements PlatformAdapter {
  readonly name = 'wechat_channels'
  readonly source = 'official' as const

  readonly #base: string
  readonly #cookieDomain: string
  readonly #session: BrowserSession | undefined
  readonly #timeoutMs: number | undefined
  readonly #maxListPages: number
  readonly #listSize: number

  constructor(options: WeChatChannelsAdapterOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '')
    this.#cookieDomain = options.cookieDomain ?? 'channels.weixin.qq.com'
    this.#session = options.session
    this.#timeoutMs = options.timeoutMs
    this.#maxListPages = options.maxListPages ?? 10
    this.#listSize = options.listPageSize ?? 20
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const user = await this.#finderUser(account)
    const first = await this.#list(account, 1)
    const recent = postList(first.list).posts
    const posts = recent.map(postStats)
    const sum = (key: 'views' | 'likes' | 'comments' | 'shares') =>
      posts.reduce((total, post) => total + post[key], 0)
    return {
      fans: count(user.fansCount),
      views: sum('views'),
      likes: sum('likes'),
      comments: sum('comments'),
      shares: sum('shares'),
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: recent.reduce((total, post) => total + count(post.favCount), 0),
      videos: count(user.feedsCount),
    }
  }

  /** Page p is the assistant's list page p (20 posts); `pageSize` does not change it. */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    if (page > this.#maxListPages) {
      return { items: [], page, pageSize: this.#listSize, total: 0, hasMore: false }
    }
    const bodies = await this.#list(account, page)
    if (!bodies.list) return { items: [], page, pageSize: this.#listSize, total: 0, hasMore: false }
    const list = postList(bodies.list)
    const items = list.posts.map(postStats)
    const total = list.total ?? (page - 1) * this.#listSize + items.length
    return {
      items,
      page,
      pageSize: this.#listSize,
      total,
      hasMore:
        items.length > 0 &&
        page < this.#maxListPages &&
        (list.total === null ? items.length >= this.#listSize : page * this.#listSize < list.total),
    }
  }

  /** auth_data, the assistant's first signed-in call. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    await this.#finderUser(account)
  }

  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #login(account: PlatformAccountRef): SessionLogin {
    return {
      platform: 'wechat_channels',
      label: 'WeChat Channels',
      ref: account,
      cookieDomain: this.#cookieDomain,
    }
  }

  #common(): Pick<SessionRead, 'signedOut' | 'captcha' | 'refusal' | 'timeoutMs'> {
    return {
      signedOut: (url) =>
        url.pathname.startsWith('/login') || url.pathname.startsWith('/platform/login'),
      captcha: (url) => /\/(verify|captcha)/.test(url.pathname),
      refusal,
      timeoutMs: this.#timeoutMs,
    }
  }

  #sessionOf() {
    return this.#session ?? sharedBrowserSession()
  }

  async #finderUser(account: PlatformAccountRef): Promise<Json> {
    const bodies = await this.#sessionOf().read(this.#login(account), {
      url: `${this.#base}/platform`,
      responses: [{ name: 'auth', match: (url) => url.pathname === AUTH_DATA }],
      ...this.#common(),
    })
    const user = data(bodies.auth, AUTH_DATA).finderUser
    if (!user || typeof user !== 'object' || user.fansCount === undefined) {
      throw badResponse(`data.finderUser.fansCount (${AUTH_DATA})`)
    }
    return user as Json
  }

  /** The post list, its 下一页 clicked until list page `page` answered (or the list ended). */
  async #list(account: PlatformAccountRef, page: number) {
    const pageOf = (request: Request) => {
      try {
        return Number((request.postDataJSON() as Json | null)?.currentPage ?? 1)
      } catch {
        return 1
      }
    }
    let answered = 0
    return this.#sessionOf().read(this.#login(account), {
      url: `${this.#base}/platform/post/list`,
      responses: [
        {
          name: 'list',
          match: (url, request) => url.pathname === POST_LIST && pageOf(request) === page,
        },
      ],
      observe: {
        match: (url, request) => url.pathname === POST_LIST && pageOf(request) < page,
        seen: (_url, body, control) => {
          answered++
          const list = body.data?.list
          if (!Array.isArray(list) || list.length < this.#listSize) control.finish()
        },
      },
      act: async (view, control) => {
        // one click of 下一页 per page, each once the previous page answered
        for (let clicked = 0; clicked < page - 1 && !control.settled();) {
          if (answered <= clicked) {
            await view.waitForTimeout(100)
            continue
          }
          await view
            .getByText('下一页', { exact: true })
            .click({ timeout: 5000 })
            .catch(() => control.finish())
          clicked++
        }
      },
      ...this.#common(),
    })
  }
}
