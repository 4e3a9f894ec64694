import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { UploadPlatform } from '#shared/uploads'

/*
|--------------------------------------------------------------------------
| The fake platform server: what its platforms share
|--------------------------------------------------------------------------
|
| The state the fake server keeps (docs/uploads.md, "The fake platform
| server"), the store through which each platform's protocol
| (fake_bilibili.ts, fake_xigua_haokan.ts) reads and changes it, and the
| wire both speak: a reply, bounded JSON bodies, uploaded bytes hashed and
| counted but never kept.
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

export interface State {
  seq: number
  videos: FakeVideo[]
  bilibili: Record<string, BilibiliUpload>
  chunked: Record<string, ChunkedUpload>
  covers: string[]
}

/** The server's state and knobs as a platform's protocol sees them. */
export interface FakeStore {
  readonly state: State
  /** Chunk sizes the platforms hand out. */
  readonly chunkSize: Record<UploadPlatform, number>
  now(): number
  nextSeq(): number
  /** Writes the state to its file (when it has one). */
  save(): void
  /** Whether `login` is refused as expired (`expire()`, or a login starting with "expired"). */
  isExpired(platform: UploadPlatform, login: string): boolean
  /** Whether this submit's answer is to be lost (a `loseAnswer()` knob, counted down). */
  answerLost(platform: UploadPlatform): boolean
}

const JSON_BODY_MAX = 20 * 1024 * 1024

/** Tag suggestions of every platform. */
export const TAGS = ['美食', '美食制作', '生活', '日常', '游戏', '游戏攻略', 'vlog', '旅行', '搞笑']

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {}
  ) {}
}

export function take<T extends { times: number }>(list: T[], match: (item: T) => boolean) {
  const item = list.find((entry) => entry.times > 0 && match(entry))
  if (!item) return false
  item.times--
  return true
}

export function send(res: ServerResponse, reply: Reply) {
  if (res.destroyed) return
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    'Content-Type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
    ...reply.headers,
  })
  res.end(text)
}

export function midOf(login: string) {
  return Number.parseInt(createHash('md5').update(login).digest('hex').slice(0, 8), 16)
}

export function randomUuid() {
  const hex = randomBytes(16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function parseJson(text: string): Record<string, any> | null {
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/** A request body as text (bounded). */
export function readText(req: IncomingMessage) {
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
export function hashBody(req: IncomingMessage) {
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
export function readSome(req: IncomingMessage) {
  return new Promise<void>((resolve) => {
    req.once('data', () => resolve())
    req.once('end', () => resolve())
    req.once('error', () => resolve())
    setTimeout(resolve, 200).unref()
  })
}
