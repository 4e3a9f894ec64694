import { test } from '@japa/runner'
import WeiboAdapter, { type WeiboAdapterOptions } from '#platforms/weibo'
import { createdAtIso } from '#platforms/weibo_fields'
import type { PlatformAccountRef } from '#platforms/types'
import type { FakeServer } from '#tests/helpers/platforms'
import { closedPortUrl, platformError, startFakeServer } from '#tests/helpers/platforms'
import { ownSetup } from '#tests/helpers/processes'
import {
  ACCESS,
  UID,
  TOKEN,
  fixture,
  type Site,
  idOf,
  weiboError,
  weiboHandler,
} from '#tests/helpers/open_apis/weibo'

/* The fake api.weibo.com/2 (site, handler, bodies): tests/helpers/open_apis/weibo.ts,
   shared with the collection over every platform (collection_live.spec.ts). */

const account: PlatformAccountRef = {
  id: 52,
  creatorId: 3,
  platform: 'weibo',
  uid: UID,
  token: TOKEN,
}

let server: FakeServer
let site: Site

function adapter(options: Partial<WeiboAdapterOptions> = {}) {
  return new WeiboAdapter({ baseUrl: server.url, timeoutMs: 1000, ...options })
}

function assertNoToken(assert: any, error: Error) {
  assert.notInclude(error.message, ACCESS)
  assert.notInclude(error.message, 'SECRET')
}

test.group('platforms / weibo', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = { count: 250 }
    server = await startFakeServer(weiboHandler(site))
    return () => server.close()
  })

  test('reads the published samples as they are', async ({ assert }) => {
    site.override = (request) =>
      request.path === 'statuses/user_timeline.json'
        ? { json: fixture('user_timeline_wiki') }
        : undefined
    const stats = await adapter().channelStats(account, { date: '2026-12-06' })
    // The wiki's status carries reposts and comments, not attitudes.
    assert.deepEqual(stats, {
      fans: 1204,
      views: 0,
      likes: 0,
      comments: 9,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 8,
      recommends: 0,
      videos: 2908,
    })
    const page = await adapter().videos(account, { page: 1, pageSize: 20 })
    assert.deepEqual(page.items, [
      {
        id: '11488058246',
        title: '求关注。',
        publishedAt: '2011-05-31T09:46:55.000Z',
        url: 'https://m.weibo.cn/status/11488058246',
        views: 0,
        likes: 0,
        comments: 9,
        shares: 8,
        danmaku: 0,
        coins: 0,
        favorites: 0,
        durationS: null,
        thumbnailUrl: null,
        unread: ['likes', 'favorites'],
      },
    ])
    assert.equal(page.total, 81655)
    assert.isTrue(page.hasMore)

    site.override = (request) =>
      request.path === 'statuses/user_timeline.json'
        ? { json: fixture('user_timeline_2018') }
        : undefined
    const real = await adapter().videos(account, { page: 1, pageSize: 20 })
    assert.deepEqual(real.items, [
      {
        id: '4230466846817001',
        title: '用于开发测试评论功能的微博 \u200B'.trim(),
        publishedAt: '2018-04-19T02:35:57.000Z',
        url: 'https://m.weibo.cn/status/4230466846817001',
        views: 0,
        likes: 0,
        comments: 10,
        shares: 0,
        danmaku: 0,
        coins: 0,
        favorites: 0,
        durationS: null,
        thumbnailUrl: 'http://wx4.sinaimg.cn/bmiddle/94a4cd03gy1fqhrin3kuoj20c006hq31.jpg',
        unread: ['favorites'],
      },
    ])
    assert.equal(real.total, 150)
  })

  test('sends the token as the OAuth2 header and sums the newest posts', async ({ assert }) => {
    const stats = await adapter({ maxPosts: 150 }).channelStats(account, { date: '2026-12-06' })
    assert.equal(stats.fans, 1204)
    assert.equal(stats.videos, 2908)
    assert.equal(stats.likes, 450)
    assert.equal(stats.comments, 300)
    assert.equal(stats.forwards, 150)
    // Video posts among the first 150 (every 5th): 30 of them, plays 100 + index.
    const videoIndexes = Array.from({ length: 30 }, (_, n) => n * 5)
    assert.equal(
      stats.views,
      videoIndexes.reduce((sum, index) => sum + 100 + index, 0)
    )
    const timeline = server.calls('statuses/user_timeline.json')
    assert.deepEqual(
      timeline.map((request) => [request.query.get('page'), request.query.get('count')]),
      [
        ['1', '100'],
        ['2', '100'],
      ]
    )
    assert.equal(timeline[0].query.get('uid'), UID)
    assert.equal(timeline[0].query.get('trim_user'), '1')
    for (const request of server.requests) {
      assert.equal(request.headers.authorization, `OAuth2 ${ACCESS}`)
      assert.isNull(request.query.get('access_token'))
      assert.notInclude(request.rawQuery, ACCESS)
    }
  })

  test('pages the timeline by page and count; video posts carry plays and length', async ({
    assert,
  }) => {
    const third = await adapter().videos(account, { page: 3, pageSize: 100 })
    assert.lengthOf(third.items, 50)
    assert.equal(third.total, 250)
    assert.isFalse(third.hasMore)
    const video = third.items[0]
    assert.equal(video.id, idOf(200))
    assert.equal(video.views, 300)
    assert.equal(video.durationS, 995)
    assert.deepEqual(video.unread, ['favorites'])
    assert.equal(third.items[1].views, 0)

    const first = await adapter().videos(account, { page: 1, pageSize: 500 })
    assert.lengthOf(first.items, 100)
    assert.isTrue(first.hasMore)
    const only = await adapter({ videosOnly: true }).videos(account, { page: 1, pageSize: 20 })
    assert.equal(server.calls('statuses/user_timeline.json').at(-1)!.query.get('feature'), '3')
    assert.isTrue(only.items.every((item) => item.durationS === 995))
  })

  test('finds the uid from the token when the account has none', async ({ assert }) => {
    await adapter().videos({ ...account, uid: null }, { page: 1, pageSize: 5 })
    assert.equal(server.calls('statuses/user_timeline.json')[0].query.get('uid'), UID)
    assert.lengthOf(server.calls('account/get_uid.json'), 0)

    await adapter().channelStats({ ...account, uid: null, token: ACCESS }, { date: '' })
    assert.lengthOf(server.calls('account/get_uid.json'), 1)
    assert.equal(server.calls('users/show.json').at(-1)!.query.get('uid'), UID)
  })

  test('reads single posts by statuses/show; a deleted one (20101) is left out', async ({
    assert,
  }) => {
    const items = await adapter().videosById(account, [idOf(5), '999', idOf(5)], {
      at: '2026-12-06T10:00:00Z',
    })
    assert.deepEqual(
      items.map((item) => [item.id, item.views, item.likes]),
      [[idOf(5), 105, 3]]
    )
    assert.lengthOf(server.calls('statuses/show.json'), 2)
  })

  test('checkLogin is account/get_uid; an expired token is auth without the token in the message', async ({
    assert,
  }) => {
    await adapter().checkLogin(account)
    assert.deepEqual(
      server.requests.map((request) => request.path),
      ['account/get_uid.json']
    )
    const error = await platformError(
      assert,
      () => adapter().checkLogin({ ...account, token: 'stale-token' }),
      { platform: 'weibo', code: 'auth', retryable: false }
    )
    assert.equal(error.options.upstreamCode, 21327)
    assert.include(error.message, 'expired_token')
    assertNoToken(assert, error)
  })

  test('maps the documented error codes', async ({ assert }) => {
    const cases: [string, number, string, boolean, number][] = [
      ['error_expired_token', 403, 'auth', false, 21327],
      ['error_invalid_access_token', 400, 'auth', false, 21332],
      ['error_rate_limited', 403, 'rate_limited', true, 10023],
      ['error_user_not_exist', 400, 'not_found', false, 20003],
      ['error_captcha', 400, 'captcha', false, 20031],
      ['error_system', 500, 'upstream', true, 10001],
      ['error_app_permission', 403, 'not_configured', false, 10014],
    ]
    for (const [name, status, code, retryable, upstream] of cases) {
      site.override = () => weiboError(status, name)
      const error = await platformError(
        assert,
        () => adapter().channelStats(account, { date: '' }),
        { platform: 'weibo', code, retryable }
      )
      assert.equal(error.options.upstreamCode, upstream)
      assertNoToken(assert, error)
      if (code === 'rate_limited') {
        assert.isAbove(error.options.retryAfterMs, 0)
        assert.isAtMost(error.options.retryAfterMs, 3_600_000)
      }
    }
  })

  test('scrubs the token from an upstream message that echoes it', async ({ assert }) => {
    site.override = (request) => ({
      status: 400,
      json: {
        request: '/2/users/show.json',
        error_code: 10008,
        error: `param error: ${request.headers.authorization}`,
      },
    })
    const error = await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'weibo',
      code: 'upstream',
      retryable: false,
    })
    assertNoToken(assert, error)
  })

  test('HTTP statuses without error fields, non-JSON and missing fields', async ({ assert }) => {
    site.override = () => ({ status: 401, json: {} })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'weibo',
      code: 'auth',
      retryable: false,
    })
    site.override = () => ({ status: 429, json: {}, headers: { 'Retry-After': '60' } })
    const limited = await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'weibo',
      code: 'rate_limited',
      retryable: true,
    })
    assert.equal(limited.options.retryAfterMs, 60_000)
    site.override = () => ({ status: 502, text: '<html>bad gateway</html>' })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'weibo',
      code: 'upstream',
      retryable: true,
    })
    site.override = () => ({ text: 'not json' })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'weibo',
      code: 'bad_response',
      retryable: false,
    })
    site.override = (request) =>
      request.path === 'statuses/user_timeline.json' ? { json: { total_number: 3 } } : undefined
    await platformError(assert, () => adapter().videos(account, { page: 1, pageSize: 5 }), {
      platform: 'weibo',
      code: 'bad_response',
      retryable: false,
    })
    site.override = (request) =>
      request.path === 'users/show.json' ? { json: { id: 1, statuses_count: 3 } } : undefined
    await platformError(assert, () => adapter().channelStats(account, { date: '' }), {
      platform: 'weibo',
      code: 'bad_response',
      retryable: false,
    })
  })

  test('a slow answer and a closed port are network errors', async ({ assert }) => {
    site.override = () => ({ json: fixture('get_uid'), delayMs: 800 })
    const slow = await platformError(
      assert,
      () => adapter({ timeoutMs: 200 }).checkLogin(account),
      { platform: 'weibo', code: 'network', retryable: true }
    )
    assertNoToken(assert, slow)
    const closed = await platformError(
      assert,
      async () => new WeiboAdapter({ baseUrl: await closedPortUrl() }).checkLogin(account),
      { platform: 'weibo', code: 'network', retryable: true }
    )
    assertNoToken(assert, closed)
  })

  test('without a token it is not_configured and calls nothing; no fan portrait', async ({
    assert,
  }) => {
    await platformError(assert, () => adapter().checkLogin({ ...account, token: null }), {
      platform: 'weibo',
      code: 'not_configured',
      retryable: false,
    })
    await platformError(
      assert,
      () =>
        adapter().videos({ ...account, token: '{"access_token":""}' }, { page: 1, pageSize: 5 }),
      { platform: 'weibo', code: 'not_configured', retryable: false }
    )
    assert.lengthOf(server.requests, 0)
    assert.deepEqual(await adapter().fanPortrait(account), [])
  })

  test('reads created_at as Weibo writes it', ({ assert }) => {
    assert.equal(createdAtIso('Tue May 31 17:46:55 +0800 2011'), '2011-05-31T09:46:55.000Z')
    assert.equal(createdAtIso('Fri Aug 28 00:00:00 +0800 2009'), '2009-08-27T16:00:00.000Z')
    assert.isNull(createdAtIso('36分钟前'))
    assert.isNull(createdAtIso(undefined))
  })
})
