import { test } from '@japa/runner'
import KwaiAdapter, { type KwaiAdapterOptions } from '#platforms/kwai'
import { PlatformError, type PlatformAccountRef } from '#platforms/types'
import type { FakeServer } from '#tests/helpers/platforms'
import { closedPortUrl, platformError, rejection, startFakeServer } from '#tests/helpers/platforms'
import { ownSetup } from '#tests/helpers/processes'
import {
  APP_ID,
  ACCESS,
  TOKEN,
  T0,
  fixture,
  type Site,
  makeVideos,
  kwaiHandler,
} from '#tests/helpers/open_apis/kwai'

/* The fake open.kuaishou.com (site, handler, bodies): tests/helpers/open_apis/kwai.ts,
   shared with the collection over every platform (collection_live.spec.ts). */

const account: PlatformAccountRef = {
  id: 41,
  creatorId: 3,
  platform: 'kwai',
  uid: '3xkwaiuid',
  token: TOKEN,
}

let server: FakeServer
let site: Site

function adapter(options: Partial<KwaiAdapterOptions> = {}) {
  return new KwaiAdapter({ baseUrl: server.url, appId: APP_ID, timeoutMs: 1000, ...options })
}

function assertNoToken(assert: any, error: Error) {
  assert.notInclude(error.message, ACCESS)
  assert.notInclude(error.message, 'SECRET')
}

test.group('platforms / kwai', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = { videos: makeVideos(250) }
    server = await startFakeServer(kwaiHandler(site))
    return () => server.close()
  })

  test('reads the published samples as they are', async ({ assert }) => {
    site.override = (request) => {
      if (request.path === 'openapi/photo/count') return { json: fixture('photo_count') }
      if (request.path === 'openapi/photo/list') return { json: fixture('photo_list') }
      if (request.path === 'openapi/photo/info') return { json: fixture('photo_info') }
      return undefined
    }
    const stats = await adapter().channelStats(account, { date: '2026-12-06' })
    assert.deepEqual(stats, {
      fans: 12,
      views: 1,
      likes: 1,
      comments: 1,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: 1,
    })
    const page = await adapter().videos(account, { page: 1, pageSize: 20 })
    assert.deepEqual(page, {
      items: [
        {
          id: '3xwn3kkerxj6g9n',
          title: '测试标题',
          publishedAt: '2020-08-05T12:13:18.574Z',
          url: 'https://www.kuaishou.com/short-video/3xwn3kkerxj6g9n',
          views: 1,
          likes: 1,
          comments: 1,
          shares: 0,
          danmaku: 0,
          coins: 0,
          favorites: 0,
          thumbnailUrl: 'https://xxx',
          unread: ['shares', 'favorites'],
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
      hasMore: false,
    })
    const [one] = await adapter().videosById(account, ['3xwn3kkerxj6g9n'], { at: '' })
    assert.equal(one.id, '3xwn3kkerxj6g9n')
  })

  test('sends app_id and access_token as query parameters and sums the newest videos', async ({
    assert,
  }) => {
    const stats = await adapter({ maxVideos: 230 }).channelStats(account, { date: '2026-12-06' })
    // 230 newest of 250: views 1000..1229, likes 10 and comments 2 each.
    assert.equal(stats.fans, 12)
    assert.equal(stats.videos, 249)
    assert.equal(stats.views, 230 * 1000 + (229 * 230) / 2)
    assert.equal(stats.likes, 2300)
    assert.equal(stats.comments, 460)
    const lists = server.calls('openapi/photo/list')
    assert.deepEqual(
      lists.map((request) => [request.query.get('count'), request.query.get('cursor')]),
      [
        ['200', null],
        ['30', '3xwn3kkerxj0199'],
      ]
    )
    for (const request of server.requests) {
      assert.equal(request.query.get('app_id'), APP_ID)
      assert.equal(request.query.get('access_token'), ACCESS)
      assert.isUndefined(request.headers.authorization)
    }
  })

  test('pages by the oldest photo_id and remembers the cursors', async ({ assert }) => {
    const kwai = adapter()
    const first = await kwai.videos(account, { page: 1, pageSize: 100 })
    assert.lengthOf(first.items, 100)
    assert.equal(first.total, 250)
    assert.isTrue(first.hasMore)
    assert.equal(first.items[0].id, '3xwn3kkerxj0000')
    assert.equal(first.items[0].publishedAt, new Date(T0).toISOString())

    const third = await kwai.videos(account, { page: 3, pageSize: 100 })
    assert.deepEqual(third.items.map((item) => item.id).slice(0, 2), [
      '3xwn3kkerxj0200',
      '3xwn3kkerxj0201',
    ])
    assert.lengthOf(third.items, 50)
    assert.isFalse(third.hasMore)
    // Page 1 told page 2's cursor; page 3 needed one more walk step: 1 + 2 list calls.
    assert.lengthOf(server.calls('openapi/photo/list'), 3)

    const again = await kwai.videos(account, { page: 3, pageSize: 100 })
    assert.equal(again.items[0].id, '3xwn3kkerxj0200')
    assert.lengthOf(server.calls('openapi/photo/list'), 4)

    const beyond = await kwai.videos(account, { page: 5, pageSize: 100 })
    assert.deepEqual(beyond.items, [])
    assert.isFalse(beyond.hasMore)
  })

  test('leaves videos still being processed out of the listing', async ({ assert }) => {
    site.pending = new Set(['3xwn3kkerxj0001'])
    const page = await adapter().videos(account, { page: 1, pageSize: 3 })
    assert.deepEqual(
      page.items.map((item) => item.id),
      ['3xwn3kkerxj0000', '3xwn3kkerxj0002']
    )
    assert.isTrue(page.hasMore)
  })

  test('reads single videos by photo/info; a missing one (100120001) is left out', async ({
    assert,
  }) => {
    const items = await adapter().videosById(
      account,
      ['3xwn3kkerxj0003', 'gone', '3xwn3kkerxj0003', ' '],
      { at: '2026-12-06T10:00:00Z' }
    )
    assert.deepEqual(
      items.map((item) => [item.id, item.views]),
      [['3xwn3kkerxj0003', 1003]]
    )
    assert.deepEqual(
      server.calls('openapi/photo/info').map((request) => request.query.get('photo_id')),
      ['3xwn3kkerxj0003', 'gone']
    )
  })

  test('checkLogin is user_info; an expired token is auth without the token in the message', async ({
    assert,
  }) => {
    await adapter().checkLogin(account)
    assert.deepEqual(
      server.requests.map((request) => request.path),
      ['openapi/user_info']
    )
    const error = await platformError(
      assert,
      () => adapter().checkLogin({ ...account, token: 'another-token' }),
      { platform: 'kwai', code: 'auth', retryable: false }
    )
    assert.equal(error.options.upstreamCode, 100200108)
    assert.include(error.message, 'access_token过期')
    assertNoToken(assert, error)
  })

  test('maps the documented result codes', async ({ assert }) => {
    const cases: [string, string, boolean, number][] = [
      ['error_access_token_expired', 'auth', false, 100200108],
      ['error_invalid_client', 'not_configured', false, 100200101],
      ['error_rate_limited', 'rate_limited', true, 400002],
      ['error_server', 'upstream', true, 100200500],
      ['error_video_not_exist', 'not_found', false, 100120001],
    ]
    for (const [name, code, retryable, upstream] of cases) {
      site.override = () => ({ json: fixture(name) })
      const error = await platformError(assert, () => adapter().checkLogin(account), {
        platform: 'kwai',
        code,
        retryable,
      })
      assert.equal(error.options.upstreamCode, upstream)
      assertNoToken(assert, error)
    }
    site.override = () => ({ json: { result: 100200111, error_msg: '用户未授权过' } })
    await platformError(assert, () => adapter().channelStats(account, { date: '' }), {
      platform: 'kwai',
      code: 'auth',
      retryable: false,
    })
    site.override = () => ({ json: { result: 100400, error_msg: '参数错误' } })
    await platformError(assert, () => adapter().videos(account, { page: 1, pageSize: 5 }), {
      platform: 'kwai',
      code: 'upstream',
      retryable: false,
    })
  })

  test('scrubs the token from an upstream message that echoes it', async ({ assert }) => {
    site.override = (request) => ({
      json: {
        result: 400002,
        error_msg: `too many calls for access_token=${request.query.get('access_token')}`,
      },
    })
    const error = await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'rate_limited',
      retryable: true,
    })
    assertNoToken(assert, error)
    assert.include(error.message, 'access_token=***')
  })

  test('HTTP 429, 5xx, non-JSON and missing fields', async ({ assert }) => {
    site.override = () => ({ status: 429, json: {}, headers: { 'Retry-After': '30' } })
    const limited = await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'rate_limited',
      retryable: true,
    })
    assert.equal(limited.options.retryAfterMs, 30_000)

    site.override = () => ({ status: 503, text: '<html>busy</html>' })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'upstream',
      retryable: true,
    })
    site.override = () => ({ text: 'not json' })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'bad_response',
      retryable: false,
    })
    site.override = () => ({ json: { result: 1 } })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'bad_response',
      retryable: false,
    })
    site.override = (request) =>
      request.path === 'openapi/photo/list' ? { json: { result: 1, video_list: {} } } : undefined
    await platformError(assert, () => adapter().videos(account, { page: 1, pageSize: 5 }), {
      platform: 'kwai',
      code: 'bad_response',
      retryable: false,
    })
    site.override = () => ({ json: { error_msg: 'no result' } })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'kwai',
      code: 'bad_response',
      retryable: false,
    })
  })

  test('a slow answer and a closed port are network errors', async ({ assert }) => {
    site.override = () => ({ json: fixture('user_info'), delayMs: 800 })
    const slow = await platformError(
      assert,
      () => adapter({ timeoutMs: 200 }).checkLogin(account),
      { platform: 'kwai', code: 'network', retryable: true }
    )
    assertNoToken(assert, slow)
    const closed = await platformError(
      assert,
      async () =>
        new KwaiAdapter({ baseUrl: await closedPortUrl(), appId: APP_ID }).checkLogin(account),
      { platform: 'kwai', code: 'network', retryable: true }
    )
    assertNoToken(assert, closed)
  })

  test('without a token or an app id it is not_configured and calls nothing', async ({
    assert,
  }) => {
    await platformError(assert, () => adapter().checkLogin({ ...account, token: null }), {
      platform: 'kwai',
      code: 'not_configured',
      retryable: false,
    })
    await platformError(assert, () => adapter({ appId: ' ' }).checkLogin(account), {
      platform: 'kwai',
      code: 'not_configured',
      retryable: false,
    })
    assert.lengthOf(server.requests, 0)
    const error = await rejection(() =>
      adapter().videosById({ ...account, token: '' }, ['x'], { at: '' })
    )
    assert.instanceOf(error, PlatformError)
  })

  test('a plain pasted access token works too, and there is no fan portrait', async ({
    assert,
  }) => {
    await adapter().checkLogin({ ...account, token: ACCESS })
    assert.deepEqual(await adapter().fanPortrait(account), [])
  })
})
