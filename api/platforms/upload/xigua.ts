import type { PlatformAccountRef } from '#platforms/types'
import type {
  PublishContext,
  PublishRequest,
  Published,
  UploadEvent,
} from '#platforms/upload/types'
import { arrayOf, chunksOf, isoOfUnix, objectOf, stringOf, unixOf } from '#platforms/upload/http'
import {
  EnvelopeUploadAdapter,
  type EnvelopeAdapterOptions,
  type EnvelopeProtocol,
  type EnvelopeSession,
} from '#platforms/upload/envelope_adapter'
import { findInListing, sendChunks } from '#platforms/upload/steps'

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

/** https://studio.ixigua.com (XIGUA_UPLOAD_BASE) as `baseUrl`. */
type XiguaUploadOptions = EnvelopeAdapterOptions

const PROTOCOL: EnvelopeProtocol = {
  platform: 'xigua',
  label: 'Xigua',
  rules: {
    codeField: 'err_no',
    messageField: 'err_tips',
    authCodes: new Set([2190002, 2190008]),
    rateCodes: new Set([2100005]),
  },
  tokenHeaders: (token) => ({ 'access-token': token }),
  noLogin: 'The account has no Xigua token or cookie',
  login: { path: 'api/user/info', step: 'user', name: 'nickname' },
  categories: 'api/video/category',
}

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

export default class XiguaUploadAdapter extends EnvelopeUploadAdapter {
  constructor(options: XiguaUploadOptions) {
    super(PROTOCOL, options)
  }

  async events(account: PlatformAccountRef | null): Promise<UploadEvent[]> {
    const data = objectOf(await this.get(account, 'api/activity/list', 'activities'))
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
      await this.get(account, 'api/tag/suggest', 'tags', { keyword: options.keyword })
    )
    return (Array.isArray(data?.list) ? data.list : [])
      .map((tag) => stringOf(tag))
      .filter((tag): tag is string => tag !== null)
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    const session = await this.session<XiguaUpload>(request, ctx, (state) =>
      Boolean(state.upload_id)
    )
    const { size, call, save } = session
    let upload = session.resume ?? (await this.#init(session, request))

    // parts go in order: the first `parts` are on the platform
    const chunks = chunksOf(size, upload.chunk_size)
    const sentParts = upload.parts
    await sendChunks(chunks, {
      size,
      done: (chunk) => chunk.index < sentParts,
      send: (chunk) =>
        call('api/video/upload/part', 'part', {
          method: 'PUT',
          query: { upload_id: upload.upload_id, part_index: chunk.index, offset: chunk.start },
          file: { path: request.video.path, start: chunk.start, end: chunk.end },
        }),
      sent: async (chunk) => {
        upload = { ...upload, parts: chunk.index + 1 }
        await save('uploading', upload)
      },
      progress: (sent, total) => ctx.progress(sent, total),
    })

    if (!upload.video_id) {
      const data = objectOf(
        await call('api/video/upload/complete', 'complete', {
          method: 'POST',
          json: { upload_id: upload.upload_id, part_count: chunks.length },
        })
      )
      const videoId = stringOf(data?.video_id)
      if (!videoId) throw this.http.badAnswer('complete', 'data.video_id')
      upload = { ...upload, video_id: videoId }
      await save('uploaded', upload)
    }

    if (!upload.image_uri) {
      const uri = await this.sendCover(session, request, 'api/image/upload', 'image_uri')
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
    if (!itemId) throw this.http.submitWithoutId('data.item_id')
    return { platformVideoId: itemId, url: urlOf(itemId), scheduled: timerTime > 0 }
  }

  async findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null> {
    let cursor = 0
    return findInListing(options, {
      pages: 5,
      now: this.now,
      page: async () => {
        const data = objectOf(
          await this.get(account, 'api/video/list', 'list', { cursor, count: 20 })
        )
        const more = data?.has_more === true
        if (more) cursor = Number(data.cursor) || cursor + 20
        return { items: arrayOf(data?.list), more }
      },
      read: (item) => {
        const itemId = stringOf(item.item_id)
        return {
          id: itemId,
          title: item.title,
          created: Number(item.create_time),
          timer: Number(item.timer_time),
          url: itemId ? urlOf(itemId) : null,
        }
      },
    })
  }

  /** Opens the upload (its id and part size), stored as the first checkpoint. */
  async #init(session: EnvelopeSession<XiguaUpload>, request: PublishRequest) {
    const data = objectOf(
      await session.call('api/video/upload/init', 'init', {
        method: 'POST',
        json: { file_name: request.video.name, file_size: session.size },
      })
    )
    const uploadId = stringOf(data?.upload_id)
    const chunkSize = Number(data?.chunk_size)
    if (!uploadId || !(chunkSize > 0)) {
      throw this.http.badAnswer('init', 'data.upload_id or data.chunk_size')
    }
    const upload: XiguaUpload = {
      base: session.base,
      at: this.now(),
      size: session.size,
      upload_id: uploadId,
      chunk_size: chunkSize,
      parts: 0,
    }
    await session.save('uploading', upload)
    return upload
  }
}

function urlOf(itemId: string) {
  return `https://www.ixigua.com/${itemId}`
}
