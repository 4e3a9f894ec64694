import { count, type Json } from '#platforms/open_http'
import { PlatformError, type VideoStats } from '#platforms/types'

/*
| Reading the Kuaishou open platform's answers (kwai.ts): user_info's
| counters, photo/count's numbers, a photo/list page and a photo (video_info)
| as VideoStats; a missing or malformed field is a 'bad_response'.
*/

export const USER_INFO = 'openapi/user_info'
export const PHOTO_LIST = 'openapi/photo/list'
export const PHOTO_COUNT = 'openapi/photo/count'
export const PHOTO_INFO = 'openapi/photo/info'

export interface KwaiPhoto {
  id: string
  /** Milliseconds since the epoch, or null when the answer does not say. */
  createdMs: number | null
  pending: boolean
  raw: Json
}

export function badResponse(path: string, what: string) {
  return new PlatformError('kwai', 'bad_response', `Kuaishou's answer to ${path} lacks ${what}`, {
    retryable: false,
  })
}

function objectField(body: Json, name: string, path: string): Json {
  const value = body[name]
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(path, `the object "${name}"`)
  }
  return value as Json
}

/** A counter that must be there (a number or a numeric string). */
function required(data: Json, name: string, path: string): number {
  const value = data[name]
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
    return count(value)
  }
  throw badResponse(path, `the counter "${name}"`)
}

/** user_info: fan (粉丝数) and follow (关注数). */
export function userCounters(body: Json) {
  const info = objectField(body, 'user_info', USER_INFO)
  return { fans: required(info, 'fan', USER_INFO), follows: count(info.follow) }
}

/** photo/count: public_count (公开), all_count (总量). */
export function photoCounts(body: Json) {
  return {
    publicCount: required(body, 'public_count', PHOTO_COUNT),
    allCount: count(body.all_count),
  }
}

/** A photo object (video_list[] of photo/list, video_info of photo/info). */
export function photoOf(value: unknown, path: string): KwaiPhoto {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badResponse(path, 'a video object')
  }
  const raw = value as Json
  const id = raw.photo_id
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') {
    throw badResponse(path, 'the field "photo_id"')
  }
  const created = Number(raw.create_time)
  return {
    id: String(id),
    // Documented in milliseconds (1596629598574); a value in seconds is read as such.
    createdMs:
      Number.isFinite(created) && created > 0 ? (created < 1e12 ? created * 1000 : created) : null,
    pending: raw.pending === true,
    raw,
  }
}

/** photo/list: video_list (absent on an account without videos). */
export function photoList(body: Json): KwaiPhoto[] {
  const list = body.video_list ?? []
  if (!Array.isArray(list)) throw badResponse(PHOTO_LIST, 'the array "video_list"')
  return list.map((item) => photoOf(item, PHOTO_LIST))
}

/** photo/info: video_info. */
export function photoInfo(body: Json): KwaiPhoto {
  return photoOf(objectField(body, 'video_info', PHOTO_INFO), PHOTO_INFO)
}

/**
 * A photo as VideoStats. The open API gives views, likes and comments only:
 * shares and favorites are left unread (the ingest keeps what an import or a
 * creator-centre reading recorded); danmaku and coins do not exist.
 */
export function videoStats(photo: KwaiPhoto): VideoStats {
  const raw = photo.raw
  return {
    id: photo.id,
    title: typeof raw.caption === 'string' ? raw.caption : '',
    publishedAt: photo.createdMs === null ? null : new Date(photo.createdMs).toISOString(),
    url: `https://www.kuaishou.com/short-video/${encodeURIComponent(photo.id)}`,
    views: count(raw.view_count),
    likes: count(raw.like_count),
    comments: count(raw.comment_count),
    shares: 0,
    danmaku: 0,
    coins: 0,
    favorites: 0,
    thumbnailUrl: typeof raw.cover === 'string' && raw.cover ? raw.cover : null,
    unread: ['shares', 'favorites'],
  }
}
