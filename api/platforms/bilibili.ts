import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { COOKIE_DOMAINS, cookieHeader } from '#shared/cookies'
import { signWbi, wbiKeyFromUrl, wbiMixinKey, type QueryParams } from '#platforms/bilibili_wbi'

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
| Tested only against a local fake server answering the documented shapes
| (tests/functional/platforms/bilibili.spec.ts), never against bilibili.com.
|
*/

export interface BilibiliAdapterOptions {
  /** https://api.bilibili.com (BILIBILI_API_BASE). */
  baseUrl: string
  timeoutMs?: number
  /** Pages of 50 recent uploads read for the comment and danmaku sums. */
  maxPages?: number
  /** Newest uploads whose x/web-interface/view is read for the coin and share sums. */
  detailVideos?: number
  /** How long the WBI mixin key is reused. */
  wbiKeyTtlMs?: number
  /** Clock (ms) for wts and the key cache; tests fix it. */
  now?: () => number
  userAgent?: string
}

type Json = Record<string, unknown>

const PAGE_SIZE_MAX = 50
const NAV = 'x/web-interface/nav'
const RELATION = 'x/relation/stat'
const UPSTAT = 'x/space/upstat'
const SEARCH = 'x/space/wbi/arc/search'
const VIEW = 'x/web-interface/view'

const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

/** -509 "over the limit" and -799 "requests too frequent" are rate limits as well. */
const RATE_LIMIT_CODES = new Set([-352, -412, -509, -799])
const NOT_FOUND_CODES = new Set([-404, -626])
const AUTH_CODES = new Set([-101, -111, -403])
/** Codes after which a signed request is retried once with new WBI keys. */
const WBI_REFRESH_CODES = new Set([-352, -403])

export default class BilibiliAdapter implements PlatformAdapter {
  readonly name = 'bilibili'
  readonly source = 'official' as const

  #baseUrl: string
  #timeoutMs: number
  #maxPages: number
  #detailVideos: number
  #wbiKeyTtlMs: number
  #now: () => number
  #userAgent: string
  #mixinKey: { key: string; fetchedAt: number } | null = null
  #mixinKeyLoading: Promise<string> | null = null

  constructor(options: BilibiliAdapterOptions) {
    this.#baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
    this.#timeoutMs = options.timeoutMs ?? 10_000
    this.#maxPages = options.maxPages ?? 3
    this.#detailVideos = options.detailVideos ?? 20
    this.#wbiKeyTtlMs = options.wbiKeyTtlMs ?? 3_600_000
    this.#now = options.now ?? Date.now
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  }

  /** Live values: `date` (the day the snapshot describes) does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const mid = this.#mid(account)
    const relation = await this.#get(account, RELATION, { vmid: mid })
    const upstat = await this.#get(account, UPSTAT, { mid })
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
    const data = await this.#get(
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
    return object(await this.#get(account, VIEW, { bvid }), 'stat', VIEW)
  }

  /** The WBI mixin key, fetched from x/web-interface/nav and reused for `wbiKeyTtlMs`. */
  async #wbiKey(): Promise<string> {
    const cached = this.#mixinKey
    if (cached && this.#now() - cached.fetchedAt < this.#wbiKeyTtlMs) return cached.key
    this.#mixinKeyLoading ??= this.#fetchWbiKey().finally(() => {
      this.#mixinKeyLoading = null
    })
    return this.#mixinKeyLoading
  }

  async #fetchWbiKey() {
    // nav answers code -101 to anonymous callers but still carries wbi_img.
    const body = await this.#request(NAV, '', {})
    const data = body.data
    const images = data && typeof data === 'object' ? (data as Json).wbi_img : undefined
    if (!images || typeof images !== 'object') {
      if (typeof body.code === 'number' && body.code !== 0 && body.code !== -101) {
        throw codeError(body.code, body.message, NAV)
      }
      throw badResponse(NAV, 'data.wbi_img')
    }
    const imgKey = wbiKeyFromUrl(stringField(images as Json, 'img_url', NAV))
    const subKey = wbiKeyFromUrl(stringField(images as Json, 'sub_url', NAV))
    if (imgKey.length + subKey.length < 64) throw badResponse(NAV, 'data.wbi_img')
    const key = wbiMixinKey(imgKey, subKey)
    this.#mixinKey = { key, fetchedAt: this.#now() }
    return key
  }

  /** GET an endpoint and return its `data` when `code` is 0. */
  async #get(
    account: PlatformAccountRef,
    path: string,
    params: QueryParams,
    options: { signed?: boolean } = {}
  ): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const query = options.signed
        ? signWbi(params, await this.#wbiKey(), Math.round(this.#now() / 1000)).query
        : new URLSearchParams(
            Object.entries(params).map(([name, value]) => [name, String(value)])
          ).toString()
      const body = await this.#request(path, query, headersFor(account))
      if (typeof body.code !== 'number') throw badResponse(path, 'code')
      let code: number = body.code
      const data = body.data
      // A missing or wrong signature can also come back as code 0 with only a
      // data.v_voucher (risk-control ticket): treated like -352.
      if (code === 0 && options.signed && isVoucher(data)) code = -352
      if (code === 0) {
        if (!data || typeof data !== 'object') throw badResponse(path, 'data')
        return data as Json
      }
      if (options.signed && attempt === 0 && WBI_REFRESH_CODES.has(code)) {
        // The keys change about daily: drop them and sign again once.
        this.#mixinKey = null
        continue
      }
      throw codeError(code, body.message, path)
    }
  }

  async #request(path: string, query: string, headers: Record<string, string>): Promise<Json> {
    const url = `${this.#baseUrl}${path}${query ? `?${query}` : ''}`
    let response: Response
    try {
      response = await fetch(url, {
        headers: {
          'Accept': 'application/json',
          'User-Agent': this.#userAgent,
          'Referer': 'https://www.bilibili.com/',
          ...headers,
        },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      throw networkError(error, path, this.#timeoutMs)
    }

    const text = await response.text().catch((error) => {
      throw networkError(error, path, this.#timeoutMs)
    })
    if (response.status === 412 || response.status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'))
      throw new PlatformError(
        'bilibili',
        'rate_limited',
        `Bilibili rate-limited ${path} (HTTP ${response.status})`,
        {
          retryable: true,
          upstreamCode: response.status,
          retryAfterMs:
            Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
        }
      )
    }
    if (response.status === 404) {
      throw new PlatformError('bilibili', 'not_found', `Bilibili answered 404 for ${path}`, {
        retryable: false,
        upstreamCode: 404,
      })
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      // -509 (too many requests) comes with a second JSON object after the first
      body = firstJsonObject(text)
    }
    if (body === undefined) {
      if (!response.ok) {
        throw new PlatformError(
          'bilibili',
          'upstream',
          `Bilibili answered HTTP ${response.status} for ${path}`,
          {
            upstreamCode: response.status,
          }
        )
      }
      throw new PlatformError(
        'bilibili',
        'bad_response',
        `Bilibili's answer to ${path} is not JSON`,
        {
          retryable: false,
        }
      )
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badResponse(path, 'body')
    if (!response.ok && typeof (body as Json).code !== 'number') {
      throw new PlatformError(
        'bilibili',
        'upstream',
        `Bilibili answered HTTP ${response.status} for ${path}`,
        {
          upstreamCode: response.status,
        }
      )
    }
    return body as Json
  }
}

/* ------------------------------------------------------------------ */

/** The first JSON object of a text that holds more than one (or trailing bytes), else undefined. */
function firstJsonObject(text: string): unknown {
  const start = text.indexOf('{')
  if (start < 0) return undefined
  let depth = 0
  let inString = false
  for (let index = start; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') depth++
    else if (char === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, index + 1))
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

function isVoucher(data: unknown) {
  return Boolean(data && typeof data === 'object' && 'v_voucher' in data && !('list' in data))
}

/**
 * The Cookie header: the stored cookie in whichever export shape it was
 * pasted (api/shared/cookies.ts), or the token sent as SESSDATA.
 */
function headersFor(account: PlatformAccountRef): Record<string, string> {
  const cookie =
    cookieHeader(account.cookie, COOKIE_DOMAINS.bilibili) ||
    cookieHeader(account.token ? `SESSDATA=${account.token.trim()}` : null)
  return cookie ? { Cookie: cookie } : {}
}

function codeError(code: number, message: unknown, path: string) {
  const text = `Bilibili answered ${code}${typeof message === 'string' && message ? ` (${message})` : ''} for ${path}`
  if (RATE_LIMIT_CODES.has(code)) {
    return new PlatformError('bilibili', 'rate_limited', text, {
      retryable: true,
      upstreamCode: code,
    })
  }
  if (NOT_FOUND_CODES.has(code)) {
    return new PlatformError('bilibili', 'not_found', text, {
      retryable: false,
      upstreamCode: code,
    })
  }
  if (AUTH_CODES.has(code)) {
    return new PlatformError('bilibili', 'auth', text, { retryable: false, upstreamCode: code })
  }
  return new PlatformError('bilibili', 'upstream', text, { upstreamCode: code })
}

function networkError(error: unknown, path: string, timeoutMs: number) {
  const name = error instanceof Error ? error.name : ''
  const message =
    name === 'TimeoutError' || name === 'AbortError'
      ? `Bilibili did not answer ${path} within ${timeoutMs} ms`
      : `Could not reach Bilibili for ${path}: ${error instanceof Error ? error.message : String(error)}`
  return new PlatformError('bilibili', 'network', message, { retryable: true })
}

function badResponse(path: string, what: string) {
  return new PlatformError(
    'bilibili',
    'bad_response',
    `Bilibili's answer to ${path} lacks ${what}`,
    {
      retryable: false,
    }
  )
}

function object(data: Json, name: string, path: string): Json {
  const value = data[name]
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(path, `the object "${name}"`)
  }
  return value as Json
}

function stringField(data: Json, name: string, path: string): string {
  const value = data[name]
  if (typeof value !== 'string' || value === '') throw badResponse(path, `the field "${name}"`)
  return value
}

/**
 * A non-negative counter. Numbers and numeric strings are read; Bilibili
 * shows "--" for hidden counts, read as 0 when `lenient`.
 */
function counter(data: Json, name: string, path: string, lenient = false): number {
  const value = data[name]
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number === 'number' && Number.isFinite(number)) return Math.max(0, Math.trunc(number))
  if (lenient && (value === '--' || value === undefined || value === null)) return 0
  throw badResponse(path, `the counter "${name}"`)
}
