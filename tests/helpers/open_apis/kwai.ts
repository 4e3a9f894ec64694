import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeAnswer, RecordedRequest } from '#tests/helpers/platforms'

/*
| A fake open.kuaishou.com answering with the published bodies of
| tests/fixtures/platforms/kwai (README there): user_info, photo/count and
| photo/info as the documentation's samples, photo/list made of the list
| sample's item repeated with distinct ids, times and counters, errors as
| {result, error, error_msg}. The token and app id travel as the documented
| query parameters.
*/

export const APP_ID = 'ks-test-app'
export const ACCESS = 'kwai-access-SECRET-5f1c'
export const TOKEN = JSON.stringify({
  access_token: ACCESS,
  refresh_token: 'kwai-refresh-SECRET',
  open_id: 'f19fb4b1c1b8',
  expires_at: '2026-12-09T00:00:00.000Z',
  refresh_expires_at: '2027-06-01T00:00:00.000Z',
  scope: 'user_info,user_video_info',
})
export const T0 = 1_764_000_000_000

export function fixture(name: string): any {
  const path = join(process.cwd(), 'tests/fixtures/platforms/kwai', `${name}.json`)
  return JSON.parse(readFileSync(path, 'utf8'))
}

export interface Site {
  videos: { id: string; createdMs: number; views: number; likes: number; comments: number }[]
  pending?: Set<string>
  override?: (request: RecordedRequest) => FakeAnswer | undefined
}

export function makeVideos(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `3xwn3kkerxj${String(index).padStart(4, '0')}`,
    createdMs: T0 - index * 3_600_000,
    views: 1000 + index,
    likes: 10,
    comments: 2,
  }))
}

function photoOf(video: Site['videos'][number], pending = false) {
  const sample = fixture('photo_list').video_list[0]
  return {
    ...sample,
    photo_id: video.id,
    create_time: video.createdMs,
    view_count: video.views,
    like_count: video.likes,
    comment_count: video.comments,
    pending,
  }
}

export function kwaiHandler(site: Site) {
  return (request: RecordedRequest): FakeAnswer => {
    const overridden = site.override?.(request)
    if (overridden) return overridden
    if (request.query.get('app_id') !== APP_ID) return { json: fixture('error_invalid_client') }
    if (request.query.get('access_token') !== ACCESS) {
      return { json: fixture('error_access_token_expired') }
    }
    switch (request.path) {
      case 'openapi/user_info':
        return { json: fixture('user_info') }
      case 'openapi/photo/count':
        return {
          json: {
            ...fixture('photo_count'),
            public_count: site.videos.length - 1,
            private_count: 1,
            friend_count: 0,
            all_count: site.videos.length,
          },
        }
      case 'openapi/photo/list': {
        const size = Number(request.query.get('count') ?? 20)
        const cursor = request.query.get('cursor')
        const at = cursor ? site.videos.findIndex((video) => video.id === cursor) + 1 : 0
        const slice = site.videos.slice(at, at + size)
        return {
          json: {
            result: 1,
            video_list: slice.map((video) => photoOf(video, site.pending?.has(video.id))),
          },
        }
      }
      case 'openapi/photo/info': {
        const video = site.videos.find((item) => item.id === request.query.get('photo_id'))
        if (!video) return { json: fixture('error_video_not_exist') }
        return { json: { ...fixture('photo_info'), video_info: photoOf(video) } }
      }
      default:
        return { status: 404, text: '<html>404</html>' }
    }
  }
}
