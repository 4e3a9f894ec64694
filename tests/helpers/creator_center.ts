import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/*
| Fake creator-center pages for the browser-session adapters: a local HTTP
| server that serves, per platform path, a small HTML page whose script
| fetch()es the platform's XHR paths from the same server the way the real
| page does (Xiaohongshu's note manager loads the next list page when
| scrolled to the end, WeChat Channels' post list on its 下一页 button), and
| answers those XHRs with the published bodies of
| tests/fixtures/platforms/<platform>/. So the adapter's response capture in
| Chromium is what is tested.
|
| A request without the essential cookie (web_session / sessionid) among
| `sessions`, or with one signed out, is redirected to the login page (or,
| with `signedOutBy: 'answer'`, its XHRs answer the platform's published
| signed-out body); `captcha` sends pages to the verification page ('page')
| or answers the XHRs with Xiaohongshu's HTTP 461 + verify headers ('xhr').
*/

export type CreatorPlatform = 'xiaohongshu' | 'wechat_channels'

const FIXTURES = new URL('../fixtures/platforms/', import.meta.url)

export function fixture(platform: CreatorPlatform, name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`${platform}/${name}.json`, FIXTURES), 'utf8'))
}

export interface CreatorCenterOptions {
  /** Values of the essential cookie that are signed in (default ['session-1']). */
  sessions?: string[]
  /** Each XHR answers after this long (to see reads overlap). */
  delayMs?: number
  /** WeChat Channels' list page size the fake page asks for (the real page asks 20). */
  listPageSize?: number
}

export interface CreatorCenter {
  url: string
  /** The host the adapters set the cookies for. */
  host: string
  /** Signs a session out (its next page load lands on the login page). */
  signOut(session: string): void
  signedOutBy: 'redirect' | 'answer'
  captcha: false | 'page' | 'xhr'
  /** XHR paths that never answer (a read's time limit). */
  stalled: Set<string>
  /** XHR paths answered with this fixture instead (status 200 unless given). */
  answers: Map<string, { fixture: string; status?: number }>
  /** Requests by path, XHRs answered at once now and the most ever. */
  hits: Map<string, number>
  inFlight: number
  maxInFlight: number
  close(): Promise<void>
}

const COOKIE = { xiaohongshu: 'web_session', wechat_channels: 'sessionid' } as const

const XHS_HOME = `<!doctype html><html><head><meta charset="utf-8"><title>小红书创作服务平台</title></head>
<body><div id="app">首页</div><script>
fetch('/api/galaxy/creator/home/personal_info', { credentials: 'include' })
  .then((r) => r.json()).then((b) => { document.getElementById('app').textContent = (b.data && b.data.name) || '' })
</script></body></html>`

const XHS_NOTES = `<!doctype html><html><head><meta charset="utf-8"><title>笔记管理</title>
<style>.note{height:600px;border-bottom:1px solid #ccc}</style></head>
<body><div id="list"></div><script>
let next = 0
let loading = false
function load() {
  if (loading || next < 0) return
  loading = true
  fetch('/api/galaxy/v2/creator/note/user/posted?tab=0&page=' + next, { credentials: 'include' })
    .then((r) => r.json())
    .then((b) => {
      const data = b.data || {}
      for (const note of data.notes || []) {
        const div = document.createElement('div')
        div.className = 'note'
        div.textContent = note.display_title
        document.getElementById('list').appendChild(div)
      }
      next = typeof data.page === 'number' ? data.page : -1
      loading = false
    })
}
window.addEventListener('scroll', () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 100) load()
})
load()
</script></body></html>`

const WX_BODY = `{ timestamp: String(Date.now()), _log_finder_id: '', rawKeyBuff: null, scene: 7, reqScene: 7 }`

const WX_HOME = `<!doctype html><html><head><meta charset="utf-8"><title>视频号助手</title></head>
<body><div id="app">首页</div><script>
fetch('/cgi-bin/mmfinderassistant-bin/auth/auth_data', {
  method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(${WX_BODY}),
}).then((r) => r.json())
</script></body></html>`

function wxPosts(pageSize: number) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>内容管理</title></head>
<body><div id="list"></div><a id="next" style="display:none" href="javascript:void(0)">下一页</a><script>
let page = 1
function load() {
  fetch('/cgi-bin/mmfinderassistant-bin/post/post_list', {
    method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(Object.assign(${WX_BODY}, { pageSize: ${pageSize}, currentPage: page })),
  }).then((r) => r.json()).then((b) => {
    const list = (b.data && b.data.list) || []
    document.getElementById('list').textContent = list.map((p) => p.desc && p.desc.description).join(' | ')
    document.getElementById('next').style.display = list.length >= ${pageSize} ? 'inline' : 'none'
  })
}
document.getElementById('next').addEventListener('click', () => { page++; load() })
load()
</script></body></html>`
}

const LOGIN = `<!doctype html><html><body><h1>登录</h1></body></html>`
const CAPTCHA = `<!doctype html><html><body><h1>请完成验证</h1></body></html>`

function cookieOf(req: IncomingMessage, name: string) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, any>> {
  let text = ''
  for await (const chunk of req) text += chunk
  try {
    return JSON.parse(text || '{}')
  } catch {
    return {}
  }
}

export async function startCreatorCenter(
  platform: CreatorPlatform,
  options: CreatorCenterOptions = {}
): Promise<CreatorCenter> {
  const sessions = new Set(options.sessions ?? ['session-1'])
  const signedOut = new Set<string>()
  const sockets = new Set<Socket>()
  const listPageSize = options.listPageSize ?? 20

  const send = (res: ServerResponse, status: number, type: string, body: string, headers = {}) => {
    res.writeHead(status, { 'Content-Type': type, ...headers })
    res.end(body)
  }
  const json = (res: ServerResponse, body: unknown, status = 200, headers = {}) =>
    send(res, status, 'application/json', JSON.stringify(body), headers)

  const pages: Record<string, string> =
    platform === 'xiaohongshu'
      ? { '/new/home': XHS_HOME, '/new/note-manager': XHS_NOTES }
      : { '/platform': WX_HOME, '/platform/post/list': wxPosts(listPageSize) }
  const loginPath = platform === 'xiaohongshu' ? '/login' : '/login.html'
  const captchaPath = platform === 'xiaohongshu' ? '/website-login/captcha' : '/platform/verify'

  async function xhr(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    if (platform === 'xiaohongshu') {
      if (center.captcha === 'xhr') {
        return json(res, fixture(platform, 'verify_461'), 461, {
          verifytype: '102',
          verifyuuid: 'b6e0b2a5-0000-4000-8000-000000000000',
        })
      }
      if (path === '/api/galaxy/creator/home/personal_info') {
        return json(res, fixture(platform, 'personal_info'))
      }
      if (path === '/api/galaxy/v2/creator/note/user/posted') {
        const page = Number(url.searchParams.get('page') ?? 0)
        if (page <= 1) return json(res, fixture(platform, `note_posted_page${page}`))
        return json(res, { code: 0, success: true, msg: '成功', data: { notes: [], page: -1 } })
      }
    } else {
      const body = await bodyOf(req)
      if (path === '/cgi-bin/mmfinderassistant-bin/auth/auth_data') {
        return json(res, fixture(platform, 'auth_data'))
      }
      if (path === '/cgi-bin/mmfinderassistant-bin/post/post_list') {
        const page = Number(body.currentPage ?? 1)
        if (page <= 2) return json(res, fixture(platform, `post_list_page${page}`))
        return json(res, { errCode: 0, errMsg: 'request successful', data: { list: [] } })
      }
    }
    return json(res, { code: 404 }, 404)
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    center.hits.set(path, (center.hits.get(path) ?? 0) + 1)
    if (path === loginPath) return send(res, 200, 'text/html; charset=utf-8', LOGIN)
    if (path === captchaPath) return send(res, 200, 'text/html; charset=utf-8', CAPTCHA)
    const session = cookieOf(req, COOKIE[platform])
    const signedIn = session !== undefined && sessions.has(session) && !signedOut.has(session)
    const page = pages[path]
    if (page !== undefined) {
      if (center.captcha === 'page') {
        return send(res, 302, 'text/plain', '', {
          Location: `${captchaPath}?redirectPath=${encodeURIComponent(path)}&verifyType=102`,
        })
      }
      if (!signedIn && (center.signedOutBy === 'redirect' || session === undefined)) {
        return send(res, 302, 'text/plain', '', { Location: `${loginPath}?redirect=${path}` })
      }
      return send(res, 200, 'text/html; charset=utf-8', page)
    }
    if (center.stalled.has(path)) return
    center.inFlight++
    center.maxInFlight = Math.max(center.maxInFlight, center.inFlight)
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
      if (!signedIn) return json(res, fixture(platform, 'signed_out'))
      const answer = center.answers.get(path)
      if (answer) return json(res, fixture(platform, answer.fixture), answer.status)
      await xhr(req, res, path, url)
    } finally {
      center.inFlight--
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))

  const center: CreatorCenter = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    host: '127.0.0.1',
    signOut: (session) => signedOut.add(session),
    signedOutBy: 'redirect',
    captcha: false,
    stalled: new Set(),
    answers: new Map(),
    hits: new Map(),
    inFlight: 0,
    maxInFlight: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  return center
}

/** A cookie export as staff paste it (Cookie-Editor's array), for the platform's domain. */
export function cookieExport(platform: CreatorPlatform, session: string) {
  const cookies =
    platform === 'xiaohongshu'
      ? [
          { name: 'web_session', value: session, domain: '.xiaohongshu.com', path: '/' },
          { name: 'a1', value: '18c2a4f5e1dxxxxxx', domain: '.xiaohongshu.com', path: '/' },
        ]
      : [
          { name: 'sessionid', value: session, domain: 'channels.weixin.qq.com', path: '/' },
          { name: 'wxuin', value: '3958321800', domain: 'channels.weixin.qq.com', path: '/' },
        ]
  return JSON.stringify(cookies)
}
