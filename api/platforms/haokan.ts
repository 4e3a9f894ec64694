import { DateTime } from 'luxon'
import {
  PlatformError,
  type ChannelStats,
  type FanPortrait,
  type PlatformAccountRef,
  type PlatformAdapter,
  type VideoPage,
  type VideoStats,
} from '#platforms/types'
import { HaokanClient, baijiahaoLogin, type BaijiahaoLogin } from '#platforms/haokan_client'
import {
  articleOf,
  badResponse,
  countersOf,
  itemsOf,
  pageOf,
  videoStats,
  type Article,
  type ArticleCounters,
} from '#platforms/haokan_fields'

/*
|--------------------------------------------------------------------------
| Haokan (live, Baidu Baijiahao open API)
|--------------------------------------------------------------------------
|
| Haokan videos belong to a Baijiahao (百家号) author account. The adapter
| reads Baijiahao's developer API: every call is a POST of JSON with the
| author's app_id and app_token to
| https://baijiahao.baidu.com/builderinner/open/resource/… (BAIJIAHAO_API_BASE):
|
|   query/fansListall {page_no, page_size ≤ 30}  data.page.total_count → fans
|   query/articleListall {start_time, end_time (YYYY-MM-DD), page_no,
|       page_size ≤ 20, article_type: video, collection: publish}
|       data.items {article_id: {article_id, nid, title, type, status,
|       collection, article_url, updated_at}}, data.page → videos, paging
|   query/articleStatistics {article_id}  data.view_count, likes_count,
|       comment_count, share_count, collect_count, recommend_count
|       (since publication; -1 = 获取失败)
|
| The login (haokan_client.ts): the account's token is the app_token; the
| app_id comes from the token JSON {"app_id", "app_token"}, else the
| account's numeric uid (the author id Haokan shows), else BAIJIAHAO_APP_ID.
|
| What stays empty, and why:
| - The listing carries no counters: each video's come from one
|   articleStatistics call (remembered for `memoMs`, default 10 minutes, so
|   the daily run's channel sums and its listing read each video once).
|   A counter answered -1 is `unread` (the ingest keeps its last value); a
|   view count of -1 fails the call as 'upstream' (retryable) rather than
|   recording 0 views.
| - The open API has no channel-wide views, likes, comments or shares: they
|   are sums over the newest `maxPages` pages of 20 published videos
|   (default 5 = 100 videos), "recent" sums for larger accounts, like
|   Bilibili's. recommends is the same sum of recommend_count (推荐量).
|   danmaku, coins and forwards do not exist on Haokan (0).
| - fans is data.page.total_count of fansListall; an answer without it is
|   'bad_response', never 0.
| - publishedAt is the listing's updated_at (it gives no publish time).
| - No length, category, cover or tags in the listing (null / empty).
| - No portrait: fansData describes one fan at a time; [] is returned.
| - No captcha or verification exists on the app-token API ('captcha' never).
|
| Errors: errno 60001001 (授权校验失败), 110 / 111 (token invalid / expired)
| and 6 (no permission) → auth; 18 (QPS) and 4 → rate_limited; 17 (daily
| limit) → quota_exceeded until midnight China time; 19 → quota_exceeded;
| 1 / 2 → upstream (retryable); an errmsg saying 不存在 → not_found; other
| errno → upstream; HTTP 429 / 5xx / non-JSON / time-outs as OpenHttp says.
|
| Tested only against a local fake server answering bodies built from the
| documented fields (tests/fixtures/platforms/haokan/README.md).
|
*/

export interface HaokanAdapterOptions {
  /** https://baijiahao.baidu.com (BAIJIAHAO_API_BASE). */
  baseUrl: string
  /** The studio's Baijiahao app_id when an account's token and uid carry none (BAIJIAHAO_APP_ID). */
  appId?: string | null
  timeoutMs?: number
  /** Pages of 20 newest videos summed into the channel counters. */
  maxPages?: number
  /** How long an article's statistics are reused, in ms (0: never). */
  memoMs?: number
  /** articleStatistics calls in flight at once (Baijiahao limits QPS). */
  concurrency?: number
  /** The first day articleListall is asked about (YYYY-MM-DD). */
  since?: string
  now?: () => DateTime
}

const PAGE_SIZE_MAX = 20
const FANS = 'query/fansListall'
const LIST = 'query/articleListall'
const STATS = 'query/articleStatistics'

export default class HaokanAdapter implements PlatformAdapter {
  readonly name = 'haokan'
  readonly source = 'official' as const

  #client: HaokanClient
  #appId: string | null
  #maxPages: number
  #memoMs: number
  #concurrency: number
  #since: string
  #now: () => DateTime
  #memo = new Map<string, { at: number; counters: ArticleCounters }>()

  constructor(options: HaokanAdapterOptions) {
    this.#client = new HaokanClient(options)
    this.#appId = options.appId?.trim() || null
    this.#maxPages = options.maxPages ?? 5
    this.#memoMs = options.memoMs ?? 10 * 60_000
    this.#concurrency = Math.max(1, options.concurrency ?? 2)
    this.#since = options.since ?? '2016-01-01'
    this.#now = options.now ?? (() => DateTime.now())
  }

  /** Live values: `date` does not change what is read. */
  async channelStats(
    account: PlatformAccountRef,
    _options?: { date: string }
  ): Promise<ChannelStats> {
    const login = baijiahaoLogin(account, this.#appId)
    const fansPage = pageOf(
      await this.#client.post(login, FANS, { page_no: 1, page_size: 1 }),
      FANS
    )
    if (fansPage.total === null) throw badResponse(FANS, 'data.page.total_count')

    const sums = { views: 0, likes: 0, comments: 0, shares: 0, recommends: 0 }
    let total: number | null = null
    let read = 0
    for (let page = 1; page <= this.#maxPages; page++) {
      const listed = await this.#list(login, page, PAGE_SIZE_MAX)
      total ??= listed.total
      read += listed.articles.length
      for (const { counters } of await this.#withCounters(login, listed.articles, true)) {
        for (const name of Object.keys(sums) as (keyof typeof sums)[])
          sums[name] += counters[name] ?? 0
      }
      if (!listed.hasMore) break
    }

    return {
      fans: fansPage.total,
      ...sums,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      // without a total in data.page: the videos read (at least that many)
      videos: total ?? read,
    }
  }

  /** A page of the account's published videos, each with its articleStatistics. */
  async videos(
    account: PlatformAccountRef,
    options: { page: number; pageSize: number }
  ): Promise<VideoPage> {
    const login = baijiahaoLogin(account, this.#appId)
    const page = Math.max(1, Math.floor(options.page))
    const pageSize = Math.max(1, Math.min(PAGE_SIZE_MAX, Math.floor(options.pageSize)))
    const listed = await this.#list(login, page, pageSize)
    const read = await this.#withCounters(login, listed.articles, true)
    const items = read.map(({ article, counters }) => videoStats(article, counters))
    const total = listed.total ?? (page - 1) * pageSize + items.length
    return { items, page, pageSize, total, hasMore: listed.hasMore }
  }

  /**
   * The current counters of some videos (articleStatistics each, read fresh).
   * A video Baijiahao says does not exist is left out. The answer carries no
   * title or time: only the counters are read.
   */
  async videosById(
    account: PlatformAccountRef,
    ids: string[],
    _options?: { at: string }
  ): Promise<VideoStats[]> {
    const login = baijiahaoLogin(account, this.#appId)
    const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
    const articles: Article[] = unique.map((id) => ({
      id,
      title: '',
      url: null,
      publishedAt: null,
    }))
    const read = await this.#withCounters(login, articles, false, true)
    return read.map(({ article, counters }) => videoStats(article, counters))
  }

  /** The cheapest signed-in call: one article of the list. */
  async checkLogin(account: PlatformAccountRef): Promise<void> {
    const login = baijiahaoLogin(account, this.#appId)
    await this.#client.post(login, LIST, this.#listFields(1, 1))
  }

  /** The open API gives fans one at a time (fansData), no audience breakdown: no portrait. */
  async fanPortrait(_account?: PlatformAccountRef): Promise<FanPortrait[]> {
    return []
  }

  /* ---------------------------------------------------------------- */

  #listFields(page: number, pageSize: number) {
    return {
      start_time: this.#since,
      end_time: this.#now().setZone('Asia/Shanghai').toFormat('yyyy-MM-dd'),
      page_no: page,
      page_size: pageSize,
      article_type: 'video',
      collection: 'publish',
    }
  }

  async #list(login: BaijiahaoLogin, page: number, pageSize: number) {
    const data = await this.#client.post(login, LIST, this.#listFields(page, pageSize))
    const articles = itemsOf(data, LIST).map((item) => articleOf(item, LIST))
    // newest first (items is an object keyed by id: its order is not a promise)
    articles.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
    const info = data.page === undefined ? { total: null, hasNext: null } : pageOf(data, LIST)
    const hasMore =
      info.hasNext ??
      (info.total !== null ? page * pageSize < info.total : articles.length === pageSize)
    return { articles, total: info.total, hasMore }
  }

  /**
   * `articles` with their counters, `concurrency` calls at a time, in order.
   * With `useMemo`, counters read within `memoMs` are reused. With
   * `skipMissing`, an article Baijiahao says does not exist is left out.
   */
  async #withCounters(
    login: BaijiahaoLogin,
    articles: Article[],
    useMemo: boolean,
    skipMissing = false
  ): Promise<{ article: Article; counters: ArticleCounters }[]> {
    const results: ({ article: Article; counters: ArticleCounters } | null)[] = new Array(
      articles.length
    ).fill(null)
    let next = 0
    let failed = false
    const worker = async () => {
      while (next < articles.length && !failed) {
        const index = next++
        const article = articles[index]
        try {
          results[index] = { article, counters: await this.#counters(login, article.id, useMemo) }
        } catch (error) {
          if (skipMissing && error instanceof PlatformError && error.code === 'not_found') continue
          failed = true
          throw error
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, articles.length) }, worker))
    return results.filter((entry) => entry !== null)
  }

  async #counters(login: BaijiahaoLogin, id: string, useMemo: boolean): Promise<ArticleCounters> {
    const key = `${login.appId}:${id}`
    const now = Date.now()
    const remembered = this.#memo.get(key)
    if (useMemo && remembered && now - remembered.at < this.#memoMs) return remembered.counters
    const counters = countersOf(await this.#client.post(login, STATS, { article_id: id }), STATS)
    if (counters.views === null) {
      throw new PlatformError(
        'haokan',
        'upstream',
        `Baijiahao could not read the view count of article ${id} now (view_count -1)`,
        { retryable: true, upstreamCode: -1 }
      )
    }
    if (this.#memoMs > 0) {
      if (this.#memo.size > 20_000) this.#memo.clear()
      this.#memo.set(key, { at: now, counters })
    }
    return counters
  }
}
