import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { dirname } from 'node:path'
import type { UploadPlatform } from '#shared/uploads'

/*
|--------------------------------------------------------------------------
| The fake platform server
|--------------------------------------------------------------------------
|
| A local stand-in for the upload side of Bilibili, Xigua and Haokan,
| speaking the protocols the upload adapters speak (docs/uploads.md), with
| its state in memory (and, given `statePath`, in a JSON file so that it
| survives a restart of the demo). Uploaded bytes are hashed, counted and
| discarded; chunk numbers, offsets and sizes are checked the way the real
| platforms check them.
|
| Paths: /bilibili/member/… (member.bilibili.com), /bilibili/api/…
| (api.bilibili.com), /bilibili/upos/… (the upload node), /xigua/…,
| /haokan/….
|
| Logins: any non-empty credential signs in (Bilibili: the SESSDATA cookie,
| its bili_jct as the csrf token when the cookie has one;
| Xigua: the access-token header or a cookie; Haokan: a Bearer token or a
| cookie), except those made to expire with `expire()` and those starting
| with "expired". Each login has its own listing of published videos.
|
| Knobs for tests: `slow()` answers late, `drop()` destroys the connection
| of a request (mid-body for uploads), `rateLimit()` answers the platform's
| rate-limit after N requests, `expire()` refuses a login, `loseAnswer()`
| stores a submitted video and then destroys the connection before answering.
|
*/

export type FakeStep = string

export interface FakeVideo {
  platform: UploadPlatform
  login: string
  id: string
  title: string
  /** Unix seconds the platform stored it. */
  created: number
  /** Unix seconds of a scheduled publication, 0 for at once. */
  timer: number
  fields: Record<string, unknown>
}

export interface FakeRequest {
  platform: UploadPlatform
  step: FakeStep
  method: string
  path: string
  query: Record<string, string>
}

interface BilibiliUpload {
  key: string
  login: string
  size: number
  chunkSize: number
  bizId: number
  uploadId: string | null
  parts: Record<number, { size: number; md5: string }>
  receipts: Record<number, number>
  completed: boolean
}

interface ChunkedUpload {
  id: string
  platform: 'xigua' | 'haokan'
  login: string
  size: number
  chunkSize: number
  parts: Record<number, { size: number; md5: string }>
  receipts: Record<number, number>
  completed: boolean
  name: string
}

interface State {
  seq: number
  videos: FakeVideo[]
  bilibili: Record<string, BilibiliUpload>
  chunked: Record<string, ChunkedUpload>
  covers: string[]
}

export interface FakePlatformOptions {
  port?: number
  host?: string
  /** A JSON file the state is kept in (read at start, written after each change). */
  statePath?: string | null
  /** Chunk sizes the platforms hand out (small in tests). */
  chunkSize?: Partial<Record<UploadPlatform, number>>
  now?: () => number
}

const JSON_BODY_MAX = 20 * 1024 * 1024

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
const TAGS = ['美食', '美食制作', '生活', '日常', '游戏', '游戏攻略', 'vlog', '旅行', '搞笑']

class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {}
  ) {}
}

export class FakePlatformServer {
  url = ''
  readonly requests: FakeRequest[] = []

  #server: Server
  #sockets = new Set<Socket>()
  #state: State = { seq: 1, videos: [], bilibili: {}, chunked: {}, covers: [] }
  #statePath: string | null
  #chunkSize: Record<UploadPlatform, number>
  #now: () => number
  #slow: { platform: UploadPlatform; step: FakeStep; ms: number }[] = []
  #drops: { platform: UploadPlatform; step: FakeStep; times: number }[] = []
  #losses: { platform: UploadPlatform; times: number }[] = []
  #limits: {
    platform: UploadPlatform
    after: number
    times: number
    retryAfterS: number
    http: boolean
    status: number
  }[] = []
  #expired = new Set<string>()

  constructor(readonly options: FakePlatformOptions = {}) {
    this.#statePath = options.statePath ?? null
    this.#chunkSize = {
      bilibili: options.chunkSize?.bilibili ?? 10 * 1024 * 1024,
      xigua: options.chunkSize?.xigua ?? 5 * 1024 * 1024,
      haokan: options.chunkSize?.haokan ?? 4 * 1024 * 1024,
    }
    this.#now = options.now ?? Date.now
    this.#load()
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'Content-Type': 'text/plain' })
          res.end(String(error))
        }
      })
    })
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket)
      socket.on('close', () => this.#sockets.delete(socket))
    })
  }

  /** Starts a server (a free port unless `port` is given). */
  static async start(options: FakePlatformOptions = {}) {
    const fake = new FakePlatformServer(options)
    await fake.listen()
    return fake
  }

  async listen() {
    const host = this.options.host ?? '127.0.0.1'
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject)
      this.#server.listen(this.options.port ?? 0, host, () => resolve())
    })
    this.url = `http://${host}:${(this.#server.address() as AddressInfo).port}`
  }

  close() {
    this.#save()
    return new Promise<void>((resolve) => {
      for (const socket of this.#sockets) socket.destroy()
      this.#server.close(() => resolve())
    })
  }

  /** The base URLs the adapters are configured with. */
  get bases() {
    return fakeBases(this.url)
  }

  /* ----------------------------- knobs ----------------------------- */

  /** Answers `step` (or every step: '*') of `platform` `ms` late. */
  slow(platform: UploadPlatform, step: FakeStep, ms: number) {
    this.#slow.push({ platform, step, ms })
  }

  /** Destroys the connection of the next `times` requests of `step` (uploads: mid-body). */
  drop(platform: UploadPlatform, step: FakeStep, times = 1) {
    this.#drops.push({ platform, step, times })
  }

  /** After `after` more requests to `platform`, answers the next `times` with its rate limit. */
  rateLimit(
    platform: UploadPlatform,
    options: {
      after?: number
      times?: number
      retryAfterS?: number
      /** Answer with an HTTP status (429, or Bilibili's gateway 412) instead of the platform's code. */
      http?: boolean
      status?: number
    } = {}
  ) {
    this.#limits.push({
      platform,
      after: options.after ?? 0,
      times: options.times ?? 1,
      retryAfterS: options.retryAfterS ?? 30,
      http: options.http ?? options.status !== undefined,
      status: options.status ?? 429,
    })
  }

  /** Refuses `login` (a SESSDATA, token or cookie value) as expired. */
  expire(platform: UploadPlatform, login: string) {
    this.#expired.add(`${platform}:${login}`)
  }

  /** Stores the next `times` submits of `platform`, then destroys the connection unanswered. */
  loseAnswer(platform: UploadPlatform, times = 1) {
    this.#losses.push({ platform, times })
  }

  /** Drops every knob (the state stays). */
  resetKnobs() {
    this.#slow = []
    this.#drops = []
    this.#losses = []
    this.#limits = []
    this.#expired.clear()
  }

  /* -------------------------- inspection --------------------------- */

  videos(platform?: UploadPlatform) {
    return this.#state.videos.filter((video) => !platform || video.platform === platform)
  }

  /** How often each part of the platform's uploads was received (part number → count), per upload. */
  receipts(platform: UploadPlatform): Record<number, number>[] {
    if (platform === 'bilibili') {
      return Object.values(this.#state.bilibili).map((upload) => upload.receipts)
    }
    return Object.values(this.#state.chunked)
      .filter((upload) => upload.platform === platform)
      .map((upload) => upload.receipts)
  }

  /** The md5 of each part received, per upload (part number → md5). */
  partHashes(platform: UploadPlatform): Record<number, string>[] {
    const uploads =
      platform === 'bilibili'
        ? Object.values(this.#state.bilibili)
        : Object.values(this.#state.chunked).filter((upload) => upload.platform === platform)
    return uploads.map((upload) =>
      Object.fromEntries(Object.entries(upload.parts).map(([part, info]) => [part, info.md5]))
    )
  }

  calls(platform: UploadPlatform, step: FakeStep) {
    return this.requests.filter((request) => request.platform === platform && request.step === step)
  }

  /* ---------------------------- routing ---------------------------- */

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const [, platform, ...rest] = url.pathname.split('/')
    const path = rest.join('/')
    const query = Object.fromEntries(url.searchParams)
    if (platform !== 'bilibili' && platform !== 'xigua' && platform !== 'haokan') {
      return send(res, new Reply(404, { message: 'unknown platform' }))
    }
    const step = stepOf(platform, req.method ?? 'GET', path, query)
    this.requests.push({ platform, step, method: req.method ?? 'GET', path, query })

    const delay = this.#slow.find((s) => s.platform === platform && [step, '*'].includes(s.step))
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms))
    if (res.destroyed) return

    if (take(this.#drops, (d) => d.platform === platform && d.step === step)) {
      if (req.method === 'PUT' || step === 'part' || step === 'block') {
        await readSome(req)
      }
      req.socket.destroy()
      return
    }

    const limit = this.#limits.find((l) => l.platform === platform && l.times > 0)
    if (limit) {
      if (limit.after > 0) limit.after--
      else {
        limit.times--
        req.resume()
        return send(res, rateLimited(platform, limit.retryAfterS, limit.http, limit.status))
      }
    }

    let reply: Reply | 'lost'
    if (platform === 'bilibili') reply = await this.#bilibili(req, step, query, path)
    else reply = await this.#chunkedPlatform(platform, req, step, query)
    if (reply === 'lost') {
      req.socket.destroy()
      return
    }
    send(res, reply)
  }

  /* ---------------------------- Bilibili --------------------------- */

  async #bilibili(
    req: IncomingMessage,
    step: FakeStep,
    query: Record<string, string>,
    path: string
  ): Promise<Reply | 'lost'> {
    const cookies = cookiesOf(req.headers.cookie)
    const login = cookies.SESSDATA ?? ''
    const signedIn = login !== '' && !this.#isExpired('bilibili', login)
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
        const bizId = 500_001_000_000_000 + this.#nextSeq()
        this.#state.bilibili[key] = {
          key,
          login,
          size,
          chunkSize: this.#chunkSize.bilibili,
          bizId,
          uploadId: null,
          parts: {},
          receipts: {},
          completed: false,
        }
        this.#save()
        const host = req.headers.host ?? '127.0.0.1'
        return upos(200, {
          OK: 1,
          auth: `ak=1&os=upos&sign=${randomBytes(8).toString('hex')}&timestamp=${Math.floor(this.#now() / 1000)}`,
          biz_id: bizId,
          chunk_retry: 10,
          chunk_retry_delay: 3,
          chunk_size: this.#chunkSize.bilibili,
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
        return this.#upos(req, step, query, path.replace(/^upos\//, ''))
      case 'cover': {
        const form = new URLSearchParams(await readText(req))
        if (!csrfMatches(cookies, form.get('csrf'))) return bili(-111, 'csrf 校验失败')
        const cover = form.get('cover') ?? ''
        if (!/^data:image\/(jpeg|png);base64,.+/.test(cover)) return bili(-400, '请求错误')
        const hash = createHash('sha1').update(cover).digest('hex')
        const coverUrl = `https://archive.biliimg.com/bfs/archive/${hash}.jpg`
        this.#state.covers.push(coverUrl)
        this.#save()
        return bili(0, '0', { url: coverUrl })
      }
      case 'submit':
        return this.#bilibiliSubmit(req, query, cookies, login)
      case 'archives': {
        req.resume()
        const pn = Math.max(1, Number(query.pn) || 1)
        const ps = Math.max(1, Math.min(50, Number(query.ps) || 10))
        const mine = this.#state.videos
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

  async #upos(
    req: IncomingMessage,
    step: FakeStep,
    query: Record<string, string>,
    key: string
  ): Promise<Reply> {
    const upload = this.#state.bilibili[key]
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
      this.#save()
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
      this.#save()
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
    this.#save()
    return upos(200, { OK: 1, location: key, bucket: 'ugcfx2lf', key: `/${key.split('/')[1]}` })
  }

  async #bilibiliSubmit(
    req: IncomingMessage,
    query: Record<string, string>,
    cookies: Record<string, string>,
    login: string
  ): Promise<Reply | 'lost'> {
    const body = parseJson(await readText(req))
    if (!csrfMatches(cookies, query.csrf)) return bili(-111, 'csrf 校验失败')
    if (!body) return bili(-400, '请求错误')
    const video = Array.isArray(body.videos) ? (body.videos[0] as Record<string, unknown>) : null
    const upload = Object.values(this.#state.bilibili).find(
      (item) => item.key.split('/')[1].replace(/\.mp4$/, '') === video?.filename
    )
    if (!upload?.completed || upload.login !== login) return bili(21001, '视频文件不存在')
    if (!this.#state.covers.includes(String(body.cover))) return bili(21015, '封面不存在')
    const tids = BILIBILI_TYPES.flatMap((type) => type.children.map((child) => child.id))
    if (!tids.includes(Number(body.tid))) return bili(21009, '分区不存在')
    const title = String(body.title ?? '')
    if (!title || [...title].length > 80) return bili(21012, '标题过长或为空')
    const tags = String(body.tag ?? '')
      .split(',')
      .filter(Boolean)
    if (tags.length === 0 || tags.length > 10) return bili(21020, '标签数量错误')
    const now = Math.floor(this.#now() / 1000)
    const dtime = Number(body.dtime ?? 0)
    if (dtime && (dtime < now + 2 * 3600 || dtime > now + 15 * 86_400)) {
      return bili(21104, '定时发布时间需在2小时后15天内')
    }
    if (
      body.mission_id !== undefined &&
      !BILIBILI_ACTIVITIES.some((a) => a.id === body.mission_id)
    ) {
      return bili(21060, '活动不存在')
    }
    const seq = this.#nextSeq()
    const bvid = `BV1${createHash('md5').update(`bili-${seq}-${login}`).digest('hex').slice(0, 9)}`
    const aid = 100_000_000 + seq
    this.#state.videos.push({
      platform: 'bilibili',
      login,
      id: bvid,
      title,
      created: now,
      timer: dtime,
      fields: { ...body, aid },
    })
    this.#save()
    if (take(this.#losses, (loss) => loss.platform === 'bilibili')) return 'lost'
    return bili(0, '0', { aid, bvid })
  }

  /* ------------------------- Xigua and Haokan ------------------------ */

  async #chunkedPlatform(
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
      if (this.#isExpired(platform, login)) {
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
        if (!body?.file_name || !(size > 0))
          return answer(40001, 'file_name and file_size required')
        const id =
          platform === 'xigua'
            ? `v0${randomBytes(10).toString('hex')}`
            : `m${this.#nextSeq()}${randomBytes(4).toString('hex')}`
        this.#state.chunked[id] = {
          id,
          platform,
          login: login!,
          size,
          chunkSize: this.#chunkSize[platform],
          parts: {},
          receipts: {},
          completed: false,
          name: String(body.file_name),
        }
        this.#save()
        return platform === 'xigua'
          ? answer(0, 'success', { upload_id: id, chunk_size: this.#chunkSize.xigua })
          : answer(0, 'success', { media_id: id, block_size: this.#chunkSize.haokan })
      }
      case 'part':
      case 'block':
        return this.#chunk(platform, req, query, login!)
      case 'complete':
      case 'finish': {
        const body = parseJson(await readText(req))
        const id = String(platform === 'xigua' ? body?.upload_id : body?.media_id)
        const upload = this.#state.chunked[id]
        if (!upload || upload.login !== login) return answer(40004, 'upload not found')
        const count = Math.ceil(upload.size / upload.chunkSize)
        const given = Number(platform === 'xigua' ? body?.part_count : body?.block_count)
        const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !upload.parts[i])
        if (given !== count || missing.length) {
          return answer(
            40005,
            `chunks missing: ${missing.join(',') || `count ${given} ≠ ${count}`}`
          )
        }
        upload.completed = true
        this.#save()
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
        this.#state.covers.push(uri)
        this.#save()
        return platform === 'xigua'
          ? answer(0, 'success', { image_uri: uri })
          : answer(0, 'success', { cover_url: uri })
      }
      case 'publish':
        return this.#publish(platform, req, login!)
      case 'list': {
        req.resume()
        const mine = this.#state.videos
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

  async #chunk(
    platform: 'xigua' | 'haokan',
    req: IncomingMessage,
    query: Record<string, string>,
    login: string
  ): Promise<Reply> {
    const answer = platform === 'xigua' ? xigua : haokan
    const id = platform === 'xigua' ? query.upload_id : query.media_id
    const upload = this.#state.chunked[id]
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
    this.#save()
    return platform === 'xigua'
      ? answer(0, 'success', { part_index: index })
      : answer(0, 'success', { block_index: index })
  }

  async #publish(
    platform: 'xigua' | 'haokan',
    req: IncomingMessage,
    login: string
  ): Promise<Reply | 'lost'> {
    const answer = platform === 'xigua' ? xigua : haokan
    const body = parseJson(await readText(req))
    if (!body) return answer(40001, 'body')
    const id = String(platform === 'xigua' ? body.video_id : body.media_id)
    const upload = this.#state.chunked[id]
    if (!upload?.completed || upload.login !== login) return answer(40004, 'video not uploaded')
    const cover = platform === 'xigua' ? (body.image_uri ?? body.cover_uri) : body.cover_url
    if (!this.#state.covers.includes(String(cover))) return answer(40008, 'cover not uploaded')
    const title = String(body.title ?? '')
    if (!title || [...title].length > 80) return answer(40010, 'title empty or longer than 80')
    const now = Math.floor(this.#now() / 1000)
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
    const seq = this.#nextSeq()
    const videoId =
      platform === 'xigua'
        ? String(7_300_000_000_000_000_000n + BigInt(seq))
        : `hk${1_000_000 + seq}`
    this.#state.videos.push({
      platform,
      login,
      id: videoId,
      title,
      created: now,
      timer,
      fields: body,
    })
    this.#save()
    if (take(this.#losses, (loss) => loss.platform === platform)) return 'lost'
    return platform === 'xigua'
      ? xigua(0, 'success', { item_id: videoId, status: timer ? 'scheduled' : 'published' })
      : haokan(0, 'success', {
          article_id: videoId,
          url: `https://haokan.baidu.com/v?vid=${videoId}`,
          status: timer ? 'timer' : 'publish',
        })
  }

  /* ----------------------------- state ----------------------------- */

  #isExpired(platform: UploadPlatform, login: string) {
    return login.startsWith('expired') || this.#expired.has(`${platform}:${login}`)
  }

  #nextSeq() {
    return this.#state.seq++
  }

  #load() {
    if (!this.#statePath) return
    try {
      const stored = JSON.parse(readFileSync(this.#statePath, 'utf8')) as State
      if (stored && Array.isArray(stored.videos)) this.#state = { ...this.#state, ...stored }
    } catch {
      // no state yet (or unreadable): start empty
    }
  }

  #save() {
    if (!this.#statePath) return
    mkdirSync(dirname(this.#statePath), { recursive: true })
    const temporary = `${this.#statePath}.tmp`
    writeFileSync(temporary, JSON.stringify(this.#state))
    renameSync(temporary, this.#statePath)
  }
}

/* ------------------------------------------------------------------ */

/** The adapters' base URLs on a fake server at `url`. */
export function fakeBases(url: string) {
  return {
    bilibiliMember: `${url}/bilibili/member/`,
    bilibiliApi: `${url}/bilibili/api/`,
    xigua: `${url}/xigua/`,
    haokan: `${url}/haokan/`,
  }
}

function stepOf(
  platform: string,
  method: string,
  path: string,
  query: Record<string, string>
): FakeStep {
  if (platform === 'bilibili') {
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

function take<T extends { times: number }>(list: T[], match: (item: T) => boolean) {
  const item = list.find((entry) => entry.times > 0 && match(entry))
  if (!item) return false
  item.times--
  return true
}

function send(res: ServerResponse, reply: Reply) {
  if (res.destroyed) return
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    'Content-Type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
    ...reply.headers,
  })
  res.end(text)
}

function bili(code: number, message: string, data: unknown = null) {
  return new Reply(200, { code, message, ttl: 1, data })
}

function upos(status: number, body: unknown) {
  return new Reply(status, body)
}

function xigua(code: number, tips: string, data: unknown = null) {
  return new Reply(200, {
    err_no: code,
    err_tips: tips,
    data,
    log_id: randomBytes(8).toString('hex'),
  })
}

function haokan(code: number, message: string, data: unknown = null) {
  return new Reply(200, { errno: code, errmsg: message, data })
}

function rateLimited(platform: UploadPlatform, retryAfterS: number, http: boolean, status: number) {
  if (http)
    return new Reply(
      status,
      { message: 'Too Many Requests' },
      { 'Retry-After': String(retryAfterS) }
    )
  if (platform === 'bilibili') return bili(21070, '请求过于频繁，请稍后再试')
  if (platform === 'xigua') return xigua(2100005, '请求过于频繁', { retry_after: retryAfterS })
  return haokan(18, 'Open api qps request limit reached', { retry_after: retryAfterS })
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

function midOf(login: string) {
  return Number.parseInt(createHash('md5').update(login).digest('hex').slice(0, 8), 16)
}

function randomUuid() {
  const hex = randomBytes(16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function parseJson(text: string): Record<string, any> | null {
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/** A request body as text (bounded). */
function readText(req: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > JSON_BODY_MAX) {
        req.destroy()
        reject(new Error('body too large'))
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** A binary body counted and hashed, never kept. */
function hashBody(req: IncomingMessage) {
  return new Promise<{ bytes: number; md5: string }>((resolve, reject) => {
    const hash = createHash('md5')
    let bytes = 0
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      hash.update(chunk)
    })
    req.on('end', () => resolve({ bytes, md5: hash.digest('hex') }))
    req.on('error', reject)
  })
}

/** Reads the first bytes of a body (a dropped upload has begun). */
function readSome(req: IncomingMessage) {
  return new Promise<void>((resolve) => {
    req.once('data', () => resolve())
    req.once('end', () => resolve())
    req.once('error', () => resolve())
    setTimeout(resolve, 200).unref()
  })
}
