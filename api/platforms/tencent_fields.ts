import { PlatformError, type VideoStats } from '#platforms/types'
import type { Json } from '#platforms/browser_session'
import { count } from '#platforms/open_http'
import { beijingTime } from '#platforms/session_pager'

/*
| Reading the answers the Tencent Video creator platform (企鹅号 / 腾讯内容开放
| 平台, om.qq.com) pages receive (tencent.ts); a video-list item as
| VideoStats. The field names are the ones public code reads from these
| answers (tests/fixtures/platforms/tencent/README.md says where); none of
| the bodies was found published whole.
*/

export const ACCOUNT = '/maccountsetting/basicinfo'
export const FANS_TOTAL = '/mstatistic/ommixin/getFansTotalStatistic'
export const VIDEO_LIST = '/mstatistic/VideoData/MediaVideoList'

export function badResponse(what: string) {
  return new PlatformError('tencent', 'bad_response', `Tencent's answer lacks ${what}`, {
    retryable: false,
  })
}

/** The answer's own code (top level, or under `response` as some OM answers put it). */
function codeOf(body: Json): unknown {
  return body.code ?? body.response?.code ?? body.ret
}

/**
 * The platform's verdict: no code or code 0 is an answer; the account answer
 * with another code means the cookie no longer signs in; elsewhere the
 * platform failed. HTTP 401/403 → the login is refused.
 */
export function refusal(name: string, body: Json, status: number) {
  if (status === 401 || status === 403) return { code: 'auth' as const, upstreamCode: status }
  const code = codeOf(body)
  if (code === undefined || code === null || Number(code) === 0) return undefined
  if (name === 'account') return { code: 'auth' as const, upstreamCode: String(code) }
  return { code: 'upstream' as const, upstreamCode: String(code) }
}

export function data(body: Json | undefined, path: string): Json {
  const value = body?.data
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(`data (${path})`)
  }
  return value
}

/** getFansTotalStatistic: data.data is a JSON text (or an object) holding `fans`. */
export function fansTotal(body: Json | undefined): number {
  const inner = data(body, FANS_TOTAL).data
  let parsed: unknown = inner
  if (typeof inner === 'string') {
    try {
      parsed = JSON.parse(inner)
    } catch {
      parsed = undefined
    }
  }
  const fans = parsed && typeof parsed === 'object' ? (parsed as Json).fans : undefined
  if (fans === undefined) throw badResponse(`data.data.fans (${FANS_TOTAL})`)
  return count(fans)
}

/** One video of MediaVideoList. Only plays are in the list: the other counters are unread. */
export function videoStats(item: Json): VideoStats {
  const vid = item.vid
  if (typeof vid !== 'string' || !vid) throw badResponse(`data.list[].vid (${VIDEO_LIST})`)
  return {
    id: vid,
    title: typeof item.title === 'string' ? item.title : '',
    publishedAt: beijingTime(item.uploadTime),
    url:
      typeof item.url === 'string' && item.url ? item.url : `https://v.qq.com/x/page/${vid}.html`,
    views: count(item.newTotalPlayPv),
    likes: 0,
    comments: 0,
    shares: 0,
    favorites: 0,
    danmaku: 0,
    coins: 0,
    unread: ['likes', 'comments', 'favorites', 'shares', 'danmaku'],
  }
}

interface VideoListPage {
  items: Json[]
  total: number
}

export function videoListPage(body: Json | undefined): VideoListPage {
  const list = data(body, VIDEO_LIST)
  if (!Array.isArray(list.list)) throw badResponse(`data.list (${VIDEO_LIST})`)
  const items = list.list.filter((item: unknown) => item && typeof item === 'object')
  return { items, total: list.total === undefined ? items.length : count(list.total) }
}
