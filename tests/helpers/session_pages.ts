import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/*
| Fake creator-center pages for the Tencent (企鹅号), iQiyi (爱奇艺号 space)
| and Netease (网易号) browser-session adapters, beside tests/helpers/
| creator_center.ts (Xiaohongshu, WeChat Channels) and built the same way: a
| local HTTP server serving small HTML pages whose script fetch()es the
| platform's XHR paths the way the real page does (page 1 on load, the next
| list page on the 下一页 button; iQiyi's space asks episode_info for each
| page's ids; Netease posts its list's page number as a form), answered with
| the bodies of tests/fixtures/platforms/<platform>/.
|
| A page request without a signed-in essential cookie (omaccesstoken /
| P00001 / NTES_SESS) among `sessions` is sent to the login page
| (`signedOutBy: 'redirect'`), or its XHRs answer the platform's signed-out
| body ('answer'; iQiyi's space is public, so always). `captcha: 'page'`
| sends pages to a verification page; Netease's `captcha: 'xhr'` answers
| its list with the published code 100502.
*/

export type SessionPlatform = 'tencent' | 'iqiyi' | 'netease'

const FIXTURES = new URL('../fixtures/platforms/', import.meta.url)

export function fixture(platform: SessionPlatform, name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`${platform}/${name}.json`, FIXTURES), 'utf8'))
}

export const COOKIE = { tencent: 'omaccesstoken', iqiyi: 'P00001', netease: 'NTES_SESS' } as const

/** The uid of the iQiyi space the fake serves. */
export const IQIYI_UID = '1412822955'

const LOGIN = `<!doctype html><html><body><h1>登录</h1></body></html>`
const CAPTCHA = `<!doctype html><html><body><h1>请完成安全验证</h1></body></html>`

/**
 * A page that fetches `boot` on load and, with `list`, a paged list behind a
 * 下一页 button. Its XHRs go one after another (`chain`), not at once: the
 * BrowserSession of this writing settles a read when its last wanted answer
 * arrives even if an earlier one's body is still being read (reported to the
 * lead); chained, every answer is captured.
 */
function page(title: string, boot: string, list = '') {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><div id="app"></div><div id="list"></div>
<button class="btn-next" style="display:none">下一页</button><script>
let chain = Promise.resolve()
const get = (url, init) => {
  const answer = chain.then(() => fetch(url, Object.assign({ credentials: 'include' }, init)).then((r) => r.json()))
  chain = answer.catch(() => {})
  return answer
}
const show = (rows, more) => {
  document.getElementById('list').textContent = rows.join(' | ')
  document.querySelector('.btn-next').style.display = more ? 'inline' : 'none'
}
${boot}
${list}
</script></body></html>`
}

const TENCENT_FANS = page(
  '数据 - 粉丝',
  `get('/maccountsetting/basicinfo/?relogin=1')
get('/mstatistic/ommixin/getFansTotalStatistic?app=&relogin=1')`
)

const TENCENT_VIDEOS = page(
  '数据 - 视频',
  `get('/maccountsetting/basicinfo/?relogin=1')`,
  `let n = 1
const load = () => get('/mstatistic/VideoData/MediaVideoList?limit=8&page=' + n + '&fields=2%7C3&source=0&relogin=1')
  .then((b) => { const d = b.data || {}; show((d.list || []).map((v) => v.title), n * 8 < d.total) })
document.querySelector('.btn-next').addEventListener('click', () => { n++; load() })
load()`
)

const NETEASE = page(
  '网易号',
  `get('/wemedia/navinfo.do?_=' + Date.now())
if (location.hash === '#/home') get('/wemedia/index/count.do?_=' + Date.now())`,
  `let n = 1
const load = () => get('/wemedia/content/manage/list.do?_=' + Date.now(), {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
  body: 'pageNo=' + n + '&size=3&contentState=3&contentType=0',
}).then((b) => { const d = b.data || {}; show((d.list || []).map((v) => v.title), n * 3 < d.total) })
document.querySelector('.btn-next').addEventListener('click', () => { n++; load() })
if (location.hash === '#/content-manage') load()`
)

const IQIYI_SPACE = page(
  '爱奇艺号 - 视频',
  `get('/passport/user/userinfodetail')`,
  `let n = 1
const load = () => get('/iqiyihao/entity/get_videos.action?agenttype=118&agentversion=10.7.5&fuid=${IQIYI_UID}&page=' + n + '&size=3&timestamp=' + Date.now() + '&sign=page-signs-it')
  .then((b) => {
    const d = b.data || {}
    const ids = ((d.sort && d.sort.flows) || []).map((f) => f.qipuId)
    if (ids.length) get('/iqiyihao/episode_info.action?agenttype=118&qipuIds=' + ids.join(',') + '&sign=page-signs-it')
    show(ids.map(String), d.hasMore === 1)
  })
document.querySelector('.btn-next').addEventListener('click', () => { n++; load() })
load()`
)

const PAGES: Record<SessionPlatform, Record<string, string>> = {
  tencent: { '/main/data/fans': TENCENT_FANS, '/main/data/video': TENCENT_VIDEOS },
  netease: { '/subscribe_v4/index.html': NETEASE },
  iqiyi: { [`/u/${IQIYI_UID}/videos`]: IQIYI_SPACE },
}

const LOGIN_PATH = { tencent: '/userAuth/index', iqiyi: '/user/login', netease: '/login.html' }
const CAPTCHA_PATH = { tencent: '/captcha/verify', iqiyi: '/security/verify', netease: '/captcha' }

export interface SessionSiteOptions {
  /** Values of the essential cookie that are signed in (default ['session-1']). */
  sessions?: string[]
}

export interface SessionSite {
  url: string
  /** The host the adapters set the cookies for. */
  host: string
  signOut(session: string): void
  signedOutBy: 'redirect' | 'answer'
  captcha: false | 'page' | 'xhr'
  /** Requests by path. */
  hits: Map<string, number>
  close(): Promise<void>
}

function cookieOf(req: IncomingMessage, name: string) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

async function textOf(req: IncomingMessage) {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

/** The XHR answers of a signed-in session (undefined: not one of the platform's paths). */
async function answer(platform: SessionPlatform, req: IncomingMessage, url: URL) {
  const path = url.pathname.replace(/\/+$/, '')
  const ofPage = (pageNo: number, name: string, empty: Record<string, any>) =>
    pageNo <= 2 ? fixture(platform, `${name}_page${pageNo}`) : empty
  if (platform === 'tencent') {
    if (path === '/maccountsetting/basicinfo') return fixture(platform, 'basicinfo')
    if (path === '/mstatistic/ommixin/getFansTotalStatistic') return fixture(platform, 'fans_total')
    if (path === '/mstatistic/VideoData/MediaVideoList') {
      const empty = { code: 0, msg: 'success', data: { total: 10, list: [] } }
      return ofPage(Number(url.searchParams.get('page') ?? 1), 'video_list', empty)
    }
  } else if (platform === 'netease') {
    if (path === '/wemedia/navinfo.do') return fixture(platform, 'navinfo')
    if (path === '/wemedia/index/count.do') return fixture(platform, 'index_count')
    if (path === '/wemedia/content/manage/list.do') {
      const pageNo = Number(new URLSearchParams(await textOf(req)).get('pageNo') ?? 1)
      const empty = { code: 1, msg: 'success', data: { total: 5, list: [] } }
      return ofPage(pageNo, 'content_list', empty)
    }
  } else {
    if (path === '/passport/user/userinfodetail') return fixture(platform, 'userinfodetail')
    if (path === '/iqiyihao/entity/get_videos.action') {
      const empty = { code: 'A00000', data: { totalNum: 5, hasMore: 0, sort: { flows: [] } } }
      return ofPage(Number(url.searchParams.get('page') ?? 1), 'get_videos', empty)
    }
    if (path === '/iqiyihao/episode_info.action') {
      const all = {
        ...fixture(platform, 'episode_info_page1').data,
        ...fixture(platform, 'episode_info_page2').data,
      }
      const ids = (url.searchParams.get('qipuIds') ?? '').split(',')
      const data = Object.fromEntries(ids.filter((id) => all[id]).map((id) => [id, all[id]]))
      return { code: 'A00000', data, msg: null }
    }
  }
  return undefined
}

export async function startSessionSite(
  platform: SessionPlatform,
  options: SessionSiteOptions = {}
): Promise<SessionSite> {
  const sessions = new Set(options.sessions ?? ['session-1'])
  const signedOut = new Set<string>()
  const sockets = new Set<Socket>()
  const send = (res: ServerResponse, status: number, type: string, body: string, headers = {}) => {
    res.writeHead(status, { 'Content-Type': type, ...headers })
    res.end(body)
  }
  const json = (res: ServerResponse, body: unknown) =>
    send(res, 200, 'application/json', JSON.stringify(body))

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    site.hits.set(path, (site.hits.get(path) ?? 0) + 1)
    if (path === LOGIN_PATH[platform]) return send(res, 200, 'text/html; charset=utf-8', LOGIN)
    if (path === CAPTCHA_PATH[platform]) return send(res, 200, 'text/html; charset=utf-8', CAPTCHA)
    const session = cookieOf(req, COOKIE[platform])
    const signedIn = session !== undefined && sessions.has(session) && !signedOut.has(session)
    const html = PAGES[platform][path]
    if (html !== undefined) {
      if (site.captcha === 'page') {
        return send(res, 302, 'text/plain', '', { Location: CAPTCHA_PATH[platform] })
      }
      const redirect = platform !== 'iqiyi' && site.signedOutBy === 'redirect'
      if (!signedIn && redirect) {
        return send(res, 302, 'text/plain', '', {
          Location: `${LOGIN_PATH[platform]}?redirect=${encodeURIComponent(path)}`,
        })
      }
      return send(res, 200, 'text/html; charset=utf-8', html)
    }
    if (!signedIn) {
      const name = platform === 'tencent' ? 'account_refused' : 'signed_out'
      return json(res, fixture(platform, name))
    }
    if (site.captcha === 'xhr' && platform === 'netease' && path.endsWith('/list.do')) {
      return json(res, fixture(platform, 'captcha_100502'))
    }
    const body = await answer(platform, req, url)
    if (body === undefined) return send(res, 404, 'application/json', '{"code":404}')
    json(res, body)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))

  const site: SessionSite = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    host: '127.0.0.1',
    signOut: (session) => signedOut.add(session),
    signedOutBy: 'redirect',
    captcha: false,
    hits: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  return site
}

/** A cookie export as staff paste it (Cookie-Editor's array), with the platform's login cookies. */
export function cookieExport(platform: SessionPlatform, session: string) {
  const cookies = {
    tencent: [
      { name: 'omaccesstoken', value: session, domain: '.om.qq.com', path: '/' },
      { name: 'omtoken', value: session, domain: '.om.qq.com', path: '/' },
      { name: 'userid', value: '15485831', domain: '.om.qq.com', path: '/' },
    ],
    iqiyi: [
      { name: 'P00001', value: session, domain: '.iqiyi.com', path: '/' },
      { name: 'P00003', value: IQIYI_UID, domain: '.iqiyi.com', path: '/' },
    ],
    netease: [
      { name: 'NTES_SESS', value: session, domain: '.163.com', path: '/' },
      { name: 'S_INFO', value: '1577264654|0|3&80##|studio_demo', domain: '.163.com', path: '/' },
    ],
  }[platform]
  return JSON.stringify(cookies)
}

/** Chromium processes this test process started and that still run (their pids). */
export function chromiumChildren(): number[] {
  let out = ''
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    })
  } catch {
    return [] // ps exits 1 when there is no child
  }
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, comm]) => pid && /chrom/i.test(comm ?? ''))
    .map(([pid]) => Number(pid))
}
