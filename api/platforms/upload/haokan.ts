import type { PlatformAccountRef } from '#platforms/types'
import type {
  PublishContext,
  PublishRequest,
  Published,
  UploadEvent,
} from '#platforms/upload/types'
import { arrayOf, chunksOf, objectOf, stringOf, unixOf } from '#platforms/upload/http'
import {
  EnvelopeUploadAdapter,
  type EnvelopeAdapterOptions,
  type EnvelopeProtocol,
  type EnvelopeSession,
} from '#platforms/upload/envelope_adapter'
import { findInListing, sendChunks } from '#platforms/upload/steps'

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

/** https://baijiahao.baidu.com (HAOKAN_UPLOAD_BASE) as `baseUrl`. */
type HaokanUploadOptions = EnvelopeAdapterOptions

const PROTOCOL: EnvelopeProtocol = {
  platform: 'haokan',
  label: 'Haokan',
  rules: {
    codeField: 'errno',
    messageField: 'errmsg',
    authCodes: new Set([110, 111]),
    rateCodes: new Set([18]),
  },
  tokenHeaders: (token) => ({ Authorization: `Bearer ${token}` }),
  noLogin: 'The account has no Baidu token or cookie',
  login: { path: 'builder/api/account/info', step: 'account', name: 'name' },
  categories: 'builder/api/video/categories',
}

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

export default class HaokanUploadAdapter extends EnvelopeUploadAdapter {
  constructor(options: HaokanUploadOptions) {
    super(PROTOCOL, options)
  }

  /** Haokan has topics rather than events: those matching `keyword`. */
  async events(
    account: PlatformAccountRef | null,
    options: { keyword?: string } = {}
  ): Promise<UploadEvent[]> {
    const data = objectOf(
      await this.get(account, 'builder/api/topic/search', 'topics', {
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
      await this.get(account, 'builder/api/tag/suggest', 'tags', { keyword: options.keyword })
    )
    return arrayOf(data?.list)
      .map((tag) => stringOf(tag.name))
      .filter((tag): tag is string => tag !== null)
  }

  async publish(request: PublishRequest, ctx: PublishContext): Promise<Published> {
    const session = await this.session<HaokanUpload>(
      request,
      ctx,
      (state) => Boolean(state.media_id) && Array.isArray(state.blocks)
    )
    const { size, call, save } = session
    let upload = session.resume ?? (await this.#apply(session, request))

    // blocks may go in any order: those stored as done are skipped
    const blocks = chunksOf(size, upload.block_size)
    const done = new Set(upload.blocks)
    await sendChunks(blocks, {
      size,
      done: (block) => done.has(block.index),
      send: (block) =>
        call('builder/api/video/upload/block', 'block', {
          method: 'POST',
          query: { media_id: upload.media_id, block_index: block.index },
          file: { path: request.video.path, start: block.start, end: block.end },
        }),
      sent: async (block) => {
        done.add(block.index)
        upload = { ...upload, blocks: [...done].sort((a, b) => a - b) }
        await save('uploading', upload)
      },
      progress: (sent, total) => ctx.progress(sent, total),
    })

    if (!upload.finished) {
      await call('builder/api/video/upload/finish', 'finish', {
        method: 'POST',
        json: { media_id: upload.media_id, block_count: blocks.length },
      })
      upload = { ...upload, finished: true }
      await save('uploaded', upload)
    }

    if (!upload.cover_url) {
      const url = await this.sendCover(session, request, 'builder/api/cover/upload', 'cover_url')
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
    if (!articleId) throw this.http.submitWithoutId('data.article_id')
    return { platformVideoId: articleId, url: stringOf(data?.url), scheduled: timer > 0 }
  }

  async findPublished(
    account: PlatformAccountRef,
    options: { title: string; after: string }
  ): Promise<Published | null> {
    return findInListing(options, {
      pages: 5,
      now: this.now,
      page: async (index) => {
        const data = objectOf(
          await this.get(account, 'builder/api/article/list', 'list', {
            type: 'video',
            page: index + 1,
            page_size: 20,
          })
        )
        return { items: arrayOf(data?.list), more: data?.has_more === true }
      },
      read: (item) => ({
        id: stringOf(item.article_id),
        title: item.title,
        created: Number(item.created_at),
        timer: Number(item.timer_publish_time),
        url: stringOf(item.url),
      }),
    })
  }

  /** Applies for the upload (its media id and block size), stored as the first checkpoint. */
  async #apply(session: EnvelopeSession<HaokanUpload>, request: PublishRequest) {
    const data = objectOf(
      await session.call('builder/api/video/upload/apply', 'apply', {
        method: 'POST',
        json: { file_name: request.video.name, file_size: session.size },
      })
    )
    const mediaId = stringOf(data?.media_id)
    const blockSize = Number(data?.block_size)
    if (!mediaId || !(blockSize > 0)) {
      throw this.http.badAnswer('apply', 'data.media_id or data.block_size')
    }
    const upload: HaokanUpload = {
      base: session.base,
      at: this.now(),
      size: session.size,
      media_id: mediaId,
      block_size: blockSize,
      blocks: [],
    }
    await session.save('uploading', upload)
    return upload
  }
}
