import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeAnswer, RecordedRequest } from '#tests/helpers/platforms'

/*
| A fake api.weibo.com/2 answering with the published bodies of
| tests/fixtures/platforms/weibo (README there): users/show as the wiki's
| sample, user_timeline made of the 2018 answer's status repeated with
| distinct ids and counters (every 5th a video post carrying the client
| answers' page_info), errors as {request, error_code, error}. The token
| travels in the "Authorization: OAuth2 <token>" header.
*/

export const ACCESS = '2.00weibo-access-SECRET-81f3'
export const UID = '1404376560'
export const TOKEN = JSON.stringify({
  access_token: ACCESS,
  refresh_token: null,
  open_id: UID,
  expires_at: '2027-01-01T00:00:00.000Z',
  refresh_expires_at: null,
  scope: null,
})

export function fixture(name: string): any {
  const path = join(process.cwd(), 'tests/fixtures/platforms/weibo', `${name}.json`)
  return JSON.parse(readFileSync(path, 'utf8'))
}

export interface Site {
  count: number
  override?: (request: RecordedRequest) => FakeAnswer | undefined
}

export const idOf = (index: number) => String(4230466846817001 - index * 1000)

function statusOf(index: number) {
  const status = { ...fixture('user_timeline_2018').statuses[0] }
  status.id = Number(idOf(index))
  status.idstr = idOf(index)
  status.mid = idOf(index)
  status.reposts_count = 1
  status.comments_count = 2
  status.attitudes_count = 3
  if (index % 5 === 0) {
    const page = fixture('video_page_info')
    page.media_info.online_users_number = 100 + index
    status.page_info = page
  }
  return status
}

export function weiboError(status: number, name: string): FakeAnswer {
  return { status, json: fixture(name) }
}

export function weiboHandler(site: Site) {
  return (request: RecordedRequest): FakeAnswer => {
    const overridden = site.override?.(request)
    if (overridden) return overridden
    if (request.headers.authorization !== `OAuth2 ${ACCESS}`) {
      return weiboError(403, 'error_expired_token')
    }
    switch (request.path) {
      case 'account/get_uid.json':
        return { json: fixture('get_uid') }
      case 'users/show.json':
        return request.query.get('uid') === UID
          ? { json: fixture('users_show') }
          : weiboError(400, 'error_user_not_exist')
      case 'statuses/user_timeline.json': {
        const page = Number(request.query.get('page') ?? 1)
        const size = Number(request.query.get('count') ?? 20)
        const indexes = Array.from({ length: site.count }, (_, index) => index)
          .filter((index) => request.query.get('feature') !== '3' || index % 5 === 0)
          .slice((page - 1) * size, page * size)
        return {
          json: {
            ...fixture('user_timeline_2018'),
            statuses: indexes.map(statusOf),
            total_number: site.count,
          },
        }
      }
      case 'statuses/show.json': {
        const id = request.query.get('id')
        const index = Array.from({ length: site.count }, (_, n) => n).find((n) => idOf(n) === id)
        return index === undefined
          ? weiboError(400, 'error_status_not_exist')
          : { json: statusOf(index) }
      }
      default:
        return { status: 404, text: '<html>404</html>' }
    }
  }
}
