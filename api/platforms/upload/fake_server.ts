import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { dirname } from 'node:path'
import type { UploadPlatform } from '#shared/uploads'
import { answerBilibili, bili, bilibiliStep } from '#platforms/upload/fake_bilibili'
import { answerChunked, chunkedStep, haokan, xigua } from '#platforms/upload/fake_xigua_haokan'
import {
  Reply,
  readSome,
  send,
  take,
  type FakeStep,
  type FakeStore,
  type State,
} from '#platforms/upload/fake_support'

export type { FakeStep, FakeVideo } from '#platforms/upload/fake_support'

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
| This file is the server itself: its state, knobs and inspection, and the
| routing of a request to its platform's protocol, each in its own file
| (fake_bilibili.ts, fake_xigua_haokan.ts; what they share in
| fake_support.ts).
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

interface FakeRequest {
  platform: UploadPlatform
  step: FakeStep
  method: string
  path: string
  query: Record<string, string>
}

interface FakePlatformOptions {
  port?: number
  host?: string
  /** A JSON file the state is kept in (read at start, written after each change). */
  statePath?: string | null
  /** Chunk sizes the platforms hand out (small in tests). */
  chunkSize?: Partial<Record<UploadPlatform, number>>
  now?: () => number
}

export class FakePlatformServer {
  url = ''
  readonly requests: FakeRequest[] = []

  #server: Server
  #sockets = new Set<Socket>()
  #state: State = { seq: 1, videos: [], bilibili: {}, chunked: {}, covers: [] }
  #statePath: string | null
  #store: FakeStore
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
    this.#load()
    // each platform's protocol reads and changes the state through this store
    this.#store = {
      state: this.#state,
      chunkSize: {
        bilibili: options.chunkSize?.bilibili ?? 10 * 1024 * 1024,
        xigua: options.chunkSize?.xigua ?? 5 * 1024 * 1024,
        haokan: options.chunkSize?.haokan ?? 4 * 1024 * 1024,
      },
      now: options.now ?? Date.now,
      nextSeq: () => this.#state.seq++,
      save: () => this.#save(),
      isExpired: (platform, login) =>
        login.startsWith('expired') || this.#expired.has(`${platform}:${login}`),
      answerLost: (platform) => take(this.#losses, (loss) => loss.platform === platform),
    }
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
    const step =
      platform === 'bilibili'
        ? bilibiliStep(req.method ?? 'GET', path, query)
        : chunkedStep(platform, path)
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
    if (platform === 'bilibili') reply = await answerBilibili(this.#store, req, step, query, path)
    else reply = await answerChunked(this.#store, platform, req, step, query)
    if (reply === 'lost') {
      req.socket.destroy()
      return
    }
    send(res, reply)
  }

  /* ----------------------------- state ----------------------------- */

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
