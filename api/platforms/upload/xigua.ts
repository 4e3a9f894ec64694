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
  isoOfUnix,
  type BaseUrl,
  type CallOptions,
  type EnvelopeRules,
  failedLoginCheck,
  categoriesOf,
} from '#platforms/upload/http'
import { cookieHeader } from '#shared/cookies'

/*
|--------------------------------------------------------------------------
| Xigua upload (the studio's documented protocol)
|--------------------------------------------------------------------------
|
| Xigua's creator upload is not publicly documented in detail. This adapter
| speaks the protocol written down in docs/uploads.md, modelled on
| ByteDance's open-platform conventions (`{err_no, err_tips, data}`, an
| `access-token` header), and implemented by the local fake platform server:
|
|   GET  api/user/info                         → data {open_id, nickname}
|   GET  api/video/category                    → data.list [{id, name, children}]
|   GET  api/activity/list                     → data.list [{activity_id, name, prize, joined, start_time, end_time}]
|   GET  api/tag/suggest?keyword               → data.list [string]
|   POST api/video/upload/init {file_name, file_size}      → data {upload_id, chunk_size}
|   PUT  api/video/upload/part?upload_id&part_index&offset  (bytes, in order) → data {part_index}
|   POST api/video/upload/complete {upload_id, part_count}  → data {video_id}
|   POST api/image/upload (the thumbnail's bytes)           → data {image_uri}
|   POST api/video/publish {video_id, cover_uri, title, description, tags, category_id,
|        activity_id, claim_origin, allow_share, is_ad, subscribe_button_time, timer_time}
|        → data {item_id, status}
|   GET  api/video/list?cursor&count           → data.list [{item_id, title, create_time, timer_time}]
|
| err_no 0 ok; 2190002 / 2190008 (token invalid / expired) and HTTP 401 →
| auth_expired; 2100005 (too frequent) and HTTP 429 → rate_limited; any
| other → rejected with err_tips. Tested only against the fake server.
|
*/

export interface XiguaUploadOptions {
  /** https://studio.ixigua.com (XIGUA_UPLOAD_BASE). */
  baseUrl: BaseUrl
  timeoutMs?: number
  /** A stored upload older than this starts over. */
  resumeWithinMs?: number
  now?: () => number
}

const RULES: EnvelopeRules = {
  codeField: 'err_no',
  messageField: 'err_tips',
  authCodes: new Set([2190002, 2190008]),
  rateCodes: new Set([2100005]),
}
const COVER_MAX_BYTES = 10 * 1024 * 1024

interface XiguaUpload {
  base: string
  at: number
  size: number
  upload_id: string
  chunk_size: number
  parts: number
  video_id?: string
  image_uri?: string
}

export default class XiguaUploadAdapter implements UploadAdapter {
  readonly platform = 'xigua' as const
  readonly name = 'xigua'

  #http: UploadHttp
  #base: BaseUrl
  #resumeWithinMs: number
  #now: () => number

  constructor(options: XiguaUploadOptions) {
    this.#http = new UploadHttp('xigua', 'Xigua', options.timeoutMs ?? 60_000)
    this.#base = options.baseUrl
    this.#resumeWithinMs = options.resumeWithinMs ?? 86_400_000
    this.#now = options.now ?? Date.now
  }

  async checkLogin(account: PlatformAccountRef): Promise<LoginCheck> {
    if (!loginOf(account)) return { ok: false, reason: 'missing' }
    try {
      const data = objectOf(await this.#get(account, 'api/user/info', 'user'))
      return { ok: true, name: stringOf(data?.nickname) }
    } catch (error) {
      return failedLoginCheck(error)
    }
  }

  async categories(account: PlatformAccountRef | null): Promise<UploadCategory[]> {
    const data = objectOf(await this.#get(account, 'api/video/category', 'categories'))
    return categoriesOf(data?.list)
  }

  async events(account: PlatformAccountRef | null): Promise<UploadEvent[]> {
    const data = objectOf(await this.#get(account, 'api/activity/list', 'activities'))
    return arrayOf(data?.list).map((activity) => ({
      id: stringOf(activity.activity_id) ?? '',
      name: stringOf(activity.name) ?? '',
      prize: stringOf(activity.prize),
      joined: activity.joined === true,
      startsAt: isoOfUnix(activity.start_time),
      endsAt: isoOfUnix(activity.end_time),
    }))
  }

  async tags(account: PlatformAccountRef | null, options: { keyword: string }) {
    const data = objectOf(
      await this.#get(account, 'api/tag/suggest', 'tags', { keyword: options.keyword })
    )
    return (Array.isArray(data?.list) ? data.list : [])
      .map((tag) => stringOf(tag))
      .filter((tag): tag is string => tag !== null)
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    const base = await resolveBase(this.#base)
    const size = request.video.size
    const save = (step: string, state: XiguaUpload) =>
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
        await call('api/video/upload/init', 'init', {
          method: 'POST',
          json: { file_name: request.video.name, file_size: size },
        })
      )
      const uploadId = stringOf(data?.upload_id)
      const chunkSize = Number(data?.chunk_size)
      if (!uploadId || !(chunkSize > 0)) {
        throw this.#http.badAnswer('init', 'data.upload_id or data.chunk_size')
      }
      upload = { base, at: this.#now(), size, upload_id: uploadId, chunk_size: chunkSize, parts: 0 }
      await save('uploading', upload)
    }

    const chunks = chunksOf(size, upload.chunk_size)
    let sent = chunks.slice(0, upload.parts).reduce((sum, c) => sum + c.end - c.start, 0)
    ctx.progress(sent, size)
    for (const chunk of chunks.slice(upload.parts)) {
      await call('api/video/upload/part', 'part', {
        method: 'PUT',
        query: { upload_id: upload.upload_id, part_index: chunk.index, offset: chunk.start },
        file: { path: request.video.path, start: chunk.start, end: chunk.end },
      })
      sent += chunk.end - chunk.start
      upload = { ...upload, parts: chunk.index + 1 }
      await save('uploading', upload)
      ctx.progress(sent, size)
    }

    if (!upload.video_id) {
      const data = objectOf(
        await call('api/video/upload/complete', 'complete', {
          method: 'POST',
          json: { upload_id: upload.upload_id, part_count: chunks.length },
        })
      )
      const videoId = stringOf(data?.video_id)
      if (!videoId) throw this.#http.badAnswer('complete', 'data.video_id')
      upload = { ...upload, video_id: videoId }
      await save('uploaded', upload)
    }

    if (!upload.image_uri) {
      if (request.thumbnail.size > COVER_MAX_BYTES) {
        throw new UploadError('xigua', 'rejected', 'The thumbnail is larger than 10 MB', {})
      }
      const data = objectOf(
        await call('api/image/upload', 'cover', {
          method: 'POST',
          bytes: await readFile(request.thumbnail.path),
          headers: { 'Content-Type': request.thumbnail.mime },
        })
      )
      const uri = stringOf(data?.image_uri)
      if (!uri) throw this.#http.badAnswer('cover', 'data.image_uri')
      upload = { ...upload, image_uri: uri }
      await save('cover', upload)
    }

    const timerTime = unixOf(request.scheduledAt)
    await save('submitting', upload)
    const data = objectOf(
      await call(
        'api/video/publish',
        'submit',
        {
          method: 'POST',
          json: {
            video_id: upload.video_id,
            cover_uri: upload.image_uri,
            title: request.title,
            description: request.detail,
            tags: request.tags,
            category_id: request.subcategory ?? request.category,
            activity_id: request.eventTag,
            claim_origin: request.original,
            allow_share: request.share,
            is_ad: request.advert,
            subscribe_button_time:
              request.subscribeAtS === null ? null : Math.round(request.subscribeAtS * 1000),
            timer_time: timerTime,
          },
        },
        true
      )
    )
    const itemId = stringOf(data?.item_id)
    if (!itemId) {
      throw new UploadError('xigua', 'upstream', "Xigua's answer to submit lacks data.item_id", {
        outcomeUnknown: true,
      })
    }
    return { platformVideoId: itemId, url: urlOf(itemId), scheduled: timerTime > 0 }
  }

  async findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null> {
    const after = unixOf(options.after)
    let cursor = 0
    for (let page = 0; page < 5; page++) {
      const data = objectOf(
        await this.#get(account, 'api/video/list', 'list', { cursor, count: 20 })
      )
      for (const item of arrayOf(data?.list)) {
        const itemId = stringOf(item.item_id)
        if (itemId && item.title === options.title && Number(item.create_time) >= after) {
          const timer = Number(item.timer_time)
          return {
            platformVideoId: itemId,
            url: urlOf(itemId),
            scheduled: Number.isFinite(timer) && timer * 1000 > this.#now(),
          }
        }
      }
      if (data?.has_more !== true) break
      cursor = Number(data.cursor) || cursor + 20
    }
    return null
  }

  /* ---------------------------------------------------------------- */

  #resumable(resume: UploadCheckpoint | null, base: string, size: number): XiguaUpload | null {
    if (!resume) return null
    const state = resume as unknown as XiguaUpload
    if (state.base !== base || state.size !== size || !state.upload_id) return null
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

/** The token (sent as `access-token`) or, without one, the cookie. */
function loginOf(account: PlatformAccountRef): Record<string, string> | null {
  const token = account.token?.trim()
  if (token) return { 'access-token': token }
  const cookie = cookieHeader(account.cookie)
  return cookie ? { Cookie: cookie } : null
}

function loginHeaders(account: PlatformAccountRef): Record<string, string> {
  const login = loginOf(account)
  if (!login) {
    throw new UploadError('xigua', 'auth_expired', 'The account has no Xigua token or cookie', {})
  }
  return login
}

function urlOf(itemId: string) {
  return `https://www.ixigua.com/${itemId}`
}
