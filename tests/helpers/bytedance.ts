import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { FakeAnswer } from '#tests/helpers/platforms'

/*
| A fake ByteDance open platform (open.douyin.com, open-api.ixigua.com) for
| the Douyin and Xigua adapter tests, answering with the published bodies of
| tests/fixtures/platforms/{douyin,xigua} (see their READMEs). Unlike
| startFakeServer it reads request bodies: /video/data/ takes its item_ids
| as JSON and /oauth/userinfo/ its login as a form. It checks the login as
| the platform does (the access-token header, or the form's access_token;
| open_id in the query or the form) and pages the video list by an opaque
| cursor.
*/

export type Json = Record<string, any>

export function fixture(platform: 'douyin' | 'xigua', name: string): Json {
  const url = new URL(`../fixtures/platforms/${platform}/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

/** An error body of the documented shape (the published 2100005 body, another code and description). */
export function errorBody(code: number, description: string): Json {
  const body = fixture('douyin', 'error_parameter')
  body.data.error_code = code
  body.data.description = description
  body.extra.error_code = code
  body.extra.description = description
  return body
}

export interface ByteDanceRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
  /** The JSON body, or the form's fields as an object. */
  fields: Json
}

export interface ByteDanceSite {
  token: string
  openId: string
  /** The video list's items, newest first. */
  videos: Json[]
  /** Most items one list call answers (the platform may answer fewer than `count`). */
  perCall?: number
  /** Answers by path (without the leading slash); `videoList` / `videoData` are paged and looked up. */
  answers: Record<string, (request: ByteDanceRequest) => FakeAnswer>
  videoList?: string
  videoData?: string
  override?: (request: ByteDanceRequest) => FakeAnswer | undefined
}

export interface ByteDanceFake {
  url: string
  requests: ByteDanceRequest[]
  calls(path: string): ByteDanceRequest[]
  close(): Promise<void>
}

/** The opaque cursor after the first `offset` items (a millisecond time, as Douyin's are). */
export function cursorAt(offset: number) {
  return offset === 0 ? '0' : String(1_764_000_000_000 - offset * 1000)
}

function offsetOf(cursor: string | null) {
  if (!cursor || cursor === '0') return 0
  return (1_764_000_000_000 - Number(cursor)) / 1000
}

function answerOf(site: ByteDanceSite, request: ByteDanceRequest): FakeAnswer {
  const overridden = site.override?.(request)
  if (overridden) return overridden
  const token = request.headers['access-token'] ?? request.fields.access_token
  if (token !== site.token) return { json: errorBody(2190002, 'access_token无效') }
  const openId = request.query.get('open_id') ?? request.fields.open_id
  if (openId !== site.openId) return { json: fixture('douyin', 'error_parameter') }
  if (request.path === site.videoList) {
    const body = fixture(platformOf(site), 'video_list')
    const count = Number(request.query.get('count'))
    const start = offsetOf(request.query.get('cursor'))
    const end = Math.min(site.videos.length, start + Math.min(count, site.perCall ?? count))
    body.data.list = site.videos.slice(start, end)
    body.data.has_more = end < site.videos.length
    body.data.cursor = end < site.videos.length ? Number(cursorAt(end)) : 0
    return { json: body }
  }
  if (request.path === site.videoData) {
    const body = fixture(platformOf(site), 'video_data')
    const ids: string[] = request.fields.item_ids ?? []
    body.data.list = site.videos.filter((video) => ids.includes(video.item_id))
    return { json: body }
  }
  const answer = site.answers[request.path]
  return answer ? answer(request) : { status: 404, text: 'not found' }
}

function platformOf(site: ByteDanceSite): 'douyin' | 'xigua' {
  return site.videoList?.startsWith('xigua/') ? 'xigua' : 'douyin'
}

export async function startByteDanceFake(site: ByteDanceSite): Promise<ByteDanceFake> {
  const requests: ByteDanceRequest[] = []
  const sockets = new Set<Socket>()
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let fields: Json = {}
    if (String(req.headers['content-type']).includes('json') && body) fields = JSON.parse(body)
    if (String(req.headers['content-type']).includes('urlencoded')) {
      fields = Object.fromEntries(new URLSearchParams(body))
    }
    const request: ByteDanceRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\//, ''),
      query: url.searchParams,
      headers: req.headers,
      body,
      fields,
    }
    requests.push(request)
    const answer = answerOf(site, request)
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
    if (res.destroyed) return
    res.writeHead(answer.status ?? 200, {
      'Content-Type': answer.text === undefined ? 'application/json' : 'text/html',
      ...answer.headers,
    })
    res.end(answer.text ?? JSON.stringify(answer.json ?? {}))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    calls: (path) => requests.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * `count` videos made from the published list item: the same fields, each
 * with its own item_id, create_time (newest first) and counters.
 */
export function videosFrom(item: Json, count: number): Json[] {
  return Array.from({ length: count }, (_, index) => ({
    ...item,
    item_id: `@item${index}`,
    title: `${item.title} ${index}`,
    create_time: 1_764_000_000 - index * 3600,
    statistics: {
      ...item.statistics,
      play_count: String(300 + index),
      digg_count: String(200 + index),
      comment_count: 100,
      share_count: '10',
      forward_count: 2,
    },
  }))
}
