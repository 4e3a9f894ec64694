import { readFile } from 'node:fs/promises'
import type { PlatformAccountRef } from '#platforms/types'
import {
  UploadError,
  type LoginCheck,
  type PublishContext,
  type PublishRequest,
  type Published,
  type UploadAdapter,
  type UploadCategory,
  type UploadCheckpoint,
  type UploadEvent,
} from '#platforms/upload/types'
import {
  UploadHttp,
  arrayOf,
  chunksOf,
  envelopeData,
  objectOf,
  resolveBase,
  stringOf,
  unixOf,
  type BaseUrl,
  type CallOptions,
  type EnvelopeRules,
  failedLoginCheck,
  categoriesOf,
} from '#platforms/upload/http'
import { cookieHeader } from '#shared/cookies'

/*
|--------------------------------------------------------------------------
| Haokan upload (the studio's documented protocol)
|--------------------------------------------------------------------------
|
| Haokan videos are published through Baidu's Baijiahao creator platform,
| whose upload calls are not publicly documented in detail. This adapter
| speaks the protocol written down in docs/uploads.md, modelled on Baidu's
| open-API conventions (`{errno, errmsg, data}`, errno 18 for the QPS limit,
| 110/111 for an invalid or expired token), implemented by the local fake
| platform server:
|
|   GET  builder/api/account/info                 → data {app_id, name}
|   GET  builder/api/video/categories             → data.list [{id, name, children}]
|   GET  builder/api/topic/search?keyword         → data.list [{topic_id, name}]
|   GET  builder/api/tag/suggest?keyword          → data.list [{name}]
|   POST builder/api/video/upload/apply {file_name, file_size} → data {media_id, block_size}
|   POST builder/api/video/upload/block?media_id&block_index (bytes) → data {block_index}
|   POST builder/api/video/upload/finish {media_id, block_count} → data {media_id}
|   POST builder/api/cover/upload (the thumbnail's bytes)        → data {cover_url}
|   POST builder/api/video/publish {media_id, title, desc, cover_url, category_v1,
|        category_v2, tags, topic_id, is_original, is_ad, allow_share, timer_publish_time}
|        → data {article_id, url}
|   GET  builder/api/article/list?type=video&page&page_size → data.list
|        [{article_id, title, created_at, timer_publish_time, url}], data.has_more
|
| The login is the Baidu token (`Authorization: Bearer`) or, without one,
| the cookie (BDUSS). Blocks may arrive in any order; every block but the
| last is block_size bytes. Tested only against the fake server.
|
*/

export interface HaokanUploadOptions {
  /** https://baijiahao.baidu.com (HAOKAN_UPLOAD_BASE). */
  baseUrl: BaseUrl
  timeoutMs?: number
  resumeWithinMs?: number
  now?: () => number
}

const RULES: EnvelopeRules = {
  codeField: 'errno',
  messageField: 'errmsg',
  authCodes: new Set([110, 111]),
  rateCodes: new Set([18]),
}
const COVER_MAX_BYTES = 10 * 1024 * 1024

interface HaokanUpload {
  base: string
  at: number
  size: number
  media_id: string
  block_size: number
  blocks: number[]
  finished?: boolean
  cover_url?: string
}

export default class HaokanUploadAdapter implements UploadAdapter {
  readonly platform = 'haokan' as const
  readonly name = 'haokan'

  #http: UploadHttp
  #base: BaseUrl
  #resumeWithinMs: number
  #now: () => number

  constructor(options: HaokanUploadOptions) {
    this.#http = new UploadHttp('haokan', 'Haokan', options.timeoutMs ?? 60_000)
    this.#base = options.baseUrl
    this.#resumeWithinMs = options.resumeWithinMs ?? 86_400_000
    this.#now = options.now ?? Date.now
  }

  async checkLogin(account: PlatformAccountRef): Promise<LoginCheck> {
    if (!loginOf(account)) return { ok: false, reason: 'missing' }
    try {
      const data = objectOf(await this.#get(account, 'builder/api/account/info', 'account'))
      return { ok: true, name: stringOf(data?.name) }
    } catch (error) {
      return failedLoginCheck(error)
    }
  }

  async categories(account: PlatformAccountRef | null): Promise<UploadCategory[]> {
    const data = objectOf(await this.#get(account, 'builder/api/video/categories', 'categories'))
    return categoriesOf(data?.list)
  }

  /** Haokan has topics rather than events: those matching `keyword`. */
  async events(
    account: PlatformAccountRef | null,
    options: { keyword?: string } = {}
  ): Promise<UploadEvent[]> {
    const data = objectOf(
      await this.#get(account, 'builder/api/topic/search', 'topics', {
        keyword: options.keyword ?? '',
      })
    )
    return arrayOf(data?.list).map((topic) => ({
      id: stringOf(topic.topic_id) ?? '',
      name: stringOf(topic.name) ?? '',
      prize: null,
      joined: null,
    }))
  }

  async tags(account: PlatformAccountRef | null, options: { keyword: string }) {
    const data = objectOf(
      await this.#get(account, 'builder/api/tag/suggest', 'tags', { keyword: options.keyword })
    )
    return arrayOf(data?.list)
      .map((tag) => stringOf(tag.name))
      .filter((tag): tag is string => tag !== null)
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    const base = await resolveBase(this.#base)
    const size = request.video.size
    const save = (step: string, state: HaokanUpload) =>
      ctx.checkpoint({ step, ...state } as UploadCheckpoint)
    const call = (path: string, step: string, options: CallOptions, submit = false) =>
      this.#http
        .call(`${base}${path}`, step, {
          ...options,
          headers: { ...loginHeaders(request.account), ...options.headers },
          signal: ctx.signal,
          submit,
        })
        .then((answer) => envelopeData(this.#http, RULES, answer, step, submit))

    let upload = this.#resumable(ctx.resume, base, size)
    if (!upload) {
      const data = objectOf(
        await call('builder/api/video/upload/apply', 'apply', {
          method: 'POST',
          json: { file_name: request.video.name, file_size: size },
        })
      )
      const mediaId = stringOf(data?.media_id)
      const blockSize = Number(data?.block_size)
      if (!mediaId || !(blockSize > 0)) {
        throw this.#http.badAnswer('apply', 'data.media_id or data.block_size')
      }
      upload = { base, at: this.#now(), size, media_id: mediaId, block_size: blockSize, blocks: [] }
      await save('uploading', upload)
    }

    const blocks = chunksOf(size, upload.block_size)
    const done = new Set(upload.blocks)
    let sent = blocks.filter((b) => done.has(b.index)).reduce((s, b) => s + b.end - b.start, 0)
    ctx.progress(sent, size)
    for (const block of blocks) {
      if (done.has(block.index)) continue
      await call('builder/api/video/upload/block', 'block', {
        method: 'POST',
        query: { media_id: upload.media_id, block_index: block.index },
        file: { path: request.video.path, start: block.start, end: block.end },
      })
      done.add(block.index)
      sent += block.end - block.start
      upload = { ...upload, blocks: [...done].sort((a, b) => a - b) }
      await save('uploading', upload)
      ctx.progress(sent, size)
    }

    if (!upload.finished) {
      await call('builder/api/video/upload/finish', 'finish', {
        method: 'POST',
        json: { media_id: upload.media_id, block_count: blocks.length },
      })
      upload = { ...upload, finished: true }
      await save('uploaded', upload)
    }

    if (!upload.cover_url) {
      if (request.thumbnail.size > COVER_MAX_BYTES) {
        throw new UploadError('haokan', 'rejected', 'The thumbnail is larger than 10 MB', {})
      }
      const data = objectOf(
        await call('builder/api/cover/upload', 'cover', {
          method: 'POST',
          bytes: await readFile(request.thumbnail.path),
          headers: { 'Content-Type': request.thumbnail.mime },
        })
      )
      const url = stringOf(data?.cover_url)
      if (!url) throw this.#http.badAnswer('cover', 'data.cover_url')
      upload = { ...upload, cover_url: url }
      await save('cover', upload)
    }

    const timer = unixOf(request.scheduledAt)
    await save('submitting', upload)
    const data = objectOf(
      await call(
        'builder/api/video/publish',
        'submit',
        {
          method: 'POST',
          json: {
            media_id: upload.media_id,
            title: request.title,
            desc: request.detail,
            cover_url: upload.cover_url,
            category_v1: request.category,
            category_v2: request.subcategory,
            tags: request.tags.join(','),
            topic_id: request.topic ?? request.eventTag,
            is_original: request.original ? 1 : 0,
            is_ad: request.advert ? 1 : 0,
            allow_share: request.share ? 1 : 0,
            timer_publish_time: timer,
          },
        },
        true
      )
    )
    const articleId = stringOf(data?.article_id)
    if (!articleId) {
      throw new UploadError(
        'haokan',
        'upstream',
        "Haokan's answer to submit lacks data.article_id",
        {
          outcomeUnknown: true,
        }
      )
    }
    return { platformVideoId: articleId, url: stringOf(data?.url), scheduled: timer > 0 }
  }

  async findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null> {
    const after = unixOf(options.after)
    for (let page = 1; page <= 5; page++) {
      const data = objectOf(
        await this.#get(account, 'builder/api/article/list', 'list', {
          type: 'video',
          page,
          page_size: 20,
        })
      )
      for (const item of arrayOf(data?.list)) {
        const articleId = stringOf(item.article_id)
        if (articleId && item.title === options.title && Number(item.created_at) >= after) {
          const timer = Number(item.timer_publish_time)
          return {
            platformVideoId: articleId,
            url: stringOf(item.url),
            scheduled: Number.isFinite(timer) && timer * 1000 > this.#now(),
          }
        }
      }
      if (data?.has_more !== true) break
    }
    return null
  }

  /* ---------------------------------------------------------------- */

  #resumable(resume: UploadCheckpoint | null, base: string, size: number): HaokanUpload | null {
    if (!resume) return null
    const state = resume as unknown as HaokanUpload
    if (state.base !== base || state.size !== size || !state.media_id) return null
    if (!Array.isArray(state.blocks)) return null
    if (this.#now() - Number(state.at) > this.#resumeWithinMs) return null
    return state
  }

  async #get(
    account: PlatformAccountRef | null,
    path: string,
    step: string,
    query?: Record<string, string | number | undefined>
  ) {
    const answer = await this.#http.call(`${await resolveBase(this.#base)}${path}`, step, {
      query,
      headers: account ? loginHeaders(account) : {},
    })
    return envelopeData(this.#http, RULES, answer, step)
  }
}

function loginOf(account: PlatformAccountRef): Record<string, string> | null {
  const token = account.token?.trim()
  if (token) return { Authorization: `Bearer ${token}` }
  const cookie = cookieHeader(account.cookie)
  return cookie ? { Cookie: cookie } : null
}

function loginHeaders(account: PlatformAccountRef): Record<string, string> {
  const login = loginOf(account)
  if (!login) {
    throw new UploadError('haokan', 'auth_expired', 'The account has no Baidu token or cookie', {})
  }
  return login
}
