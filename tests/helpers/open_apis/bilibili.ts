import { createHash } from 'node:crypto'
import type { FakeAnswer, RecordedRequest } from '#tests/helpers/platforms'

/*
| A fake api.bilibili.com answering the documented shapes. It checks the WBI
| signature of x/space/wbi/arc/search with its own computation of the
| documented algorithm (written here, independently of bilibili_wbi.ts).
*/

export const NOW_MS = 1_702_204_169_000
export const KEYS_A = {
  img: '7cd084941338484aae1ad9425b84077c',
  sub: '4932caff0ff746eab6f01bf08b70ac45',
}
export const KEYS_B = {
  img: '653657f524a547ac981ded72ea172057',
  sub: '6e4909c702f846728e64f6007736a338',
}

/** The documented permutation, applied by hand. */
export function expectedMixinKey(keys: { img: string; sub: string }) {
  const order = [
    46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29,
    28, 14, 39, 12, 38, 41, 13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25,
    54, 21, 56, 59, 6, 63, 57, 62, 11, 36, 20, 34, 44, 52,
  ]
  const joined = keys.img + keys.sub
  return order.reduce((key, index) => key + joined.charAt(index), '').substring(0, 32)
}

/** The signature the server expects: md5 of the other parameters, sorted, + mixin key. */
export function validSignature(request: RecordedRequest, keys: { img: string; sub: string }) {
  const pairs = request.rawQuery.split('&')
  const sent = pairs.find((pair) => pair.startsWith('w_rid='))?.slice('w_rid='.length)
  const rest = pairs.filter((pair) => !pair.startsWith('w_rid='))
  if (!sent || !rest.some((pair) => pair.startsWith('wts='))) return false
  const sorted = [...rest].sort((a, b) => a.split('=')[0].localeCompare(b.split('=')[0]))
  const expected = createHash('md5')
    .update(sorted.join('&') + expectedMixinKey(keys))
    .digest('hex')
  return sent === expected
}

interface Video {
  bvid: string
  title: string
  created: number
  play: number | string
  comment: number
  video_review: number
  stat: Record<string, number>
}

export function makeVideos(count: number): Video[] {
  return Array.from({ length: count }, (_, index) => ({
    bvid: `BV1xx${String(index).padStart(5, '0')}`,
    title: `Video ${index}`,
    created: 1_700_000_000 - index * 86_400,
    play: 1000 + index,
    comment: 10,
    video_review: 2,
    stat: {
      aid: 100 + index,
      view: 1100 + index,
      danmaku: 3,
      reply: 11,
      favorite: 5,
      coin: 7,
      share: 4,
      like: 50,
      dislike: 0,
    },
  }))
}

/** The state of the fake site; tests tweak it (answers per path, current keys …). */
export interface Site {
  keys: { img: string; sub: string }
  videos: Video[]
  override?: (request: RecordedRequest) => FakeAnswer | undefined
}

export function bilibiliHandler(site: Site) {
  return (request: RecordedRequest): FakeAnswer => {
    const overridden = site.override?.(request)
    if (overridden) return overridden
    const ok = (data: unknown) => ({ json: { code: 0, message: '0', ttl: 1, data } })
    switch (request.path) {
      case 'x/web-interface/nav':
        // Anonymous callers get -101 with the keys all the same.
        return {
          json: {
            code: -101,
            message: '账号未登录',
            ttl: 1,
            data: {
              isLogin: false,
              wbi_img: {
                img_url: `https://i0.hdslb.com/bfs/wbi/${site.keys.img}.png`,
                sub_url: `https://i0.hdslb.com/bfs/wbi/${site.keys.sub}.png`,
              },
            },
          },
        }
      case 'x/relation/stat':
        return ok({
          mid: Number(request.query.get('vmid')),
          following: 5,
          whisper: 0,
          black: 0,
          follower: 123_456,
        })
      case 'x/space/upstat':
        return ok({ archive: { view: 9_876_543 }, article: { view: 10 }, likes: 345_678 })
      case 'x/space/wbi/arc/search': {
        if (!validSignature(request, site.keys)) {
          return {
            json: { code: -352, message: '风控校验失败', ttl: 1, data: { v_voucher: 'voucher_x' } },
          }
        }
        const pn = Number(request.query.get('pn'))
        const ps = Number(request.query.get('ps'))
        const vlist = site.videos.slice((pn - 1) * ps, pn * ps).map((video) => ({
          aid: video.stat.aid,
          bvid: video.bvid,
          title: video.title,
          created: video.created,
          play: video.play,
          comment: video.comment,
          video_review: video.video_review,
          length: '03:21',
          mid: Number(request.query.get('mid')),
        }))
        return ok({ list: { tlist: {}, vlist }, page: { pn, ps, count: site.videos.length } })
      }
      case 'x/web-interface/view': {
        const video = site.videos.find((item) => item.bvid === request.query.get('bvid'))
        if (!video) return { json: { code: -404, message: '啥都木有', ttl: 1 } }
        return ok({ bvid: video.bvid, title: video.title, stat: video.stat })
      }
      default:
        return { status: 404, text: 'not found' }
    }
  }
}
