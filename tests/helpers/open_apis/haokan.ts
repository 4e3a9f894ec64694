import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/*
| A fake baijiahao.baidu.com answering POSTs to builderinner/open/resource/…
| with the bodies of tests/fixtures/platforms/haokan (see its README): the
| list is sliced by page_no / page_size, each article has its statistics,
| and a test may answer any call otherwise. Requests are recorded with their
| JSON bodies, where app_id and app_token travel.
*/

type Json = Record<string, any>

export function fixture(name: string): Json {
  const url = new URL(`../../fixtures/platforms/haokan/${name}.json`, import.meta.url)
  return JSON.parse(readFileSync(url, 'utf8'))
}

export const APP_ID = '1600000000000001'
export const APP_TOKEN = 'bjh-app-token'
const LISTED = Object.values(fixture('article_listall').data.items) as Json[]

export interface Answer {
  status?: number
  json?: unknown
  text?: string
  headers?: Record<string, string>
  delayMs?: number
}
interface Call {
  path: string
  body: Json
}
export interface Site {
  articles: Json[]
  stats: Record<string, Json>
  /** Answers a call instead of the site (undefined: the site answers). */
  override?: (call: Call) => Answer | undefined
  /** data.page of the list as a comments-style {page_no, page_size, has_next}. */
  hasNextPaging?: boolean
}

function siteAnswer(site: Site, call: Call): Answer {
  const overridden = site.override?.(call)
  if (overridden) return overridden
  if (call.body.app_id !== APP_ID || call.body.app_token !== APP_TOKEN) {
    return { json: fixture('error_auth') }
  }
  switch (call.path) {
    case 'builderinner/open/resource/query/fansListall':
      return { json: fixture('fans_listall') }
    case 'builderinner/open/resource/query/articleListall': {
      const size = Number(call.body.page_size)
      const start = (Number(call.body.page_no) - 1) * size
      const slice = site.articles.slice(start, start + size)
      const body = fixture('article_listall')
      body.data.items = Object.fromEntries(slice.map((item) => [item.article_id, item]))
      body.data.page = site.hasNextPaging
        ? {
            page_no: call.body.page_no,
            page_size: size,
            has_next: start + size < site.articles.length ? 1 : 0,
          }
        : { page_no: call.body.page_no, page_size: size, total_count: site.articles.length }
      return { json: body }
    }
    case 'builderinner/open/resource/query/articleStatistics':
      return { json: site.stats[call.body.article_id] ?? fixture('error_article_missing') }
    default:
      return { status: 404, text: 'no such page' }
  }
}

export async function startBaijiahao(site: Site) {
  const calls: Call[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', async () => {
      let body: Json = {}
      try {
        body = JSON.parse(raw || '{}')
      } catch {}
      const call = { path: new URL(req.url ?? '/', 'http://x').pathname.slice(1), body }
      calls.push(call)
      const answer = siteAnswer(site, call)
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
      if (res.destroyed) return
      res.writeHead(answer.status ?? 200, {
        'Content-Type': answer.text === undefined ? 'application/json' : 'text/html',
        ...answer.headers,
      })
      res.end(answer.text ?? JSON.stringify(answer.json ?? {}))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    callsTo: (name: string) => calls.filter((call) => call.path.endsWith(name)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

export function defaultSite(overrides: Partial<Site> = {}): Site {
  const statistics = fixture('article_statistics')
  const unread = fixture('article_statistics_unread')
  return {
    articles: LISTED,
    stats: {
      '1740512000000001': statistics,
      '1740425000000002': unread,
      '1740338000000003': statistics,
    },
    ...overrides,
  }
}
