import { createHash } from 'node:crypto'

/*
|--------------------------------------------------------------------------
| Bilibili WBI signing
|--------------------------------------------------------------------------
|
| Since 2023 Bilibili's web API wants the query of many read endpoints
| (x/space/wbi/arc/search among them) signed:
|
| 1. x/web-interface/nav answers data.wbi_img.img_url and .sub_url; the file
|    names without extension are img_key and sub_key (they change about daily,
|    the same for everyone — so they are cached, see BilibiliAdapter).
| 2. mixin_key = the first 32 characters of (img_key + sub_key) picked in the
|    order of a fixed 64-entry permutation table.
| 3. Add wts (Unix seconds), sort the parameters by name, drop the characters
|    !'()* from the values, encode as name=value joined by & (RFC 3986
|    percent-encoding: upper-case hex, %20 for spaces), and
|    w_rid = md5(query + mixin_key) in hex.
|
| Described in the community-maintained bilibili-API-collect documentation
| (docs/misc/sign/wbi.md), whose worked example the tests reproduce.
|
*/

const MIXIN_KEY_TABLE = [
  46, 47, 18, 2, 53, 8, 23, 32, 15, 50, 10, 31, 58, 3, 45, 35, 27, 43, 5, 49, 33, 9, 42, 19, 29, 28,
  14, 39, 12, 38, 41, 13, 37, 48, 7, 16, 24, 55, 40, 61, 26, 17, 0, 1, 60, 51, 30, 4, 22, 25, 54,
  21, 56, 59, 6, 63, 57, 62, 11, 36, 20, 34, 44, 52,
]

const STRIPPED = /[!'()*]/g

/** "https://i0.hdslb.com/bfs/wbi/7cd0…077c.png" → "7cd0…077c". */
export function wbiKeyFromUrl(url: string) {
  const file = url.slice(url.lastIndexOf('/') + 1)
  const dot = file.lastIndexOf('.')
  return dot === -1 ? file : file.slice(0, dot)
}

export function wbiMixinKey(imgKey: string, subKey: string) {
  const raw = imgKey + subKey
  let mixin = ''
  for (const position of MIXIN_KEY_TABLE) {
    if (position < raw.length) mixin += raw[position]
  }
  return mixin.slice(0, 32)
}

export type QueryParams = Record<string, string | number>

/**
 * The signed query string: the sorted, filtered parameters with wts, then
 * w_rid. `wts` is Unix seconds.
 */
export function signWbi(params: QueryParams, mixinKey: string, wts: number) {
  const entries: [string, string][] = Object.entries({ ...params, wts }).map(([name, value]) => [
    name,
    String(value).replace(STRIPPED, ''),
  ])
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = entries
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  const wRid = createHash('md5')
    .update(query + mixinKey)
    .digest('hex')
  return { query: `${query}&w_rid=${wRid}`, wRid, wts }
}
