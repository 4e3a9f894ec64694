import { count, type Json } from '#platforms/open_http'
import { PlatformError, type VideoStats } from '#platforms/types'

/*
| Reading the Weibo open API's answers (weibo.ts): users/show's counters,
| account/get_uid's uid, a statuses/user_timeline page and a status as
| VideoStats; a missing or malformed field is a 'bad_response'.
|
| A status carries reposts_count, comments_count and attitudes_count (older
| answers lack attitudes_count); a counter the answer lacks is listed in
| `unread` so the ingest keeps the last known value. Views exist only on a
| video post that carries its play count (page_info of type "video":
| media_info.online_users_number or play_count, as Weibo's clients receive
| them); otherwise views are 0. Favorites are not in the answer (unread).
*/

export const GET_UID = 'account/get_uid.json'
export const USERS_SHOW = 'users/show.json'
export const USER_TIMELINE = 'statuses/user_timeline.json'
export const STATUS_SHOW = 'statuses/show.json'

const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
}

export function badResponse(path: string, what: string) {
  return new PlatformError('weibo', 'bad_response', `Weibo's answer to ${path} lacks ${what}`, {
    retryable: false,
  })
}

function required(data: Json, name: string, path: string): number {
  const value = data[name]
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
    return count(value)
  }
  throw badResponse(path, `the counter "${name}"`)
}

/** account/get_uid: {uid}. */
export function uidOf(body: Json): string {
  const uid = body.uid
  if ((typeof uid !== 'number' && typeof uid !== 'string') || String(uid) === '') {
    throw badResponse(GET_UID, 'the field "uid"')
  }
  return String(uid)
}

/** users/show: followers_count (粉丝数), statuses_count (微博数). */
export function userCounters(body: Json) {
  return {
    fans: required(body, 'followers_count', USERS_SHOW),
    posts: required(body, 'statuses_count', USERS_SHOW),
  }
}

/** statuses/user_timeline: statuses[] and total_number. */
export function timelineOf(body: Json) {
  const statuses = body.statuses
  if (!Array.isArray(statuses)) throw badResponse(USER_TIMELINE, 'the array "statuses"')
  for (const status of statuses) {
    if (!status || typeof status !== 'object' || Array.isArray(status)) {
      throw badResponse(USER_TIMELINE, 'a status object')
    }
  }
  return { statuses: statuses as Json[], total: count(body.total_number) }
}

/** "Tue May 31 17:46:55 +0800 2011" as ISO 8601 (UTC); null when unreadable. */
export function createdAtIso(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const match =
    /^\w{3} (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2}) (\d{4})$/.exec(
      value.trim()
    )
  if (!match || !MONTHS[match[1]]) return null
  const [, month, day, hh, mm, ss, sign, offH, offM, year] = match
  const date = new Date(
    `${year}-${MONTHS[month]}-${day.padStart(2, '0')}T${hh}:${mm}:${ss}${sign}${offH}:${offM}`
  )
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function idOf(status: Json, path: string): string {
  const id = typeof status.idstr === 'string' && status.idstr ? status.idstr : status.id
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') {
    throw badResponse(path, 'the field "idstr"')
  }
  return String(id)
}

/** The play count of a video post, when the answer carries one. */
function playsOf(status: Json): number | null {
  const page = status.page_info
  if (!page || typeof page !== 'object') return null
  const info = page as Json
  if (info.type !== 'video' && info.object_type !== 'video') return null
  const media =
    info.media_info && typeof info.media_info === 'object' ? (info.media_info as Json) : {}
  for (const value of [media.online_users_number, info.play_count]) {
    if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
      return count(value)
    }
  }
  return null
}

function durationOf(status: Json): number | null {
  const page = status.page_info as Json | undefined
  const media = page?.media_info as Json | undefined
  const seconds = Number(media?.duration)
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : null
}

function thumbnailOf(status: Json): string | null {
  const page = status.page_info as Json | undefined
  const pic = page?.page_pic as Json | undefined
  for (const value of [pic?.url, status.bmiddle_pic, status.thumbnail_pic]) {
    if (typeof value === 'string' && value) return value
  }
  return null
}

/** A status as VideoStats (reposts are its shares). */
export function videoStats(status: Json, path: string): VideoStats {
  const id = idOf(status, path)
  const unread: NonNullable<VideoStats['unread']> = []
  const counter = (name: string, metric: 'likes' | 'comments' | 'shares') => {
    const value = status[name]
    if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
      return count(value)
    }
    unread.push(metric)
    return 0
  }
  const likes = counter('attitudes_count', 'likes')
  const comments = counter('comments_count', 'comments')
  const shares = counter('reposts_count', 'shares')
  unread.push('favorites')
  return {
    id,
    title: typeof status.text === 'string' ? status.text.trim() : '',
    publishedAt: createdAtIso(status.created_at),
    url: `https://m.weibo.cn/status/${encodeURIComponent(id)}`,
    views: playsOf(status) ?? 0,
    likes,
    comments,
    shares,
    danmaku: 0,
    coins: 0,
    favorites: 0,
    durationS: durationOf(status),
    thumbnailUrl: thumbnailOf(status),
    unread,
  }
}
