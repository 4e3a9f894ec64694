import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setEnv } from '#tests/helpers/functional'
import { platformModes } from '#config/platforms'
import platforms from '#platforms/main'
import { DOUYIN_PATHS } from '#platforms/douyin'
import { XIGUA_PATHS } from '#platforms/xigua'
import { PLATFORMS, type PlatformKey } from '#shared/constants'
import { startFakeServer, type FakeHandler } from '#tests/helpers/platforms'
import * as bytedance from '#tests/helpers/bytedance'
import * as bilibili from '#tests/helpers/open_apis/bilibili'
import * as youtube from '#tests/helpers/open_apis/youtube'
import * as kwai from '#tests/helpers/open_apis/kwai'
import * as weibo from '#tests/helpers/open_apis/weibo'
import * as haokan from '#tests/helpers/open_apis/haokan'
import * as center from '#tests/helpers/creator_center'
import * as pages from '#tests/helpers/session_pages'

/*
| All twelve platforms at once, for the collection over every live adapter
| (tests/functional/platforms/collection_live.spec.ts) and the bench
| (bench/collection_live.ts): the fake servers and pages of the adapter
| tests with their published bodies, the env settings that point
| config/platforms.ts's live factories at them, and the login each
| platform's account stores. `anyChannel` serves the sample channel to
| every YouTube channel id and iQiyi space (the bench's thousands of
| accounts each need a uid of their own); nothing else changes.
*/

interface FakesOptions {
  /** Kuaishou answers every call with its published rate-limit body. */
  kwaiRateLimited?: boolean
  /** Every YouTube channel id and iQiyi space is answered as the sample one. */
  anyChannel?: boolean
}

/** The YouTube handler answering any channel id as the sample channel. */
function sampleChannel(handler: FakeHandler): FakeHandler {
  return (request) => {
    if (request.path !== 'channels' || !request.query.get('id')) return handler(request)
    const query = new URLSearchParams(request.query)
    query.set('id', youtube.CHANNEL_ID)
    return handler({ ...request, query })
  }
}

/** A proxy in front of the fake iQiyi site sending every /u/<uid>/ space to the sample one. */
async function sampleSpace(site: pages.SessionSite) {
  const target = new URL(site.url)
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/u\/\d+\//, `/u/${pages.IQIYI_UID}/`)
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    host: site.host,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * Points the live factories at `fakes` (env settings) and hands every
 * platform's live adapter, built by config/platforms.ts, to the manager until
 * `platforms.restore()`. Returns what puts the env settings back, so that
 * later groups (the OAuth connect's, with its own app ids and bases) read
 * their own.
 */
export function useLiveAdapters(fakes: Fakes) {
  const restores = Object.entries(fakes.urls).map(([key, value]) => setEnv(key as any, value))
  for (const key of PLATFORMS) platforms.fake(key, platformModes.live[key]())
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}

export const DOUYIN = {
  token: 'act.1d1021d2aee3d41fee2d2add43456badMFZnrhFhfWotu3Ecuiuka27L56lr',
  openId: '0da22181-d833-447f-995f-1beefea5bef3',
}
const XIGUA = {
  token: 'act.xigua0d21aee3d41fee2d2add43456badMFZnrhFhfWotu3Ecuiuka27L56',
  openId: 'ba253642-0590-40bc-9bdf-9a1334b94059',
}
const openLogin = (login: { token: string; openId: string }) =>
  JSON.stringify({ access_token: login.token, open_id: login.openId })

/** The ByteDance open platform's site for Douyin or Xigua: the published answers as they are. */
function byteDanceSite(platform: 'douyin' | 'xigua'): bytedance.ByteDanceSite {
  const login = platform === 'douyin' ? DOUYIN : XIGUA
  const paths = platform === 'douyin' ? DOUYIN_PATHS.videos : XIGUA_PATHS.videos
  const listed = bytedance.fixture(platform, 'video_list').data.list[0]
  const answers: bytedance.ByteDanceSite['answers'] =
    platform === 'douyin'
      ? {
          [DOUYIN_PATHS.fans]: () => ({
            json: bytedance.fixture('douyin', 'data_external_user_fans'),
          }),
          [DOUYIN_PATHS.items]: () => ({
            json: bytedance.fixture('douyin', 'data_external_user_item'),
          }),
          [DOUYIN_PATHS.fansData]: () => ({ json: bytedance.fixture('douyin', 'fans_data') }),
        }
      : {}
  return {
    token: login.token,
    openId: login.openId,
    videos: bytedance.videosFrom(listed, 3),
    videoList: paths.list,
    videoData: paths.data,
    answers,
  }
}

export interface Fakes {
  urls: Record<string, string>
  /** Calls Kuaishou's fake answered. */
  kwaiCalls: () => number
  close(): Promise<void>
}

export async function startFakes(options: FakesOptions = {}): Promise<Fakes> {
  const douyin = await bytedance.startByteDanceFake(byteDanceSite('douyin'))
  const xigua = await bytedance.startByteDanceFake(byteDanceSite('xigua'))
  const bili = await startFakeServer(
    bilibili.bilibiliHandler({ keys: bilibili.KEYS_A, videos: bilibili.makeVideos(4) })
  )
  const ytHandler = youtube.youtubeHandler({ videos: youtube.makeVideos(4) })
  const yt = await startFakeServer(options.anyChannel ? sampleChannel(ytHandler) : ytHandler)
  // with kwaiRateLimited, Kuaishou answers every call with its published rate-limit body
  const ks = await startFakeServer(
    kwai.kwaiHandler({
      videos: kwai.makeVideos(3),
      override: options.kwaiRateLimited
        ? () => ({ json: kwai.fixture('error_rate_limited') })
        : undefined,
    })
  )
  const wb = await startFakeServer(weibo.weiboHandler({ count: 6 }))
  const bjh = await haokan.startBaijiahao(haokan.defaultSite())
  const xhs = await center.startCreatorCenter('xiaohongshu')
  const wx = await center.startCreatorCenter('wechat_channels')
  const om = await pages.startSessionSite('tencent')
  const iqSite = await pages.startSessionSite('iqiyi')
  const iq = options.anyChannel ? await sampleSpace(iqSite) : iqSite
  const ne = await pages.startSessionSite('netease')
  const all: { close(): Promise<void> }[] = [douyin, xigua, bili, yt, ks, wb, bjh, xhs, wx, om]
  all.push(iqSite, ne, ...(iq === iqSite ? [] : [iq]))
  return {
    urls: {
      BILIBILI_API_BASE: bili.url,
      YOUTUBE_API_BASE: yt.url,
      YOUTUBE_API_KEY: youtube.API_KEY,
      DOUYIN_API_BASE: douyin.url,
      XIGUA_API_BASE: xigua.url,
      XIGUA_OAUTH_BASE: xigua.url,
      KWAI_API_BASE: ks.url,
      KWAI_APP_ID: kwai.APP_ID,
      WEIBO_API_BASE: wb.url,
      BAIJIAHAO_API_BASE: bjh.url,
      XIAOHONGSHU_CREATOR_BASE: xhs.url,
      XIAOHONGSHU_COOKIE_DOMAIN: xhs.host,
      WECHAT_CHANNELS_BASE: wx.url,
      WECHAT_CHANNELS_COOKIE_DOMAIN: wx.host,
      TENCENT_OM_BASE: om.url,
      TENCENT_COOKIE_DOMAIN: om.host,
      IQIYI_WEB_BASE: iq.url,
      IQIYI_COOKIE_DOMAIN: iq.host,
      NETEASE_MP_BASE: ne.url,
      NETEASE_COOKIE_DOMAIN: ne.host,
    },
    kwaiCalls: () => ks.requests.length,
    close: async () => {
      await Promise.all(all.map((fake) => fake.close()))
    },
  }
}

/**
 * The login each platform's account holds (uid, token, cookie), as staff
 * store them; a second creator's channel where the fake serves another one.
 */
export function loginOf(platform: PlatformKey, refused = false, second = false) {
  const none = {
    uid: null as string | null,
    token: null as string | null,
    cookie: null as string | null,
  }
  switch (platform) {
    case 'bilibili':
      return { ...none, uid: second ? '2234' : '2233', cookie: 'SESSDATA=abc; bili_jct=def' }
    case 'youtube':
      return { ...none, uid: second ? '@studio' : youtube.CHANNEL_ID }
    case 'douyin':
      return { ...none, token: openLogin(refused ? { ...DOUYIN, token: 'act.lapsed' } : DOUYIN) }
    case 'xigua':
      return { ...none, token: openLogin(XIGUA) }
    case 'kwai':
      return { ...none, uid: second ? '3xkwaiuid2' : '3xkwaiuid', token: kwai.TOKEN }
    case 'weibo':
      return { ...none, uid: weibo.UID, token: weibo.TOKEN }
    case 'haokan':
      return { ...none, uid: haokan.APP_ID, token: haokan.APP_TOKEN }
    case 'xiaohongshu':
      return { ...none, uid: '414757977', cookie: center.cookieExport('xiaohongshu', 'session-1') }
    case 'wechat_channels':
      return {
        ...none,
        uid: 'v2_xxx@finder',
        cookie: center.cookieExport('wechat_channels', 'session-1'),
      }
    case 'tencent':
      return {
        ...none,
        cookie: pages.cookieExport('tencent', refused ? 'signed-out' : 'session-1'),
      }
    case 'iqiyi':
      return { ...none, uid: pages.IQIYI_UID, cookie: pages.cookieExport('iqiyi', 'session-1') }
    case 'netease':
      return { ...none, cookie: pages.cookieExport('netease', 'session-1') }
  }
}
