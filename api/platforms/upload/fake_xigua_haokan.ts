import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import {
  Reply,
  TAGS,
  hashBody,
  midOf,
  parseJson,
  readText,
  type FakeStep,
  type FakeStore,
} from '#platforms/upload/fake_support'

/*
|--------------------------------------------------------------------------
| The fake platform server: Xigua and Haokan
|--------------------------------------------------------------------------
|
| Our Xigua and Haokan protocols as the fake server speaks them
| (docs/uploads.md), under /xigua/… and /haokan/…. The two have the same
| shape (a login, a catalogue, an upload in chunks, a cover, a publish, a
| listing), so one handler answers both, each in its own envelope and field
| names. Xigua's parts must come in order, Haokan's blocks in any.
|
| Logins: Xigua the access-token header, Haokan a Bearer token, either the
| cookie without one.
|
*/

const XIGUA_CATEGORIES = [
  {
    id: 'life',
    name: '生活',
    children: [
      { id: 'life_daily', name: '日常' },
      { id: 'life_food', name: '美食' },
    ],
  },
  {
    id: 'game',
    name: '游戏',
    children: [{ id: 'game_mobile', name: '手游' }],
  },
]
const XIGUA_ACTIVITIES = [
  {
    activity_id: 'xg-7001',
    name: '西瓜创作者计划',
    prize: '瓜分 100 万流量',
    joined: true,
    start_time: 1_780_000_000,
    end_time: 1_800_000_000,
  },
  {
    activity_id: 'xg-7002',
    name: '美食季',
    prize: '现金 5,000 元',
    joined: false,
    start_time: 1_780_000_000,
    end_time: 1_800_000_000,
  },
]
const HAOKAN_CATEGORIES = [
  {
    id: '1001',
    name: '生活',
    children: [
      { id: '100101', name: '日常' },
      { id: '100102', name: '美食' },
    ],
  },
  { id: '1002', name: '游戏', children: [{ id: '100201', name: '手游' }] },
]
const HAOKAN_TOPICS = [
  { topic_id: 'hk-301', name: '美食日记' },
  { topic_id: 'hk-302', name: '游戏攻略' },
  { topic_id: 'hk-303', name: '生活小技巧' },
]

/** The step a request to the fake Xigua or Haokan is (a knob names it), from its path. */
export function chunkedStep(platform: 'xigua' | 'haokan', path: string): FakeStep {
  const steps: Record<string, string> =
    platform === 'xigua'
      ? {
          'api/user/info': 'user',
          'api/video/category': 'categories',
          'api/activity/list': 'activities',
          'api/tag/suggest': 'tags',
          'api/video/upload/init': 'init',
          'api/video/upload/part': 'part',
          'api/video/upload/complete': 'complete',
          'api/image/upload': 'image',
          'api/video/publish': 'publish',
          'api/video/list': 'list',
        }
      : {
          'builder/api/account/info': 'account',
          'builder/api/video/categories': 'categories',
          'builder/api/topic/search': 'topics',
          'builder/api/tag/suggest': 'tags',
          'builder/api/video/upload/apply': 'apply',
          'builder/api/video/upload/block': 'block',
          'builder/api/video/upload/finish': 'finish',
          'builder/api/cover/upload': 'cover',
          'builder/api/video/publish': 'publish',
          'builder/api/article/list': 'list',
        }
  return steps[path] ?? path
}

/** A request to the fake Xigua or Haokan answered: a reply, or 'lost' when its answer is to be lost. */
export async function answerChunked(
  store: FakeStore,
  platform: 'xigua' | 'haokan',
  req: IncomingMessage,
  step: FakeStep,
  query: Record<string, string>
): Promise<Reply | 'lost'> {
  const answer = platform === 'xigua' ? xigua : haokan
  const login = loginOf(platform, req)
  const anonymous = ['categories', 'activities', 'topics', 'tags'].includes(step)
  if (!anonymous || login) {
    if (!login) {
      req.resume()
      return platform === 'xigua'
        ? xigua(2190002, 'access_token无效')
        : haokan(110, 'Access token invalid or no longer valid')
    }
    if (store.isExpired(platform, login)) {
      req.resume()
      return platform === 'xigua'
        ? xigua(2190008, 'access_token过期,请刷新或重新授权')
        : haokan(111, 'Access token expired')
    }
  }

  switch (step) {
    case 'user':
      req.resume()
      return answer(0, 'success', {
        open_id: `open-${midOf(login!)}`,
        nickname: `西瓜 ${login!.slice(0, 6)}`,
      })
    case 'account':
      req.resume()
      return answer(0, 'success', { app_id: midOf(login!), name: `百家号 ${login!.slice(0, 6)}` })
    case 'categories':
      req.resume()
      return answer(0, 'success', {
        list: platform === 'xigua' ? XIGUA_CATEGORIES : HAOKAN_CATEGORIES,
      })
    case 'activities':
      req.resume()
      return answer(0, 'success', { list: XIGUA_ACTIVITIES })
    case 'topics': {
      req.resume()
      const word = query.keyword ?? ''
      return answer(0, 'success', {
        list: HAOKAN_TOPICS.filter((topic) => !word || topic.name.includes(word)),
      })
    }
    case 'tags': {
      req.resume()
      const word = query.keyword ?? ''
      const tags = TAGS.filter((tag) => !word || tag.includes(word))
      return answer(0, 'success', {
        list: platform === 'xigua' ? tags : tags.map((name) => ({ name })),
      })
    }
    case 'init':
    case 'apply': {
      const body = parseJson(await readText(req))
      const size = Number(body?.file_size)
      if (!body?.file_name || !(size > 0)) return answer(40001, 'file_name and file_size required')
      const id =
        platform === 'xigua'
          ? `v0${randomBytes(10).toString('hex')}`
          : `m${store.nextSeq()}${randomBytes(4).toString('hex')}`
      store.state.chunked[id] = {
        id,
        platform,
        login: login!,
        size,
        chunkSize: store.chunkSize[platform],
        parts: {},
        receipts: {},
        completed: false,
        name: String(body.file_name),
      }
      store.save()
      return platform === 'xigua'
        ? answer(0, 'success', { upload_id: id, chunk_size: store.chunkSize.xigua })
        : answer(0, 'success', { media_id: id, block_size: store.chunkSize.haokan })
    }
    case 'part':
    case 'block':
      return chunkReply(store, platform, req, query, login!)
    case 'complete':
    case 'finish': {
      const body = parseJson(await readText(req))
      const id = String(platform === 'xigua' ? body?.upload_id : body?.media_id)
      const upload = store.state.chunked[id]
      if (!upload || upload.login !== login) return answer(40004, 'upload not found')
      const count = Math.ceil(upload.size / upload.chunkSize)
      const given = Number(platform === 'xigua' ? body?.part_count : body?.block_count)
      const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !upload.parts[i])
      if (given !== count || missing.length) {
        return answer(40005, `chunks missing: ${missing.join(',') || `count ${given} ≠ ${count}`}`)
      }
      upload.completed = true
      store.save()
      return platform === 'xigua'
        ? answer(0, 'success', { video_id: id })
        : answer(0, 'success', { media_id: id })
    }
    case 'image':
    case 'cover': {
      const { bytes, md5 } = await hashBody(req)
      if (!bytes) return answer(40006, 'empty image')
      const uri =
        platform === 'xigua' ? `tos-cn-i-0004/${md5}` : `https://pic.rmb.bdstatic.com/${md5}.jpeg`
      store.state.covers.push(uri)
      store.save()
      return platform === 'xigua'
        ? answer(0, 'success', { image_uri: uri })
        : answer(0, 'success', { cover_url: uri })
    }
    case 'publish':
      return publishReply(store, platform, req, login!)
    case 'list': {
      req.resume()
      const mine = store.state.videos
        .filter((video) => video.platform === platform && video.login === login)
        .sort((a, b) => b.created - a.created)
      if (platform === 'xigua') {
        const cursor = Math.max(0, Number(query.cursor) || 0)
        const count = Math.max(1, Math.min(50, Number(query.count) || 20))
        return xigua(0, 'success', {
          list: mine.slice(cursor, cursor + count).map((video) => ({
            item_id: video.id,
            title: video.title,
            create_time: video.created,
            timer_time: video.timer,
          })),
          has_more: cursor + count < mine.length,
          cursor: cursor + count,
        })
      }
      const page = Math.max(1, Number(query.page) || 1)
      const size = Math.max(1, Math.min(50, Number(query.page_size) || 20))
      return haokan(0, 'success', {
        list: mine.slice((page - 1) * size, page * size).map((video) => ({
          article_id: video.id,
          title: video.title,
          created_at: video.created,
          timer_publish_time: video.timer,
          url: `https://haokan.baidu.com/v?vid=${video.id}`,
        })),
        has_more: page * size < mine.length,
      })
    }
    default:
      req.resume()
      return new Reply(404, { message: 'not found' })
  }
}

async function chunkReply(
  store: FakeStore,
  platform: 'xigua' | 'haokan',
  req: IncomingMessage,
  query: Record<string, string>,
  login: string
): Promise<Reply> {
  const answer = platform === 'xigua' ? xigua : haokan
  const id = platform === 'xigua' ? query.upload_id : query.media_id
  const upload = store.state.chunked[id]
  if (!upload || upload.login !== login) {
    req.resume()
    return answer(40004, 'upload not found')
  }
  const index = Number(platform === 'xigua' ? query.part_index : query.block_index)
  const count = Math.ceil(upload.size / upload.chunkSize)
  const start = index * upload.chunkSize
  const end = Math.min(upload.size, start + upload.chunkSize)
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    req.resume()
    return answer(40002, `chunk index ${query.part_index ?? query.block_index} out of range`)
  }
  if (platform === 'xigua') {
    // Xigua takes parts in order: the next one, or the last one again.
    const next = Object.keys(upload.parts).length
    if (index > next || Number(query.offset) !== start) {
      req.resume()
      return answer(
        40003,
        `part ${index} out of order (expected ${next} at ${next * upload.chunkSize})`
      )
    }
  }
  const { bytes, md5 } = await hashBody(req)
  if (bytes !== end - start)
    return answer(40007, `chunk ${index} has ${bytes} bytes, expected ${end - start}`)
  upload.parts[index] = { size: bytes, md5 }
  upload.receipts[index] = (upload.receipts[index] ?? 0) + 1
  store.save()
  return platform === 'xigua'
    ? answer(0, 'success', { part_index: index })
    : answer(0, 'success', { block_index: index })
}

async function publishReply(
  store: FakeStore,
  platform: 'xigua' | 'haokan',
  req: IncomingMessage,
  login: string
): Promise<Reply | 'lost'> {
  const answer = platform === 'xigua' ? xigua : haokan
  const body = parseJson(await readText(req))
  if (!body) return answer(40001, 'body')
  const id = String(platform === 'xigua' ? body.video_id : body.media_id)
  const upload = store.state.chunked[id]
  if (!upload?.completed || upload.login !== login) return answer(40004, 'video not uploaded')
  const cover = platform === 'xigua' ? (body.image_uri ?? body.cover_uri) : body.cover_url
  if (!store.state.covers.includes(String(cover))) return answer(40008, 'cover not uploaded')
  const title = String(body.title ?? '')
  if (!title || [...title].length > 80) return answer(40010, 'title empty or longer than 80')
  const now = Math.floor(store.now() / 1000)
  const timer = Number(platform === 'xigua' ? body.timer_time : body.timer_publish_time) || 0
  const lead = platform === 'xigua' ? 2 * 3600 : 4 * 3600
  if (timer && (timer < now + lead || timer > now + 14 * 86_400)) {
    return answer(40011, 'scheduled time out of range')
  }
  if (platform === 'xigua') {
    if (!Array.isArray(body.tags) || body.tags.length === 0) return answer(40012, 'tags required')
    if (!XIGUA_ACTIVITIES.some((a) => a.activity_id === body.activity_id)) {
      return answer(40013, 'activity not found')
    }
  } else {
    const parent = HAOKAN_CATEGORIES.find((c) => c.id === body.category_v1)
    if (!parent?.children.some((c) => c.id === body.category_v2)) {
      return answer(40014, 'category not found')
    }
    if (body.is_original !== 0 && body.is_original !== 1)
      return answer(40015, 'is_original required')
  }
  const seq = store.nextSeq()
  const videoId =
    platform === 'xigua' ? String(7_300_000_000_000_000_000n + BigInt(seq)) : `hk${1_000_000 + seq}`
  store.state.videos.push({
    platform,
    login,
    id: videoId,
    title,
    created: now,
    timer,
    fields: body,
  })
  store.save()
  if (store.answerLost(platform)) return 'lost'
  return platform === 'xigua'
    ? xigua(0, 'success', { item_id: videoId, status: timer ? 'scheduled' : 'published' })
    : haokan(0, 'success', {
        article_id: videoId,
        url: `https://haokan.baidu.com/v?vid=${videoId}`,
        status: timer ? 'timer' : 'publish',
      })
}

export function xigua(code: number, tips: string, data: unknown = null) {
  return new Reply(200, {
    err_no: code,
    err_tips: tips,
    data,
    log_id: randomBytes(8).toString('hex'),
  })
}

export function haokan(code: number, message: string, data: unknown = null) {
  return new Reply(200, { errno: code, errmsg: message, data })
}

function loginOf(platform: 'xigua' | 'haokan', req: IncomingMessage) {
  if (platform === 'xigua') {
    const token = req.headers['access-token']
    if (typeof token === 'string' && token) return token
  } else {
    const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/)?.[1]
    if (bearer) return bearer
  }
  const cookie = req.headers.cookie?.trim()
  return cookie || null
}
