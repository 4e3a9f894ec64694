import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import HaokanAdapter, { type HaokanAdapterOptions } from '#platforms/haokan'
import type { PlatformAccountRef } from '#platforms/types'
import { closedPortUrl, platformError } from '#tests/helpers/platforms'
import { ownSetup } from '#tests/helpers/processes'
import {
  fixture,
  APP_ID,
  APP_TOKEN,
  type Answer,
  type Site,
  startBaijiahao,
  defaultSite,
} from '#tests/helpers/open_apis/haokan'

/* The fake baijiahao.baidu.com (site, handler, bodies): tests/helpers/open_apis/haokan.ts,
   shared with the collection over every platform (collection_live.spec.ts). */

function account(overrides: Partial<PlatformAccountRef> = {}): PlatformAccountRef {
  return {
    id: 7,
    creatorId: 3,
    platform: 'haokan',
    uid: APP_ID,
    token: APP_TOKEN,
    ...overrides,
  }
}

async function adapterOn(site: Site, options: Partial<HaokanAdapterOptions> = {}) {
  const fake = await startBaijiahao(site)
  const adapter = new HaokanAdapter({
    baseUrl: fake.url,
    timeoutMs: 2000,
    now: () => DateTime.fromISO('2026-12-06T17:30:00Z'),
    ...options,
  })
  return { fake, adapter }
}

test.group('Platforms | haokan (Baijiahao open API)', (group) => {
  ownSetup(group)
  test('channelStats: fans from fansListall, counters summed over the published videos', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())

    const stats = await adapter.channelStats(account(), { date: '2026-12-06' })
    // fans 25873 (fixture); 2 × article_statistics + 1 × article_statistics_unread (its -1s add 0)
    assert.deepEqual(stats, {
      fans: 25873,
      views: 4126 * 2 + 1780,
      likes: 312 * 2 + 96,
      comments: 57 * 2,
      shares: 23 * 2,
      recommends: 18342 * 2 + 9051,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      videos: 3,
    })
    const [fans] = fake.callsTo('fansListall')
    assert.deepEqual(fans.body, { app_id: APP_ID, app_token: APP_TOKEN, page_no: 1, page_size: 1 })
    const [list] = fake.callsTo('articleListall')
    assert.deepInclude(list.body, {
      article_type: 'video',
      collection: 'publish',
      page_no: 1,
      page_size: 20,
      start_time: '2016-01-01',
      // 17:30 UTC is already the next day in China
      end_time: '2026-12-07',
    })
    assert.lengthOf(fake.callsTo('articleStatistics'), 3)
  })

  test('videos: pages by page_no / page_size, newest first, -1 counters unread', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())

    const first = await adapter.videos(account(), { page: 1, pageSize: 2 })
    assert.equal(first.total, 3)
    assert.isTrue(first.hasMore)
    assert.deepEqual(
      first.items.map((item) => item.id),
      ['1740512000000001', '1740425000000002']
    )
    assert.deepEqual(first.items[0], {
      id: '1740512000000001',
      title: '三分钟学会家常红烧肉，肥而不腻',
      // 2026-12-05 19:30:12 in China
      publishedAt: '2026-12-05T11:30:12.000Z',
      url: 'https://baijiahao.baidu.com/s?id=1740512000000001',
      views: 4126,
      likes: 312,
      comments: 57,
      shares: 23,
      favorites: 41,
      danmaku: 0,
      coins: 0,
      durationS: null,
      category: null,
      thumbnailUrl: null,
      tags: [],
    })
    assert.deepEqual(first.items[1].unread, ['comments', 'shares'])
    assert.equal(first.items[1].views, 1780)

    const second = await adapter.videos(account(), { page: 2, pageSize: 2 })
    assert.isFalse(second.hasMore)
    assert.deepEqual(
      second.items.map((item) => item.id),
      ['1740338000000003']
    )
    // the page size is capped at Baijiahao's 20
    const capped = await adapter.videos(account(), { page: 1, pageSize: 50 })
    assert.equal(capped.pageSize, 20)
    assert.equal(fake.callsTo('articleListall').at(-1)!.body.page_size, 20)
  })

  test('videos: a list paged by has_next, and an empty list', async ({ assert, cleanup }) => {
    const { fake, adapter } = await adapterOn(defaultSite({ hasNextPaging: true }))
    cleanup(() => fake.close())
    const first = await adapter.videos(account(), { page: 1, pageSize: 2 })
    assert.isTrue(first.hasMore)
    const second = await adapter.videos(account(), { page: 2, pageSize: 2 })
    assert.isFalse(second.hasMore)
    assert.equal(second.total, 3)
    // without total_count the channel's video count is the videos read
    const channel = await adapter.channelStats(account(), { date: '2026-12-06' })
    assert.equal(channel.videos, 3)

    const { fake: empty, adapter: none } = await adapterOn(defaultSite({ articles: [] }))
    cleanup(() => empty.close())
    assert.deepEqual(await none.videos(account(), { page: 1, pageSize: 20 }), {
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
      hasMore: false,
    })
    const stats = await none.channelStats(account(), { date: '2026-12-06' })
    assert.equal(stats.videos, 0)
    assert.equal(stats.views, 0)
  })

  test('the daily run reads each article once: statistics are remembered for memoMs', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())
    await adapter.channelStats(account(), { date: '2026-12-06' })
    await adapter.videos(account(), { page: 1, pageSize: 20 })
    assert.lengthOf(fake.callsTo('articleStatistics'), 3)

    const { fake: other, adapter: forgetful } = await adapterOn(defaultSite(), { memoMs: 0 })
    cleanup(() => other.close())
    await forgetful.channelStats(account(), { date: '2026-12-06' })
    await forgetful.videos(account(), { page: 1, pageSize: 20 })
    assert.lengthOf(other.callsTo('articleStatistics'), 6)
  })

  test('videosById: fresh articleStatistics per id; an article that does not exist is left out', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())
    await adapter.videos(account(), { page: 1, pageSize: 20 })
    const before = fake.callsTo('articleStatistics').length

    const items = await adapter.videosById(
      account(),
      ['1740512000000001', '1740425000000002', 'gone-404', '1740512000000001'],
      { at: '2026-12-06T10:00:00Z' }
    )
    assert.deepEqual(
      items.map((item) => [item.id, item.views, item.likes]),
      [
        ['1740512000000001', 4126, 312],
        ['1740425000000002', 1780, 96],
      ]
    )
    assert.deepEqual(items[1].unread, ['comments', 'shares'])
    assert.equal(fake.callsTo('articleStatistics').length - before, 3)
  })

  test('a view count of -1 (获取失败) fails the call as retryable instead of recording 0', async ({
    assert,
    cleanup,
  }) => {
    const failed = fixture('article_statistics_failed')
    const { fake, adapter } = await adapterOn(
      defaultSite({ stats: { ...defaultSite().stats, '1740425000000002': failed } })
    )
    cleanup(() => fake.close())
    const error = await platformError(
      assert,
      () => adapter.videos(account(), { page: 1, pageSize: 20 }),
      {
        platform: 'haokan',
        code: 'upstream',
        retryable: true,
      }
    )
    assert.match(error.message, /1740425000000002/)
  })

  test('checkLogin: one article of the list; a refused app_token is auth', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())
    await adapter.checkLogin(account())
    assert.lengthOf(fake.calls, 1)
    assert.deepInclude(fake.calls[0].body, { page_no: 1, page_size: 1, article_type: 'video' })

    const error = await platformError(
      assert,
      () => adapter.checkLogin(account({ token: 'stale' })),
      {
        platform: 'haokan',
        code: 'auth',
        retryable: false,
      }
    )
    assert.equal(error.options.upstreamCode, 60001001)
    assert.match(error.message, /授权校验失败/)
  })

  test('the login: token JSON with app_id, OAuth JSON, uid, BAIJIAHAO_APP_ID, or not_configured', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(defaultSite())
    cleanup(() => fake.close())
    const pair = JSON.stringify({ app_id: APP_ID, app_token: APP_TOKEN })
    await adapter.checkLogin(account({ uid: 'haokan-handle', token: pair }))
    const oauth = JSON.stringify({ access_token: APP_TOKEN, refresh_token: null })
    await adapter.checkLogin(account({ token: oauth }))
    assert.isTrue(fake.calls.every((call) => call.body.app_id === APP_ID))

    const { fake: envFake, adapter: withEnv } = await adapterOn(defaultSite(), { appId: APP_ID })
    cleanup(() => envFake.close())
    await withEnv.checkLogin(account({ uid: null }))
    assert.equal(envFake.calls[0].body.app_id, APP_ID)

    await platformError(assert, () => adapter.checkLogin(account({ token: null })), {
      platform: 'haokan',
      code: 'not_configured',
      retryable: false,
    })
    const noAppId = await platformError(
      assert,
      () => adapter.channelStats(account({ uid: null }), { date: '2026-12-06' }),
      { platform: 'haokan', code: 'not_configured', retryable: false }
    )
    assert.match(noAppId.message, /BAIJIAHAO_APP_ID/)
    assert.lengthOf(fake.calls, 2)
  })

  test('fanPortrait: the open API has none', async ({ assert }) => {
    const adapter = new HaokanAdapter({ baseUrl: 'http://127.0.0.1:9' })
    assert.deepEqual(await adapter.fanPortrait(account()), [])
  })
})

test.group('Platforms | haokan errors', (group) => {
  ownSetup(group)
  const cases = [
    { body: 'baidu_token_invalid', code: 'auth', retryable: false, upstream: 110 },
    { body: 'baidu_token_expired', code: 'auth', retryable: false, upstream: 111 },
    { body: 'baidu_qps_limit', code: 'rate_limited', retryable: true, upstream: 18 },
    { body: 'baidu_daily_limit', code: 'quota_exceeded', retryable: false, upstream: 17 },
    { body: 'error_article_state', code: 'upstream', retryable: false, upstream: 60001003 },
  ]
  for (const { body, code, retryable, upstream } of cases) {
    test(`${body} → ${code}`, async ({ assert, cleanup }) => {
      const { fake, adapter } = await adapterOn(
        defaultSite({ override: () => ({ json: fixture(body) }) })
      )
      cleanup(() => fake.close())
      const error = await platformError(
        assert,
        () => adapter.channelStats(account(), { date: '2026-12-06' }),
        { platform: 'haokan', code, retryable }
      )
      assert.equal(error.options.upstreamCode, upstream)
      if (upstream === 17) assert.isAbove(error.options.retryAfterMs, 0)
    })
  }

  test('HTTP 429, 5xx, bodies that are not JSON or lack errno / data / total_count', async ({
    assert,
    cleanup,
  }) => {
    let answer: Answer = {}
    const { fake, adapter } = await adapterOn(defaultSite({ override: () => answer }))
    cleanup(() => fake.close())
    const read = () => adapter.channelStats(account(), { date: '2026-12-06' })
    const expect = (code: string, retryable: boolean) =>
      platformError(assert, read, { platform: 'haokan', code, retryable })

    answer = { status: 429, text: 'slow down', headers: { 'Retry-After': '30' } }
    const limited = await expect('rate_limited', true)
    assert.equal(limited.options.retryAfterMs, 30_000)
    answer = { status: 502, text: '<html>Bad Gateway</html>' }
    await expect('upstream', true)
    answer = { status: 200, text: '<html>登录</html>' }
    await expect('bad_response', false)
    answer = { json: { data: {} } }
    await expect('bad_response', false)
    answer = { json: { errno: 0, errmsg: '成功', data: null } }
    await expect('bad_response', false)
    answer = { json: { errno: 0, errmsg: '成功', data: { page: { page_no: 1 }, items: [] } } }
    const noTotal = await expect('bad_response', false)
    assert.match(noTotal.message, /total_count/)
    answer = { status: 403, json: { message: 'forbidden' } }
    await expect('auth', false)
  })

  test('statistics of a listed article answering errno: the listing fails with it', async ({
    assert,
    cleanup,
  }) => {
    const { fake, adapter } = await adapterOn(
      defaultSite({
        override: (call) =>
          call.path.endsWith('articleStatistics')
            ? { json: fixture('baidu_qps_limit') }
            : undefined,
      })
    )
    cleanup(() => fake.close())
    await platformError(assert, () => adapter.videos(account(), { page: 1, pageSize: 20 }), {
      platform: 'haokan',
      code: 'rate_limited',
      retryable: true,
    })
  })

  test('a time-out and a closed port are network errors', async ({ assert, cleanup }) => {
    const { fake, adapter } = await adapterOn(
      defaultSite({ override: () => ({ delayMs: 600, json: fixture('fans_listall') }) }),
      { timeoutMs: 150 }
    )
    cleanup(() => fake.close())
    const late = await platformError(assert, () => adapter.checkLogin(account()), {
      platform: 'haokan',
      code: 'network',
      retryable: true,
    })
    assert.match(late.message, /150 ms/)

    const closed = new HaokanAdapter({ baseUrl: await closedPortUrl(), timeoutMs: 1000 })
    await platformError(assert, () => closed.videos(account(), { page: 1, pageSize: 20 }), {
      platform: 'haokan',
      code: 'network',
      retryable: true,
    })
  })
})
