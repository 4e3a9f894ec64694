import { test } from '@japa/runner'
import DouyinAdapter, { DOUYIN_PATHS, type DouyinAdapterOptions } from '#platforms/douyin'
import type { PlatformAccountRef } from '#platforms/types'
import { closedPortUrl, platformError, rejection } from '#tests/helpers/platforms'
import {
  cursorAt,
  errorBody,
  fixture,
  startByteDanceFake,
  videosFrom,
  type ByteDanceFake,
  type ByteDanceSite,
  type Json,
} from '#tests/helpers/bytedance'
import { ownSetup } from '#tests/helpers/processes'

/*
| A fake open.douyin.com answering the published samples of
| tests/fixtures/platforms/douyin (see its README): the external-data lists
| hold the published day entry on three days, the video list holds videos
| made from the published item and pages them by an opaque cursor, errors
| are the published error bodies (or the documented shape with another code).
*/

const TOKEN = 'act.1d1021d2aee3d41fee2d2add43456badMFZnrhFhfWotu3Ecuiuka27L56lr'
const OPEN_ID = '0da22181-d833-447f-995f-1beefea5bef3'
const STORED = JSON.stringify({ access_token: TOKEN, open_id: OPEN_ID, refresh_token: 'rft.x' })
const LISTED = fixture('douyin', 'video_list').data.list[0] as Json

const account: PlatformAccountRef = {
  id: 11,
  creatorId: 4,
  platform: 'douyin',
  uid: null,
  token: STORED,
}

/** The published day entry of `name` on each of `days`, its counters grown by `grow` a day. */
function dailyList(name: string, days: string[], grow: (entry: Json, index: number) => Json) {
  const body = fixture('douyin', name)
  const [entry] = body.data.result_list
  body.data.result_list = days.map((date, index) => ({ ...grow(entry, index), date }))
  return body
}

const DAYS = ['2026-12-04', '2026-12-05', '2026-12-06']

function douyinSite(videos: number): ByteDanceSite {
  return {
    token: TOKEN,
    openId: OPEN_ID,
    videos: videosFrom(LISTED, videos),
    videoList: DOUYIN_PATHS.videos.list,
    videoData: DOUYIN_PATHS.videos.data,
    answers: {
      [DOUYIN_PATHS.fans]: () => ({
        json: dailyList('data_external_user_fans', DAYS, (entry, index) => ({
          ...entry,
          total_fans: String(Number(entry.total_fans) + 1000 * index),
        })),
      }),
      [DOUYIN_PATHS.items]: () => ({
        json: dailyList('data_external_user_item', DAYS, (entry, index) => ({
          ...entry,
          total_issue: String(Number(entry.total_issue) + index),
        })),
      }),
      [DOUYIN_PATHS.fansData]: () => ({ json: fixture('douyin', 'fans_data') }),
      [DOUYIN_PATHS.userInfo]: () => ({ json: fixture('douyin', 'oauth_userinfo') }),
    },
  }
}

let site: ByteDanceSite
let server: ByteDanceFake

function adapter(options: Partial<DouyinAdapterOptions> = {}) {
  return new DouyinAdapter({ baseUrl: server.url, timeoutMs: 1000, ...options })
}

test.group('platforms / douyin', (group) => {
  ownSetup(group)
  group.each.setup(async () => {
    site = douyinSite(45)
    server = await startByteDanceFake(site)
    return () => server.close()
  })

  test('channel counters: fans and uploads of the day asked for, sums of the newest videos', async ({
    assert,
  }) => {
    const stats = await adapter({ maxPages: 2 }).channelStats(account, { date: '2026-12-05' })
    // 2 calls of 20: play 300+i, digg 200+i, 100 comments, 10 shares and 2 forwards each.
    const sum = (base: number) =>
      Array.from({ length: 40 }, (_, i) => base + i).reduce((a, b) => a + b)
    assert.deepEqual(stats, {
      fans: 1200,
      videos: 201,
      views: sum(300),
      likes: sum(200),
      comments: 4000,
      shares: 400,
      forwards: 80,
      danmaku: 0,
      coins: 0,
      recommends: 0,
    })
    for (const request of server.requests) {
      assert.equal(request.headers['access-token'], TOKEN)
      assert.equal(request.query.get('open_id'), OPEN_ID)
      assert.notInclude(request.query.toString(), TOKEN)
    }
    assert.equal(server.calls(DOUYIN_PATHS.fans)[0].query.get('date_type'), '7')
    assert.deepEqual(
      server.calls(DOUYIN_PATHS.videos.list).map((call) => call.query.get('cursor')),
      ['0', cursorAt(20)]
    )
  })

  test('a day the answer lacks takes the newest day before it; no day at all fails', async ({
    assert,
  }) => {
    const later = await adapter({ maxPages: 1 }).channelStats(account, { date: '2026-12-20' })
    assert.equal(later.fans, 2200)
    const earlier = await adapter({ maxPages: 1 }).channelStats(account, { date: '2026-11-01' })
    assert.equal(earlier.fans, 2200)

    site.answers[DOUYIN_PATHS.fans] = () => ({
      json: dailyList('data_external_user_fans', [], (entry) => entry),
    })
    const error = await platformError(
      assert,
      () => adapter().channelStats(account, { date: '2026-12-05' }),
      { platform: 'douyin', code: 'upstream', retryable: false }
    )
    assert.include(error.message, 'no daily figures yet')
  })

  test('pages the video list by cursor, whatever the page size, and remembers the cursors', async ({
    assert,
  }) => {
    const douyin = adapter()
    const first = await douyin.videos(account, { page: 1, pageSize: 50 })
    assert.lengthOf(first.items, 45)
    assert.isFalse(first.hasMore)
    assert.equal(first.total, 45)
    assert.deepEqual(
      server
        .calls(DOUYIN_PATHS.videos.list)
        .map((call) => [call.query.get('cursor'), call.query.get('count')]),
      [
        ['0', '20'],
        [cursorAt(20), '20'],
        [cursorAt(40), '20'],
      ]
    )
    assert.deepEqual(first.items[0], {
      id: '@item0',
      title: `${LISTED.title} 0`,
      publishedAt: new Date(1_764_000_000 * 1000).toISOString(),
      url: LISTED.share_url,
      views: 300,
      likes: 200,
      comments: 100,
      shares: 10,
      danmaku: 0,
      coins: 0,
      favorites: 0,
      thumbnailUrl: LISTED.cover,
      unread: ['favorites'],
    })

    // Page 3 of 10 starts at item 20: one call from the cursor remembered there.
    const before = server.requests.length
    const third = await douyin.videos(account, { page: 3, pageSize: 10 })
    assert.deepEqual(
      third.items.map((item) => item.id),
      Array.from({ length: 10 }, (_, i) => `@item${20 + i}`)
    )
    assert.isTrue(third.hasMore)
    assert.deepEqual(
      server.requests.slice(before).map((call) => call.query.get('cursor')),
      [cursorAt(20)]
    )

    // The platform may answer fewer than asked: the page is still filled.
    site.perCall = 7
    const short = await adapter().videos(account, { page: 1, pageSize: 15 })
    assert.lengthOf(short.items, 15)
    assert.isTrue(short.hasMore)
    const beyond = await adapter().videos(account, { page: 4, pageSize: 20 })
    assert.deepEqual(beyond.items, [])
    assert.isFalse(beyond.hasMore)
  })

  test('reads videos by id, 20 per call, as a JSON body; a deleted one is absent', async ({
    assert,
  }) => {
    const ids = [...Array.from({ length: 25 }, (_, i) => `@item${i}`), '@gone', '@item3']
    const items = await adapter().videosById(account, ids, { at: new Date().toISOString() })
    assert.deepEqual(
      items.map((item) => item.id),
      Array.from({ length: 25 }, (_, i) => `@item${i}`)
    )
    const calls = server.calls(DOUYIN_PATHS.videos.data)
    assert.deepEqual(
      calls.map((call) => [call.method, call.fields.item_ids.length, call.query.get('open_id')]),
      [
        ['POST', 20, OPEN_ID],
        ['POST', 6, OPEN_ID],
      ]
    )
    // The published video_data item reads as the list's does (numbers instead of strings).
    site.videos = fixture('douyin', 'video_data').data.list
    const [published] = await adapter().videosById(account, [site.videos[0].item_id], {
      at: new Date().toISOString(),
    })
    assert.include(published, { views: 300, likes: 200, comments: 100, shares: 10 })
  })

  test('the fans portrait: sexes, age ranges, regions, devices and interests as shares', async ({
    assert,
  }) => {
    const portraits = await adapter().fanPortrait(account)
    assert.deepEqual(
      portraits.map((portrait) => [portrait.audience, portrait.dimension]),
      [
        ['fans', 'sex'],
        ['fans', 'age'],
        ['fans', 'region'],
        ['fans', 'device'],
        ['fans', 'partition'],
      ]
    )
    assert.deepEqual(portraits[0].buckets, [
      { bucket: 'male', share: 0.421 },
      { bucket: 'female', share: 0.579 },
    ])
    assert.deepEqual(
      portraits[1].buckets.map((bucket) => bucket.bucket),
      ['1-23', '24-30', '31-40', '41-50', '>50']
    )
    assert.deepEqual(
      portraits[2].buckets.map((bucket) => bucket.bucket),
      ['北京', '福建', '香港']
    )
    for (const portrait of portraits) {
      const total = portrait.buckets.reduce((sum, bucket) => sum + bucket.share, 0)
      assert.closeTo(total, 1, 1e-9)
    }

    // The published body as it is (no bucket names, values 0) is no portrait.
    const empty = fixture('douyin', 'fans_data')
    for (const key of Object.keys(empty.data.fans_data)) {
      if (Array.isArray(empty.data.fans_data[key])) {
        empty.data.fans_data[key] = [{ item: '', value: 0 }]
      }
    }
    site.answers[DOUYIN_PATHS.fansData] = () => ({ json: empty })
    assert.deepEqual(await adapter().fanPortrait(account), [])
  })

  test('checkLogin posts the login as a form to oauth/userinfo/', async ({ assert }) => {
    await adapter().checkLogin(account)
    const [call] = server.calls(DOUYIN_PATHS.userInfo)
    assert.equal(call.method, 'POST')
    assert.deepEqual(call.fields, { open_id: OPEN_ID, access_token: TOKEN })

    site.answers[DOUYIN_PATHS.userInfo] = () => ({
      json: fixture('douyin', 'error_access_token_expired'),
    })
    await platformError(assert, () => adapter().checkLogin(account), {
      platform: 'douyin',
      code: 'auth',
      retryable: false,
    })
  })

  test('a plain pasted token reads with the uid as open_id; no token is not_configured', async ({
    assert,
  }) => {
    await adapter().checkLogin({ ...account, token: TOKEN, uid: OPEN_ID })
    assert.deepEqual(server.calls(DOUYIN_PATHS.userInfo)[0].fields.open_id, OPEN_ID)

    for (const ref of [
      { ...account, token: null },
      { ...account, token: TOKEN, uid: null },
    ]) {
      await platformError(assert, () => adapter().channelStats(ref, { date: '2026-12-05' }), {
        platform: 'douyin',
        code: 'not_configured',
        retryable: false,
      })
    }
    assert.lengthOf(server.requests, 1)
  })

  const errors: [
    string,
    () => Json | { status: number; text?: string; json?: Json },
    string,
    boolean,
  ][] = [
    [
      '2190008 (access token expired, published)',
      () => fixture('douyin', 'error_access_token_expired'),
      'auth',
      false,
    ],
    ['2190002 (access token invalid)', () => errorBody(2190002, 'access_token无效'), 'auth', false],
    [
      '28001008 (access token expired)',
      () => errorBody(28001008, 'access_token过期,请刷新或重新授权'),
      'auth',
      false,
    ],
    [
      '28001012 (the user did not authorise the API)',
      () => errorBody(28001012, '用户未授权该OpenAPI'),
      'auth',
      false,
    ],
    [
      '2190004 (the app lacks the capability)',
      () => errorBody(2190004, '应用未获得该能力, 请去https://open.douyin.com/申请'),
      'not_configured',
      false,
    ],
    [
      '28001056 (API offline)',
      () => errorBody(28001056, '该能力API已下线,不再支持调用'),
      'not_supported',
      false,
    ],
    [
      '28001046 (user banned)',
      () => errorBody(28001046, '用户已被封禁,因此无法授权或调用该Scope'),
      'not_found',
      false,
    ],
    [
      '28003018 (request rate too high)',
      () => errorBody(28003018, '请求频率过高'),
      'rate_limited',
      true,
    ],
    [
      '2100004 (system busy)',
      () => errorBody(2100004, '系统繁忙,此时请开发者稍候再试'),
      'upstream',
      true,
    ],
    ['2190001 (quota used up)', () => errorBody(2190001, 'quota 已用完'), 'quota_exceeded', false],
    [
      'an unlisted code asking for a verification',
      () => errorBody(2190099, '请完成验证码验证'),
      'captcha',
      false,
    ],
    [
      'an unlisted code saying too frequent',
      () => errorBody(2190098, '访问过于频繁'),
      'rate_limited',
      true,
    ],
    [
      '2100005 (parameter error, published)',
      () => fixture('douyin', 'error_parameter'),
      'upstream',
      false,
    ],
    ['HTTP 429', () => ({ status: 429, text: 'slow down' }), 'rate_limited', true],
    [
      'HTTP 502 without JSON',
      () => ({ status: 502, text: '<html>bad gateway</html>' }),
      'upstream',
      true,
    ],
    [
      'HTTP 401 without a code',
      () => ({ status: 401, json: { message: 'unauthorized' } }),
      'auth',
      false,
    ],
    [
      'a 200 that is not JSON',
      () => ({ status: 200, text: '<html>login</html>' }),
      'bad_response',
      false,
    ],
    [
      'a list item without statistics',
      () => ({
        status: 200,
        json: { data: { list: [{ item_id: '@x' }], has_more: false, cursor: 0 } },
      }),
      'bad_response',
      false,
    ],
  ]
  for (const [name, answer, code, retryable] of errors) {
    test(`maps ${name} to ${code}, the token in no message`, async ({ assert }) => {
      site.override = (request) => {
        if (request.path !== DOUYIN_PATHS.videos.list) return undefined
        const value = answer()
        return 'status' in value ? (value as any) : { json: value }
      }
      const error = await platformError(
        assert,
        () => adapter().videos(account, { page: 1, pageSize: 10 }),
        { platform: 'douyin', code, retryable }
      )
      assert.notInclude(error.message, TOKEN)
      assert.notInclude(error.message, OPEN_ID)
    })
  }

  test('a timeout and a closed port are network (retryable)', async ({ assert }) => {
    site.override = () => ({ delayMs: 400, json: {} })
    const slow = await platformError(
      assert,
      () => adapter({ timeoutMs: 100 }).fanPortrait(account),
      { platform: 'douyin', code: 'network', retryable: true }
    )
    assert.include(slow.message, 'within 100 ms')
    const closed = new DouyinAdapter({ baseUrl: await closedPortUrl(), timeoutMs: 1000 })
    const error = await rejection(() => closed.checkLogin(account))
    assert.equal(error.code, 'network')
    assert.notInclude(error.message, TOKEN)
  })
})
