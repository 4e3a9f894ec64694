import { PlatformError, type VideoStats } from '#platforms/types'
import type { Json } from '#platforms/browser_session'
import { count } from '#platforms/open_http'
import { beijingTime } from '#platforms/session_pager'

/*
| Reading the answers the Netease (网易号, mp.163.com) creator-center pages
| receive (netease.ts): every answer is {code, msg, data}, code 1 meaning
| success; a content-list item as VideoStats. The field names are the ones
| public code reads from these answers (tests/fixtures/platforms/netease/
| README.md says where); none of the bodies was found published whole.
*/

export const NAVINFO = '/wemedia/navinfo.do'
export const INDEX_COUNT = '/wemedia/index/count.do'
export const CONTENT_LIST = '/wemedia/content/manage/list.do'

/** "需要进行图形验证码验证" (a picture captcha is asked). */
const CAPTCHA_CODE = 100502

export function badResponse(what: string) {
  return new PlatformError('netease', 'bad_response', `Netease's answer lacks ${what}`, {
    retryable: false,
  })
}

/**
 * The platform's verdict on an answer: code 1 is an answer; 100502 asks for
 * a captcha; the account answer (navinfo) with any other code means the
 * cookie is signed out (the page shows 登录 then); another code elsewhere is
 * the platform failing.
 */
export function refusal(name: string, body: Json, status: number) {
  if (status === 401 || status === 403) return { code: 'auth' as const, upstreamCode: status }
  const code = body.code
  if (code === 1 || code === '1') return undefined
  if (Number(code) === CAPTCHA_CODE) return { code: 'captcha' as const, upstreamCode: CAPTCHA_CODE }
  if (name === 'account') return { code: 'auth' as const, upstreamCode: code ?? status }
  return { code: 'upstream' as const, upstreamCode: code ?? status }
}

export function data(body: Json | undefined, path: string): Json {
  const value = body?.data
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(`data (${path})`)
  }
  return value
}

/** One work of the content list (an article or a video; both count as the account's uploads). */
export function contentStats(item: Json): VideoStats {
  const id = item.articleId ?? item.docid
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw badResponse(`data.list[].articleId (${CONTENT_LIST})`)
  }
  return {
    id: String(id),
    title: typeof item.title === 'string' ? item.title : '',
    publishedAt: beijingTime(item.showTime),
    url: `https://www.163.com/dy/article/${id}.html`,
    views: count(item.pvCount),
    likes: 0,
    comments: count(item.commentCount),
    shares: count(item.shareCount),
    favorites: 0,
    danmaku: 0,
    coins: 0,
    unread: ['likes', 'favorites'],
  }
}

interface ContentPage {
  items: Json[]
  total: number
}

export function contentPage(body: Json | undefined): ContentPage {
  const list = data(body, CONTENT_LIST)
  if (!Array.isArray(list.list)) throw badResponse(`data.list (${CONTENT_LIST})`)
  const items = list.list.filter((item: unknown) => item && typeof item === 'object')
  return { items, total: list.total === undefined ? items.length : count(list.total) }
}
