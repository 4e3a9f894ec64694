import { test } from '@japa/runner'
import BilibiliAdapter, { type BilibiliAdapterOptions } from '#platforms/bilibili'
import { signWbi, wbiKeyFromUrl, wbiMixinKey } from '#platforms/bilibili_wbi'
import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import type { FakeAnswer, FakeServer } from '#tests/helpers/platforms'
import { closedPortUrl, platformError, rejection, startFakeServer } from '#tests/helpers/platforms'
import { ownSetup } from '#tests/helpers/processes'
import {
  NOW_MS,
  KEYS_A,
  KEYS_B,
  expectedMixinKey,
  validSignature,
  makeVideos,
  type Site,
  bilibiliHandler,
} from '#tests/helpers/open_apis/bilibili'

/* The fake api.bilibili.com (site, handler, bodies): tests/helpers/open_apis/bilibili.ts,
   shared with the collection over every platform (collection_live.spec.ts). */

const account: PlatformAccountRef = {
  id: 1,
  creatorId: 1,
  platform: 'bilibili',
  uid: '2233',
  cookie: 'SESSDATA=abc; bili_jct=def',
}

let server: FakeServer
let site: Site
let refusedUrl = ''

function adapter(options: Partial<BilibiliAdapterOptions> = {}) {
  return new BilibiliAdapter({
    baseUrl: server.url,
    now: () => NOW_MS,
    timeoutMs: 1000,
    ...options,
  })
}

test.group('platforms / bilibili: WBI signing', (group) => {
  ownSetup(group)
  test('reproduces the documented example', ({ assert }) => {
    const mixin = wbiMixinKey(KEYS_A.img, KEYS_A.sub)
    assert.equal(mixin, 'ea1db124af3c7062474693fa704f4ff8')
    assert.equal(mixin, expectedMixinKey(KEYS_A))
    const signed = signWbi({ foo: '114', bar: '514', zab: 1_919_810 }, mixin, 1_702_204_169)
    assert.equal(signed.wRid, '8f6f2b5b3d485fe1886cec6a0be8c5d4')
    assert.equal(
      signed.query,
      'bar=514&foo=114&wts=1702204169&zab=1919810&w_rid=8f6f2b5b3d485fe1886cec6a0be8c5d4'
    )
  })

  test("encodes like the documentation (upper-case hex, %20) and strips !'()*", ({ assert }) => {
    const signed = signWbi({ foo: 'one one four', bar: '五一四', baz: "a!b'c(d)e*f" }, 'k', 1)
    assert.isTrue(
      signed.query.startsWith(
        'bar=%E4%BA%94%E4%B8%80%E5%9B%9B&baz=abcdef&foo=one%20one%20four&wts=1&w_rid='
      )
    )
    assert.equal(wbiKeyFromUrl('https://i0.hdslb.com/bfs/wbi/7cd08494.png'), '7cd08494')
  })
})

test.group('platforms / bilibili: adapter', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = { keys: KEYS_A, videos: makeVideos(120) }
    server = await startFakeServer(bilibiliHandler(site))
    return () => server.close()
  })

  test('maps follower, archive.view, likes, the video count and the recent-video sums', async ({
    assert,
  }) => {
    const stats = await adapter({ detailVideos: 3 }).channelStats(account, { date: '2026-11-21' })
    assert.deepEqual(stats, {
      fans: 123_456,
      views: 9_876_543,
      likes: 345_678,
      videos: 120,
      // 120 videos read over 3 pages: comment 10 and video_review 2 each.
      comments: 1200,
      danmaku: 240,
      // The 3 newest videos' x/web-interface/view: coin 7, share 4 each.
      coins: 21,
      shares: 12,
      forwards: 0,
      recommends: 0,
    })

    // Pages 1, 2, 3 of 50, each signed; the account's mid and cookie are sent.
    const searches = server.calls('x/space/wbi/arc/search')
    assert.deepEqual(
      searches.map((request) => [request.query.get('pn'), request.query.get('ps')]),
      [
        ['1', '50'],
        ['2', '50'],
        ['3', '50'],
      ]
    )
    assert.isTrue(searches.every((request) => request.query.get('wts') === '1702204169'))
    assert.isTrue(searches.every((request) => request.query.get('mid') === '2233'))
    assert.equal(server.calls('x/relation/stat')[0].query.get('vmid'), '2233')
    assert.equal(server.calls('x/space/upstat')[0].headers.cookie, 'SESSDATA=abc; bili_jct=def')
    assert.lengthOf(server.calls('x/web-interface/view'), 3)
  })

  test('reads at most maxPages pages of the uploads', async ({ assert }) => {
    site.videos = makeVideos(400)
    const stats = await adapter({ maxPages: 2, detailVideos: 0 }).channelStats(account, {
      date: '2026-11-21',
    })
    assert.equal(stats.videos, 400)
    assert.equal(stats.comments, 100 * 10)
    assert.lengthOf(server.calls('x/space/wbi/arc/search'), 2)
  })

  test('sends the token as SESSDATA when the account has no cookie', async ({ assert }) => {
    await adapter({ detailVideos: 0 }).channelStats(
      { ...account, cookie: null, token: 'tok123' },
      { date: '2026-11-21' }
    )
    assert.equal(server.calls('x/relation/stat')[0].headers.cookie, 'SESSDATA=tok123')
  })

  test('fetches nav once and reuses the key until it expires', async ({ assert }) => {
    let now = NOW_MS
    const bilibili = adapter({ detailVideos: 0, now: () => now, wbiKeyTtlMs: 3_600_000 })
    await bilibili.channelStats(account, { date: '2026-11-21' })
    await bilibili.channelStats(account, { date: '2026-11-21' })
    await bilibili.videos(account, { page: 1, pageSize: 2 })
    assert.lengthOf(server.calls('x/web-interface/nav'), 1)

    now += 3_600_001
    await bilibili.videos(account, { page: 1, pageSize: 2 })
    assert.lengthOf(server.calls('x/web-interface/nav'), 2)
  })

  test('refreshes the WBI keys once when a signed request is answered -352', async ({ assert }) => {
    const bilibili = adapter({ detailVideos: 0 })
    await bilibili.videos(account, { page: 1, pageSize: 5 })
    assert.lengthOf(server.calls('x/web-interface/nav'), 1)

    // The site rotates its keys: the cached key now signs wrongly.
    site.keys = KEYS_B
    const page = await bilibili.videos(account, { page: 1, pageSize: 5 })
    assert.lengthOf(page.items, 5)
    assert.lengthOf(server.calls('x/web-interface/nav'), 2)
    const searches = server.calls('x/space/wbi/arc/search')
    assert.isFalse(validSignature(searches[1], KEYS_B))
    assert.isTrue(validSignature(searches[2], KEYS_B))
  })

  test('gives up after one refresh: -352 again is rate_limited', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'x/space/wbi/arc/search'
        ? { json: { code: -352, message: '风控校验失败', ttl: 1 } }
        : undefined
    const error = await rejection(() => adapter().videos(account, { page: 1, pageSize: 5 }))
    assert.instanceOf(error, PlatformError)
    assert.equal(error.code, 'rate_limited')
    assert.isTrue(error.retryable)
    assert.equal(error.options.upstreamCode, -352)
    assert.lengthOf(server.calls('x/space/wbi/arc/search'), 2)
    assert.lengthOf(server.calls('x/web-interface/nav'), 2)
  })

  test('treats a code-0 answer carrying only a v_voucher like -352', async ({ assert }) => {
    let answered = 0
    site.override = (request) =>
      request.path === 'x/space/wbi/arc/search' && answered++ === 0
        ? { json: { code: 0, message: '0', ttl: 1, data: { v_voucher: 'voucher_abc' } } }
        : undefined
    const page = await adapter().videos(account, { page: 1, pageSize: 5 })
    assert.lengthOf(page.items, 5)
    assert.lengthOf(server.calls('x/web-interface/nav'), 2)

    site.override = (request) =>
      request.path === 'x/space/wbi/arc/search'
        ? { json: { code: 0, message: '0', ttl: 1, data: { v_voucher: 'voucher_abc' } } }
        : undefined
    const error = await rejection(() => adapter().videos(account, { page: 1, pageSize: 5 }))
    assert.equal(error.code, 'rate_limited')
  })

  test('lists a page of videos with their x/web-interface/view stats', async ({ assert }) => {
    const page = await adapter().videos(account, { page: 2, pageSize: 2 })
    assert.deepEqual(page, {
      page: 2,
      pageSize: 2,
      total: 120,
      hasMore: true,
      items: [2, 3].map((index) => ({
        id: `BV1xx0000${index}`,
        title: `Video ${index}`,
        publishedAt: new Date((1_700_000_000 - index * 86_400) * 1000).toISOString(),
        url: `https://www.bilibili.com/video/BV1xx0000${index}`,
        views: 1100 + index,
        likes: 50,
        comments: 11,
        shares: 4,
        danmaku: 3,
        coins: 7,
        favorites: 5,
      })),
    })
    const last = await adapter().videos(account, { page: 3, pageSize: 50 })
    assert.lengthOf(last.items, 20)
    assert.isFalse(last.hasMore)
  })

  test('reads "--" counts as 0 and has no fan portrait', async ({ assert }) => {
    site.videos = makeVideos(2).map((video) => ({ ...video, play: '--' }))
    const stats = await adapter({ detailVideos: 0 }).channelStats(account, { date: '2026-11-21' })
    assert.equal(stats.videos, 2)
    assert.deepEqual(await adapter().fanPortrait(), [])
  })

  test('needs a numeric uid', async ({ assert }) => {
    const missing = await rejection(() =>
      adapter().channelStats({ ...account, uid: null }, { date: '2026-11-21' })
    )
    assert.equal(missing.code, 'not_configured')
    const wrong = await rejection(() =>
      adapter().channelStats({ ...account, uid: 'abc' }, { date: '2026-11-21' })
    )
    assert.equal(wrong.code, 'not_found')
    assert.lengthOf(server.requests, 0)
  })

  const failures: [string, FakeAnswer, string, boolean, (string | number)?][] = [
    [
      'code -352 (risk control)',
      { json: { code: -352, message: '风控校验失败' } },
      'rate_limited',
      true,
      -352,
    ],
    [
      'code -412 (intercepted)',
      { json: { code: -412, message: '请求被拦截' } },
      'rate_limited',
      true,
      -412,
    ],
    [
      'code -799 (too frequent)',
      { json: { code: -799, message: '请求过于频繁，请稍后再试' } },
      'rate_limited',
      true,
      -799,
    ],
    [
      'HTTP 412 with an HTML page',
      { status: 412, text: '<html>412</html>' },
      'rate_limited',
      true,
      412,
    ],
    [
      'HTTP 429',
      { status: 429, text: 'slow down', headers: { 'Retry-After': '30' } },
      'rate_limited',
      true,
      429,
    ],
    ['code -404', { json: { code: -404, message: '啥都木有' } }, 'not_found', false, -404],
    [
      'code -626 (user does not exist)',
      { json: { code: -626, message: '用户不存在' } },
      'not_found',
      false,
      -626,
    ],
    ['HTTP 404', { status: 404, text: 'Not Found' }, 'not_found', false, 404],
    [
      'code -101 (not logged in)',
      { json: { code: -101, message: '账号未登录' } },
      'auth',
      false,
      -101,
    ],
    ['code -111 (csrf)', { json: { code: -111, message: 'csrf 校验失败' } }, 'auth', false, -111],
    [
      'code -403 (access denied)',
      { json: { code: -403, message: '访问权限不足' } },
      'auth',
      false,
      -403,
    ],
    ['code -500', { json: { code: -500, message: '服务器错误' } }, 'upstream', true, -500],
    ['code 22115', { json: { code: 22_115, message: 'other' } }, 'upstream', true, 22_115],
    [
      'HTTP 502 with an HTML page',
      { status: 502, text: '<html>bad gateway</html>' },
      'upstream',
      true,
      502,
    ],
    ['a body that is not JSON', { text: 'hello' }, 'bad_response', false],
    ['JSON without code', { json: { data: { follower: 1 } } }, 'bad_response', false],
    ['data without follower', { json: { code: 0, data: { mid: 2233 } } }, 'bad_response', false],
    [
      'a string follower that is not a number',
      { json: { code: 0, data: { follower: 'many' } } },
      'bad_response',
      false,
    ],
  ]
  for (const [name, answer, code, retryable, upstreamCode] of failures) {
    test(`maps ${name} to ${code}`, async ({ assert }) => {
      site.override = (request) => (request.path === 'x/relation/stat' ? answer : undefined)
      const error = await platformError(
        assert,
        () => adapter().channelStats(account, { date: '2026-11-21' }),
        { platform: 'bilibili', code, retryable }
      )
      if (upstreamCode !== undefined) assert.equal(error.options.upstreamCode, upstreamCode)
      if (answer.headers?.['Retry-After']) assert.equal(error.options.retryAfterMs, 30_000)
    })
  }

  test('maps a missing data.archive on x/space/upstat to bad_response', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'x/space/upstat' ? { json: { code: 0, data: { likes: 1 } } } : undefined
    const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
    assert.equal(error.code, 'bad_response')
    assert.include(error.message, 'x/space/upstat')
  })

  test('every common cookie export reaches Bilibili as a Cookie header', async ({ assert }) => {
    const expected = 'SESSDATA=abc%2C123; bili_jct=def; DedeUserID=2233'
    const exports = {
      'a browser extension array': JSON.stringify([
        { domain: '.bilibili.com', name: 'SESSDATA', value: 'abc%2C123', expirationDate: 1.8e9 },
        { domain: '.bilibili.com', name: 'bili_jct', value: 'def' },
        { domain: '.bilibili.com', name: 'DedeUserID', value: '2233' },
        { domain: '.example.com', name: 'other', value: 'x' },
      ]),
      "Bilibili's cookie_info": JSON.stringify({
        token_info: { mid: 2233, access_token: 't' },
        cookie_info: {
          cookies: [
            { name: 'SESSDATA', value: 'abc%2C123', http_only: 1, expires: 1_800_000_000 },
            { name: 'bili_jct', value: 'def', http_only: 0, expires: 1_800_000_000 },
            { name: 'DedeUserID', value: '2233', http_only: 0, expires: 1_800_000_000 },
          ],
          domains: ['.bilibili.com'],
        },
      }),
      'a Playwright storage state': JSON.stringify({
        cookies: [
          { name: 'SESSDATA', value: 'abc%2C123', domain: '.bilibili.com', path: '/', expires: -1 },
          { name: 'bili_jct', value: 'def', domain: '.bilibili.com', path: '/', expires: -1 },
          { name: 'DedeUserID', value: '2233', domain: 'www.bilibili.com', path: '/' },
        ],
        origins: [],
      }),
      'a plain object': JSON.stringify({
        SESSDATA: 'abc%2C123',
        bili_jct: 'def',
        DedeUserID: 2233,
      }),
      'a header text': 'SESSDATA=abc%2C123; bili_jct=def; DedeUserID=2233',
    }
    for (const [shape, cookie] of Object.entries(exports)) {
      server.requests.length = 0
      await adapter({ detailVideos: 0 }).channelStats(
        { ...account, cookie },
        { date: '2026-11-21' }
      )
      assert.equal(server.calls('x/space/upstat')[0].headers.cookie, expected, shape)
    }
  })

  test('an empty upstat (no signed-in cookie) is an auth problem, not a bad answer', async ({
    assert,
  }) => {
    site.override = (request) =>
      request.path === 'x/space/upstat' ? { json: { code: 0, message: '0', data: {} } } : undefined
    const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
    assert.equal(error.code, 'auth')
    assert.isFalse(error.retryable)
    assert.include(error.message, 'SESSDATA')
  })

  test('-509 followed by a second JSON object is a rate limit', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'x/relation/stat'
        ? {
            text:
              '{"code":-509,"message":"请求过于频繁，请稍后再试","ttl":1}' +
              '{"code":-404,"message":"啥都木有","ttl":1,"data":null}',
          }
        : undefined
    const error = await rejection(() => adapter().channelStats(account, { date: '2026-11-21' }))
    assert.equal(error.code, 'rate_limited')
    assert.equal(error.options.upstreamCode, -509)
  })

  test('maps a nav answer without wbi_img to bad_response', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'x/web-interface/nav' ? { json: { code: 0, data: {} } } : undefined
    const error = await rejection(() => adapter().videos(account, { page: 1, pageSize: 5 }))
    assert.equal(error.code, 'bad_response')
  })

  test('maps a timeout to network (retryable)', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'x/relation/stat' ? { delayMs: 500, json: { code: 0 } } : undefined
    const started = Date.now()
    const error = await rejection(() =>
      adapter({ timeoutMs: 100 }).channelStats(account, { date: '2026-11-21' })
    )
    assert.equal(error.code, 'network')
    assert.isTrue(error.retryable)
    assert.include(error.message, '100 ms')
    assert.isBelow(Date.now() - started, 450)
  })

  test('maps a refused connection to network', async ({ assert }) => {
    const error = await rejection(() =>
      new BilibiliAdapter({ baseUrl: refusedUrl, timeoutMs: 1000 }).channelStats(account, {
        date: '2026-11-21',
      })
    )
    assert.equal(error.code, 'network')
  }).setup(async () => {
    refusedUrl = await closedPortUrl()
  })
})
