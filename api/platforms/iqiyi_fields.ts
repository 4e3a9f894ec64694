import { PlatformError, type VideoStats } from '#platforms/types'
import type { Json } from '#platforms/browser_session'
import { count } from '#platforms/open_http'
import { beijingTime } from '#platforms/session_pager'

/*
| Reading the answers an iQiyi 爱奇艺号 space page (www.iqiyi.com/u/<uid>/videos)
| receives (iqiyi.ts): every answer is {code, data, msg}, code "A00000"
| meaning success; an episode as VideoStats. The field names are those of
| public code reading these answers (tests/fixtures/platforms/iqiyi/README.md
| says where); none of the bodies was found published whole.
*/

export const USER_INFO = '/passport/user/userinfodetail'
export const GET_VIDEOS = '/iqiyihao/entity/get_videos.action'
export const EPISODE_INFO = '/iqiyihao/episode_info.action'

const SUCCESS = 'A00000'

export function badResponse(what: string) {
  return new PlatformError('iqiyi', 'bad_response', `iQiyi's answer lacks ${what}`, {
    retryable: false,
  })
}

/**
 * The platform's verdict: code A00000 is an answer; the signed-in user's
 * answer (userinfodetail) with another code means the cookie no longer signs
 * in; elsewhere the platform failed.
 */
export function refusal(name: string, body: Json, status: number) {
  if (status === 401 || status === 403) return { code: 'auth' as const, upstreamCode: status }
  if (body.code === SUCCESS) return undefined
  if (name === 'account') return { code: 'auth' as const, upstreamCode: body.code ?? status }
  return { code: 'upstream' as const, upstreamCode: body.code ?? status }
}

export function data(body: Json | undefined, path: string): Json {
  const value = body?.data
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(`data (${path})`)
  }
  return value
}

export interface VideoIds {
  total: number
  hasMore: boolean
  ids: string[]
}

/** get_videos.action: data.totalNum, data.hasMore, data.sort.flows[].qipuId (newest first). */
export function videoIds(body: Json | undefined): VideoIds {
  const answer = data(body, GET_VIDEOS)
  const flows = answer.sort?.flows
  if (!Array.isArray(flows)) throw badResponse(`data.sort.flows (${GET_VIDEOS})`)
  const ids = flows
    .map((flow: Json | null) => flow?.qipuId)
    .filter((id: unknown) => typeof id === 'number' || (typeof id === 'string' && id !== ''))
    .map(String)
  return {
    total: answer.totalNum === undefined ? ids.length : count(answer.totalNum),
    hasMore: answer.hasMore === 1 || answer.hasMore === true,
    ids,
  }
}

/** One episode of episode_info.action (data: {qipuId: episode}). */
function episodeStats(id: string, item: Json): VideoStats {
  const duration = count(item.playTime)
  return {
    id,
    title: typeof item.title === 'string' ? item.title : '',
    publishedAt: beijingTime(item.timeCreate),
    url: typeof item.pageUrl === 'string' && item.pageUrl ? item.pageUrl : null,
    views: count(item.playCount),
    likes: count(item.likeCount),
    comments: 0,
    shares: 0,
    favorites: 0,
    danmaku: 0,
    coins: 0,
    durationS: duration > 0 ? duration : null,
    thumbnailUrl: typeof item.thumbnail === 'string' && item.thumbnail ? item.thumbnail : null,
    unread: ['comments', 'shares', 'favorites', 'danmaku'],
  }
}

/** The episodes of `ids` in that order; an id the answer lacks is left out. */
export function episodes(body: Json | undefined, ids: string[]): VideoStats[] {
  const answer = data(body, EPISODE_INFO)
  return ids
    .filter((id) => answer[id] && typeof answer[id] === 'object')
    .map((id) => episodeStats(id, answer[id]))
}
