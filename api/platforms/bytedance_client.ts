import { OpenHttp, type OpenCall } from '#platforms/open_http'
import { readOpenToken } from '#platforms/open_token'
import {
  PlatformError,
  type PlatformAccountRef,
  type PlatformErrorCode,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import {
  LABELS,
  badResponse,
  cursorOf,
  errorCodeOf,
  isObject,
  listOf,
  listedVideo,
  type ByteDancePlatform,
  type Json,
  type ListedVideo,
} from '#platforms/bytedance_fields'

/*
| The ByteDance open platform's calls, shared by douyin.ts and xigua.ts:
| one call signed in with the creator's OAuth token (the `access-token`
| header, `open_id` in the query; /oauth/userinfo/ takes both as a form
| body), its `data` when the error code is 0, a failure as a PlatformError by
| the platform's documented error code; and the cursor-paged video list and
| the video data by ids, which both platforms answer in one shape.
|
| Error codes (data.error_code, else extra.error_code), from the Douyin open
| platform's status code table (状态码排查工具: the new 28xxxxxx codes and
| the older 2xxxxxx ones that the older APIs still answer):
|   2190002 access_token invalid, 2190008 / 28001008 access_token expired,
|   28001012 the user did not authorise this API, 28001015 access_token and
|   open_id do not match, HTTP 401/403 without a code          → auth
|   2100007 no permission, 2190004 / 28001018 the app lacks the capability,
|   28001014 no capability, 28001016 app banned or offline,
|   28001020 / 28001021 test app not bound or expired            → not_configured
|                                  (the studio's app, not the creator's login)
|   28001019 capability banned or offline, 28001056 API offline → not_supported
|   2100009 user banned from the operation, 28001045 / 28001046 /
|   28001047 user deregistered, banned or private               → not_found
|   28003018 request rate too high, 28001052 risky access (slow down),
|   a description saying 频率/频繁                                → rate_limited
|   2190001 / 28003017 quota used up                             → quota_exceeded
|   2100004 / 28001005 system busy, 28001006 network error      → upstream, retryable
|   a description asking for a verification (验证码 / captcha;
|   no such code is documented for these APIs)                  → captcha
|   any other code (2100005 / 28001007 parameter error …)       → upstream, not retryable
| Network failures, time-outs, HTTP 429, 5xx and non-JSON answers are
| OpenHttp's (network, rate_limited, upstream, bad_response). The access token
| never appears in a message: messages name the path only.
*/

const CODES: [PlatformErrorCode, boolean, number[]][] = [
  ['auth', false, [2190002, 2190008, 28001008, 28001012, 28001015]],
  ['not_configured', false, [2100007, 2190004, 28001014, 28001016, 28001018, 28001020, 28001021]],
  ['not_supported', false, [28001019, 28001056]],
  ['not_found', false, [2100009, 28001045, 28001046, 28001047]],
  ['rate_limited', true, [28003018, 28001052]],
  ['quota_exceeded', false, [2190001, 28003017]],
  ['upstream', true, [2100004, 28001005, 28001006]],
]
const BY_CODE = new Map(
  CODES.flatMap(([kind, retryable, codes]) => codes.map((code) => [code, { kind, retryable }]))
)

interface ByteDanceLogin {
  accessToken: string
  openId: string
}

/** The account's access token and open_id (the stored OAuth answer's, else the account's uid). */
export function loginOf(platform: ByteDancePlatform, account: PlatformAccountRef): ByteDanceLogin {
  const token = readOpenToken(account.token)
  if (!token) {
    throw new PlatformError(
      platform,
      'not_configured',
      `Account ${account.id} has no ${LABELS[platform]} login: connect it through OAuth first`,
      { retryable: false }
    )
  }
  const openId = (token.openId ?? account.uid)?.trim()
  if (!openId) {
    throw new PlatformError(
      platform,
      'not_configured',
      `Account ${account.id} has no ${LABELS[platform]} open_id (neither in its token nor as its uid)`,
      { retryable: false }
    )
  }
  return { accessToken: token.accessToken, openId }
}

export class ByteDanceClient {
  readonly #http: OpenHttp

  constructor(
    readonly platform: ByteDancePlatform,
    baseUrl: string,
    timeoutMs = 10_000
  ) {
    this.#http = new OpenHttp(platform, LABELS[platform], baseUrl, timeoutMs)
  }

  /** GET `path` with the login: its `data`. */
  get(login: ByteDanceLogin, path: string, query: OpenCall['query'] = {}) {
    return this.call(login, path, { method: 'GET', query })
  }

  /** A call with the login's header and open_id (unless the body carries them): its `data`. */
  async call(login: ByteDanceLogin, path: string, options: OpenCall = {}): Promise<Json> {
    const inBody = options.form !== undefined
    const answer = await this.#http.call(path, {
      ...options,
      headers: { 'access-token': login.accessToken, ...options.headers },
      query: inBody ? options.query : { open_id: login.openId, ...options.query },
    })
    const body = answer.body!
    const { code, description } = errorCodeOf(body)
    if (code !== 0) throw this.#codeError(path, code, description)
    if (answer.status === 401 || answer.status === 403) {
      throw new PlatformError(
        this.platform,
        'auth',
        `${LABELS[this.platform]} refused the login for ${path} (HTTP ${answer.status})`,
        { retryable: false, upstreamCode: answer.status }
      )
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new PlatformError(
        this.platform,
        answer.status === 404 ? 'not_found' : 'upstream',
        `${LABELS[this.platform]} answered HTTP ${answer.status} for ${path}`,
        { retryable: answer.status >= 500, upstreamCode: answer.status }
      )
    }
    if (!isObject(body.data)) throw badResponse(this.platform, path, 'the object "data"')
    return body.data
  }

  #codeError(path: string, code: number, description: string) {
    const label = LABELS[this.platform]
    const message = `${label} answered error ${code} for ${path}${description ? `: ${description}` : ''}`
    const known = BY_CODE.get(code) ?? this.#byDescription(description)
    return new PlatformError(this.platform, known?.kind ?? 'upstream', message, {
      retryable: known?.retryable ?? false,
      upstreamCode: code,
    })
  }

  /** A code not in the table, by what its description says. */
  #byDescription(description: string): { kind: PlatformErrorCode; retryable: boolean } | null {
    if (/access[_ ]?token.*(过期|无效|expired|invalid)/i.test(description)) {
      return { kind: 'auth', retryable: false }
    }
    if (/频率|频繁|too (many|frequent)/i.test(description))
      return { kind: 'rate_limited', retryable: true }
    if (/quota|配额/i.test(description)) return { kind: 'quota_exceeded', retryable: false }
    if (/验证码|captcha/i.test(description)) return { kind: 'captcha', retryable: false }
    return null
  }
}

/* ------------------------------------------------------------------ */
/* Videos: the cursor-paged list and the data by ids                   */
/* ------------------------------------------------------------------ */

interface ByteDanceVideoPaths {
  /** GET ?open_id&cursor&count → data { list, cursor, has_more }. */
  list: string
  /** POST ?open_id, JSON { item_ids } → data { list }. */
  data: string
  /** Most items one list call returns (count). */
  pageMax: number
  /** Most ids one data call takes. */
  idsMax: number
}

interface ApiPage {
  items: ListedVideo[]
  cursor: string | null
  hasMore: boolean
}

/** Most list calls one slice makes (a cursor that never ends is a bad answer, not a loop). */
const CALLS_MAX = 200

export class ByteDanceVideos {
  /** Per open_id, the cursor after the first n items of its list (n → cursor). */
  #cursors = new Map<string, Map<number, string>>()

  constructor(
    readonly client: ByteDanceClient,
    readonly paths: ByteDanceVideoPaths
  ) {}

  /** One list call from `cursor` ("0" for the newest). */
  async page(login: ByteDanceLogin, cursor: string): Promise<ApiPage> {
    const path = this.paths.list
    const data = await this.client.get(login, path, { cursor, count: this.paths.pageMax })
    const items = listOf(this.client.platform, data, 'list', path).map((item) =>
      listedVideo(this.client.platform, item, path)
    )
    const next = cursorOf(data)
    return { items, cursor: next.cursor, hasMore: next.hasMore }
  }

  /**
   * Items offset … offset + size − 1 of the list, newest first, however the
   * platform pages them: from the cursor remembered at the nearest earlier
   * item count, calls of `pageMax` until the slice is full or the list ends.
   */
  async slice(login: ByteDanceLogin, offset: number, size: number) {
    let position = 0
    let cursor = '0'
    for (const [at, remembered] of this.#cursors.get(login.openId) ?? []) {
      if (at <= offset && at > position) {
        position = at
        cursor = remembered
      }
    }
    const items: VideoStats[] = []
    const cursorsRead = new Set<string>()
    for (let calls = 0; calls < CALLS_MAX; calls++) {
      const page = await this.page(login, cursor)
      for (const video of page.items) {
        if (position >= offset && items.length < size) items.push(video.stats)
        position++
      }
      if (!page.hasMore || !page.cursor) {
        // the list ended; items after the slice may still be in this last answer
        return { items, hasMore: position > offset + items.length, seen: position, ended: true }
      }
      if (cursorsRead.has(page.cursor)) {
        throw badResponse(this.client.platform, this.paths.list, 'a cursor that moves on')
      }
      cursorsRead.add(page.cursor)
      cursor = page.cursor
      this.#remember(login.openId, position, cursor)
      if (items.length >= size) return { items, hasMore: true, seen: position, ended: false }
    }
    throw badResponse(this.client.platform, this.paths.list, `an end within ${CALLS_MAX} pages`)
  }

  /**
   * Page `page` of `pageSize` uploads, newest first, cut from the list calls
   * (the cursors remembered, so that page n does not walk again from the
   * start). `total` is the list's length once its end was read, else what
   * has been seen plus one: the list does not say how long it is.
   */
  async listing(
    login: ByteDanceLogin,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(100, Math.floor(options.pageSize)))
    const slice = await this.slice(login, (page - 1) * pageSize, pageSize)
    return {
      items: slice.items,
      page,
      pageSize,
      total: slice.seen + (slice.ended ? 0 : 1),
      hasMore: slice.hasMore,
    }
  }

  /** The newest `pages` list calls' videos (for the channel's sums). */
  async newest(login: ByteDanceLogin, pages: number) {
    const videos: ListedVideo[] = []
    let cursor = '0'
    for (let call = 0; call < pages; call++) {
      const page = await this.page(login, cursor)
      videos.push(...page.items)
      if (!page.hasMore || !page.cursor || page.cursor === cursor) break
      cursor = page.cursor
    }
    return videos
  }

  /** The videos of `ids` the platform still has (by `idsMax` per call), in the order asked. */
  async byIds(login: ByteDanceLogin, ids: string[]): Promise<VideoStats[]> {
    const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
    const found = new Map<string, VideoStats>()
    const path = this.paths.data
    for (let start = 0; start < unique.length; start += this.paths.idsMax) {
      const data = await this.client.call(login, path, {
        method: 'POST',
        json: { item_ids: unique.slice(start, start + this.paths.idsMax) },
      })
      for (const item of listOf(this.client.platform, data, 'list', path)) {
        const video = listedVideo(this.client.platform, item, path)
        found.set(video.id, video.stats)
      }
    }
    return unique.flatMap((id) => found.get(id) ?? [])
  }

  #remember(openId: string, position: number, cursor: string) {
    if (this.#cursors.size > 10_000) this.#cursors.clear()
    const account = this.#cursors.get(openId) ?? new Map<number, string>()
    account.set(position, cursor)
    this.#cursors.set(openId, account)
  }
}
