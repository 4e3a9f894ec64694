import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import {
  Reply,
  TAGS,
  hashBody,
  midOf,
  parseJson,
  randomUuid,
  readText,
  type FakeStep,
  type FakeStore,
} from '#platforms/upload/fake_support'

/*
|--------------------------------------------------------------------------
| The fake platform server: Bilibili
|--------------------------------------------------------------------------
|
| Bilibili's web upload as the fake server speaks it (docs/uploads.md):
| /bilibili/member/… (member.bilibili.com: preupload, cover, add/v3, the
| catalogue and the uploader's listing), /bilibili/api/… (api.bilibili.com:
| the login check) and /bilibili/upos/… (the upload node: init, parts,
| complete). The login is the SESSDATA cookie, its bili_jct the csrf token
| when the cookie has one.
|
*/

const BILIBILI_TYPES = [
  {
    id: 160,
    name: '生活',
    children: [
      { id: 138, name: '搞笑' },
      { id: 21, name: '日常' },
    ],
  },
  {
    id: 4,
    name: '游戏',
    children: [
      { id: 17, name: '单机游戏' },
      { id: 171, name: '电子竞技' },
    ],
  },
  {
    id: 211,
    name: '美食',
    children: [
      { id: 76, name: '美食制作' },
      { id: 212, name: '美食侦探' },
    ],
  },
]
const BILIBILI_ACTIVITIES = [
  { id: 4001, name: '夏日生活挑战', stime: 1_780_000_000, etime: 1_800_000_000 },
  { id: 4002, name: '游戏高光时刻', stime: 1_780_000_000, etime: 1_800_000_000 },
]

/** The step a request to the fake Bilibili is (a knob names it), from its method, path and query. */
export function bilibiliStep(
  method: string,
  path: string,
  query: Record<string, string>
): FakeStep {
  if (path.startsWith('upos/')) {
    if (method === 'PUT') return 'part'
    return 'uploads' in query ? 'init' : 'complete'
  }
  const steps: Record<string, string> = {
    'api/x/web-interface/nav': 'nav',
    'member/preupload': 'preupload',
    'member/x/vupre/web/archive/pre': 'pre',
    'member/x/vupre/web/tag/recommend': 'tags',
    'member/x/vu/web/cover/up': 'cover',
    'member/x/vu/web/add/v3': 'submit',
    'member/x/web/archives': 'archives',
  }
  return steps[path] ?? path
}

/** A request to the fake Bilibili answered: a reply, or 'lost' when its answer is to be lost. */
export async function answerBilibili(
  store: FakeStore,
  req: IncomingMessage,
  step: FakeStep,
  query: Record<string, string>,
  path: string
): Promise<Reply | 'lost'> {
  const cookies = cookiesOf(req.headers.cookie)
  const login = cookies.SESSDATA ?? ''
  const signedIn = login !== '' && !store.isExpired('bilibili', login)
  const needsLogin = ['preupload', 'cover', 'submit', 'archives', 'nav'].includes(step)
  if (step === 'nav') {
    req.resume()
    if (!signedIn) {
      return bili(-101, '账号未登录', { isLogin: false })
    }
    return bili(0, '0', { isLogin: true, uname: `UP ${login.slice(0, 6)}`, mid: midOf(login) })
  }
  if (needsLogin && !signedIn) {
    req.resume()
    return bili(-101, '账号未登录')
  }

  switch (step) {
    case 'pre':
      req.resume()
      return bili(0, '0', { typelist: BILIBILI_TYPES, activities: BILIBILI_ACTIVITIES })
    case 'tags': {
      req.resume()
      const word = query.title ?? ''
      return bili(
        0,
        '0',
        TAGS.filter((tag) => !word || tag.includes(word) || word.includes(tag)).map((tag) => ({
          tag,
        }))
      )
    }
    case 'preupload': {
      req.resume()
      const size = Number(query.size)
      if (!query.name || !(size > 0)) return upos(400, { OK: 0, message: 'name and size' })
      const key = `ugcfx2lf/n${randomBytes(12).toString('hex')}.mp4`
      const bizId = 500_001_000_000_000 + store.nextSeq()
      store.state.bilibili[key] = {
        key,
        login,
        size,
        chunkSize: store.chunkSize.bilibili,
        bizId,
        uploadId: null,
        parts: {},
        receipts: {},
        completed: false,
      }
      store.save()
      const host = req.headers.host ?? '127.0.0.1'
      return upos(200, {
        OK: 1,
        auth: `ak=1&os=upos&sign=${randomBytes(8).toString('hex')}&timestamp=${Math.floor(store.now() / 1000)}`,
        biz_id: bizId,
        chunk_retry: 10,
        chunk_retry_delay: 3,
        chunk_size: store.chunkSize.bilibili,
        endpoint: `//${host}/bilibili/upos`,
        endpoints: [`//${host}/bilibili/upos`],
        expose_params: null,
        put_query: 'os=upos&profile=ugcfx%2Fbup',
        threads: 1,
        timeout: 1200,
        uip: '127.0.0.1',
        upos_uri: `upos://${key}`,
      })
    }
    case 'init':
    case 'part':
    case 'complete':
      return uposReply(store, req, step, query, path.replace(/^upos\//, ''))
    case 'cover': {
      const form = new URLSearchParams(await readText(req))
      if (!csrfMatches(cookies, form.get('csrf'))) return bili(-111, 'csrf 校验失败')
      const cover = form.get('cover') ?? ''
      if (!/^data:image\/(jpeg|png);base64,.+/.test(cover)) return bili(-400, '请求错误')
      const hash = createHash('sha1').update(cover).digest('hex')
      const coverUrl = `https://archive.biliimg.com/bfs/archive/${hash}.jpg`
      store.state.covers.push(coverUrl)
      store.save()
      return bili(0, '0', { url: coverUrl })
    }
    case 'submit':
      return submitReply(store, req, query, cookies, login)
    case 'archives': {
      req.resume()
      const pn = Math.max(1, Number(query.pn) || 1)
      const ps = Math.max(1, Math.min(50, Number(query.ps) || 10))
      const mine = store.state.videos
        .filter((video) => video.platform === 'bilibili' && video.login === login)
        .sort((a, b) => b.created - a.created)
      return bili(0, '0', {
        arc_audits: mine.slice((pn - 1) * ps, pn * ps).map((video) => ({
          Archive: {
            aid: video.fields.aid,
            bvid: video.id,
            title: video.title,
            ctime: video.created,
            ptime: video.timer || video.created,
            dtime: video.timer,
            state: video.timer ? -40 : 0,
          },
        })),
        page: { pn, ps, count: mine.length },
      })
    }
    default:
      req.resume()
      return bili(-404, '啥都木有')
  }
}

async function uposReply(
  store: FakeStore,
  req: IncomingMessage,
  step: FakeStep,
  query: Record<string, string>,
  key: string
): Promise<Reply> {
  const upload = store.state.bilibili[key]
  if (!upload || !req.headers['x-upos-auth']) {
    req.resume()
    return upos(403, { OK: 0, message: 'auth' })
  }
  if (step === 'init') {
    req.resume()
    if (Number(query.filesize) !== upload.size || Number(query.partsize) !== upload.chunkSize) {
      return upos(400, { OK: 0, message: 'filesize or partsize mismatch' })
    }
    upload.uploadId ??= randomUuid()
    store.save()
    return upos(200, {
      OK: 1,
      bucket: 'ugcfx2lf',
      key: `/${key.split('/')[1]}`,
      upload_id: upload.uploadId,
    })
  }
  if (step === 'part') {
    const chunks = Math.ceil(upload.size / upload.chunkSize)
    const partNumber = Number(query.partNumber)
    const start = (partNumber - 1) * upload.chunkSize
    const end = Math.min(upload.size, start + upload.chunkSize)
    const problems = [
      query.uploadId !== upload.uploadId && 'uploadId',
      !(Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= chunks) && 'partNumber',
      Number(query.chunk) !== partNumber - 1 && 'chunk',
      Number(query.chunks) !== chunks && 'chunks',
      Number(query.total) !== upload.size && 'total',
      Number(query.start) !== start && 'start',
      Number(query.end) !== end && 'end',
      Number(query.size) !== end - start && 'size',
    ].filter(Boolean)
    if (problems.length) {
      req.resume()
      return new Reply(400, `BAD_PART ${problems.join(',')}`)
    }
    const { bytes, md5 } = await hashBody(req)
    if (bytes !== end - start) return new Reply(400, `BAD_PART_SIZE ${bytes}`)
    upload.parts[partNumber] = { size: bytes, md5 }
    upload.receipts[partNumber] = (upload.receipts[partNumber] ?? 0) + 1
    store.save()
    return new Reply(200, 'MULTIPART_PUT_SUCCESS')
  }
  // complete
  const body = parseJson(await readText(req))
  const listed = Array.isArray(body?.parts)
    ? (body.parts as { partNumber?: number }[]).map((p) => Number(p.partNumber))
    : []
  const chunks = Math.ceil(upload.size / upload.chunkSize)
  const all = Array.from({ length: chunks }, (_, index) => index + 1)
  const missing = all.filter((part) => !upload.parts[part])
  if (query.uploadId !== upload.uploadId || missing.length) {
    return upos(400, { OK: 0, message: `parts missing: ${missing.join(',')}` })
  }
  if (all.some((part) => !listed.includes(part))) {
    return upos(400, { OK: 0, message: 'parts list incomplete' })
  }
  upload.completed = true
  store.save()
  return upos(200, { OK: 1, location: key, bucket: 'ugcfx2lf', key: `/${key.split('/')[1]}` })
}

async function submitReply(
  store: FakeStore,
  req: IncomingMessage,
  query: Record<string, string>,
  cookies: Record<string, string>,
  login: string
): Promise<Reply | 'lost'> {
  const body = parseJson(await readText(req))
  if (!csrfMatches(cookies, query.csrf)) return bili(-111, 'csrf 校验失败')
  if (!body) return bili(-400, '请求错误')
  const video = Array.isArray(body.videos) ? (body.videos[0] as Record<string, unknown>) : null
  const upload = Object.values(store.state.bilibili).find(
    (item) => item.key.split('/')[1].replace(/\.mp4$/, '') === video?.filename
  )
  if (!upload?.completed || upload.login !== login) return bili(21001, '视频文件不存在')
  if (!store.state.covers.includes(String(body.cover))) return bili(21015, '封面不存在')
  const tids = BILIBILI_TYPES.flatMap((type) => type.children.map((child) => child.id))
  if (!tids.includes(Number(body.tid))) return bili(21009, '分区不存在')
  const title = String(body.title ?? '')
  if (!title || [...title].length > 80) return bili(21012, '标题过长或为空')
  const tags = String(body.tag ?? '')
    .split(',')
    .filter(Boolean)
  if (tags.length === 0 || tags.length > 10) return bili(21020, '标签数量错误')
  const now = Math.floor(store.now() / 1000)
  const dtime = Number(body.dtime ?? 0)
  if (dtime && (dtime < now + 2 * 3600 || dtime > now + 15 * 86_400)) {
    return bili(21104, '定时发布时间需在2小时后15天内')
  }
  if (body.mission_id !== undefined && !BILIBILI_ACTIVITIES.some((a) => a.id === body.mission_id)) {
    return bili(21060, '活动不存在')
  }
  const seq = store.nextSeq()
  const bvid = `BV1${createHash('md5').update(`bili-${seq}-${login}`).digest('hex').slice(0, 9)}`
  const aid = 100_000_000 + seq
  store.state.videos.push({
    platform: 'bilibili',
    login,
    id: bvid,
    title,
    created: now,
    timer: dtime,
    fields: { ...body, aid },
  })
  store.save()
  if (store.answerLost('bilibili')) return 'lost'
  return bili(0, '0', { aid, bvid })
}

export function bili(code: number, message: string, data: unknown = null) {
  return new Reply(200, { code, message, ttl: 1, data })
}

function upos(status: number, body: unknown) {
  return new Reply(status, body)
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim()
  }
  return cookies
}

/**
 * The csrf token must be the cookie's bili_jct. A cookie without bili_jct
 * (the demo's seeded ones) is let through: the fake is lenient there, the
 * real site answers -111.
 */
function csrfMatches(cookies: Record<string, string>, csrf: string | null | undefined) {
  return cookies.bili_jct === undefined || cookies.bili_jct === csrf
}
