import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { seedDashboardDataset, type DashboardDataset } from '#tests/helpers/metrics'

/*
 * Per creator over the default week (4–10 March, against 3 March), by hand
 * from the series in tests/helpers/metrics.ts:
 *
 * A  fans 2000 + 7000 = 9000; gained (2000−1300) + (7000−5600) = 2100; 2100 / 6900 = 0.304348
 *    views 20000 + 100000 = 120000; gained 7000 + 35000 = 42000
 *    likes gained 70 + 350 = 420; comments gained 14 + 35 = 49
 *    ad price max(1,000,000 KRW, 500 USD × 1380 = 690,000) = 1,000,000
 * B  fans 3750; gained 3750 − 3200 = 550; 550 / 3200 = 0.171875
 *    views 50000; gained 50000 − 29000 = 21000; likes 140; comments 28
 *    ad price 6,000 CNY × 190 = 1,140,000
 * D  (no snapshot on 3 March: the value before the range is its first one, 6 March,
 *    minus that day's difference 0) fans 3400; gained 3400 − 3000 = 400; 400 / 3000 = 0.133333
 *    views 45000; gained 45000 − 5000 = 40000; likes 140 − 100 = 40; comments 14 − 10 = 4
 *    no ad price
 * E  no account: zeros, growth null; ad price 100 USD × 1380 = 138,000
 * C  terminated: never listed
 */
function expected(seeded: DashboardDataset) {
  const ref = (creator: DashboardDataset['a']) => ({
    creator_id: creator.id,
    brand_no: creator.brandNo,
    channel_name: creator.channelName,
    channel_name_zh: creator.channelNameZh,
    kind: creator.kind,
    category: creator.category,
  })
  return {
    a: {
      ...ref(seeded.a),
      platforms: ['bilibili', 'youtube'],
      fans: 9_000,
      fans_diff: 2_100,
      views: 120_000,
      views_diff: 42_000,
      likes_diff: 420,
      comments_diff: 49,
      growth: 0.304348,
      ad_price_krw: 1_000_000,
    },
    b: {
      ...ref(seeded.b),
      platforms: ['douyin'],
      fans: 3_750,
      fans_diff: 550,
      views: 50_000,
      views_diff: 21_000,
      likes_diff: 140,
      comments_diff: 28,
      growth: 0.171875,
      ad_price_krw: 1_140_000,
    },
    d: {
      ...ref(seeded.d),
      platforms: ['youtube'],
      fans: 3_400,
      fans_diff: 400,
      views: 45_000,
      views_diff: 40_000,
      likes_diff: 40,
      comments_diff: 4,
      growth: 0.133333,
      ad_price_krw: null,
    },
    e: {
      ...ref(seeded.e),
      platforms: [],
      fans: 0,
      fans_diff: 0,
      views: 0,
      views_diff: 0,
      likes_diff: 0,
      comments_diff: 0,
      growth: null,
      ad_price_krw: 138_000,
    },
  }
}

test.group('dashboard / creator list', (group) => {
  const given = setupStaffGroup(group, seedDashboardDataset)

  const idsOf = (body: any) => body.data.items.map((item: any) => item.creator_id)

  test('default: views gained over the last 7 days, most first, every field', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/dashboard/list').loginAs(given.staff)
    response.assertStatus(200)
    const { status, data } = response.body()
    assert.equal(status, 0)
    const { a, b, d, e } = expected(given.seeded)
    // views gained: A 42000, D 40000, B 21000, E 0
    assert.deepEqual(data, {
      range: { start: '2025-03-04', end: '2025-03-10', days: 7 },
      sort: 'views',
      order: 'desc',
      offset: 0,
      limit: 20,
      total: 4,
      has_more: false,
      items: [
        { rank: 1, ...a },
        { rank: 2, ...d },
        { rank: 3, ...b },
        { rank: 4, ...e },
      ],
    })
  })

  test('sorts by views, fans and ad price in both orders', async ({ client, assert }) => {
    const { a, b, d, e } = given.seeded
    const cases: [string, string, number[]][] = [
      // views gained: A 42000 > D 40000 > B 21000 > E 0
      ['views', 'desc', [a.id, d.id, b.id, e.id]],
      ['views', 'asc', [e.id, b.id, d.id, a.id]],
      // fans on 10 March: A 9000 > B 3750 > D 3400 > E 0
      ['fans', 'desc', [a.id, b.id, d.id, e.id]],
      ['fans', 'asc', [e.id, d.id, b.id, a.id]],
      // KRW ad price: B 1,140,000 > A 1,000,000 > E 138,000; D has none → last either way
      ['ad_price', 'desc', [b.id, a.id, e.id, d.id]],
      ['ad_price', 'asc', [e.id, a.id, b.id, d.id]],
    ]
    for (const [sort, order, ids] of cases) {
      const response = await client
        .get('/api/dashboard/list')
        .qs({ sort, order })
        .loginAs(given.staff)
      response.assertStatus(200)
      assert.deepEqual(idsOf(response.body()), ids, `${sort} ${order}`)
      assert.equal(response.body().data.sort, sort)
      assert.equal(response.body().data.order, order)
    }
  })

  test('/api/dashboard/sort is the same list', async ({ client, assert }) => {
    const list = await client.get('/api/dashboard/list').qs({ sort: 'fans' }).loginAs(given.staff)
    const sort = await client.get('/api/dashboard/sort').qs({ sort: 'fans' }).loginAs(given.staff)
    sort.assertStatus(200)
    assert.deepEqual(sort.body(), list.body())
  })

  test('pages with offset and limit: ranks continue, has_more ends', async ({ client, assert }) => {
    const { a, b, d, e } = given.seeded
    const first = await client.get('/api/dashboard/list').qs({ limit: 2 }).loginAs(given.staff)
    assert.deepEqual(idsOf(first.body()), [a.id, d.id])
    assert.deepEqual(
      first.body().data.items.map((item: any) => item.rank),
      [1, 2]
    )
    assert.include(first.body().data, { offset: 0, limit: 2, total: 4, has_more: true })

    const second = await client
      .get('/api/dashboard/list')
      .qs({ offset: 2, limit: 2 })
      .loginAs(given.staff)
    assert.deepEqual(idsOf(second.body()), [b.id, e.id])
    assert.deepEqual(
      second.body().data.items.map((item: any) => item.rank),
      [3, 4]
    )
    assert.include(second.body().data, { offset: 2, limit: 2, total: 4, has_more: false })

    const third = await client
      .get('/api/dashboard/list')
      .qs({ offset: 3, limit: 2 })
      .loginAs(given.staff)
    assert.deepEqual(idsOf(third.body()), [e.id])
    assert.equal(third.body().data.items[0].rank, 4)
    assert.isFalse(third.body().data.has_more)

    const past = await client.get('/api/dashboard/list').qs({ offset: 10 }).loginAs(given.staff)
    past.assertStatus(200)
    assert.deepEqual(past.body().data.items, [])
    assert.include(past.body().data, { total: 4, has_more: false })

    const max = await client.get('/api/dashboard/list').qs({ limit: 100 }).loginAs(given.staff)
    max.assertStatus(200)
    assert.equal(max.body().data.limit, 100)
  })

  test('the platform filter: creators with that platform, figures of that platform only', async ({
    client,
    assert,
  }) => {
    const { a, d } = expected(given.seeded)
    const response = await client
      .get('/api/dashboard/list')
      .qs({ platform: 'youtube', sort: 'fans' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.equal(data.total, 2)
    // A on YouTube: fans 7000, gained 7000 − 5600 = 1400 (1400 / 5600 = 0.25),
    //   views 100000, gained 100000 − 65000 = 35000, likes 350, comments 35,
    //   ad price on YouTube only: 500 USD × 1380 = 690,000
    // D as before (YouTube is its only platform); fans 7000 > 3400
    assert.deepEqual(data.items, [
      {
        rank: 1,
        ...a,
        fans: 7_000,
        fans_diff: 1_400,
        views: 100_000,
        views_diff: 35_000,
        likes_diff: 350,
        comments_diff: 35,
        growth: 0.25,
        ad_price_krw: 690_000,
      },
      { rank: 2, ...d },
    ])

    const douyin = await client
      .get('/api/dashboard/list')
      .qs({ platform: 'douyin' })
      .loginAs(given.staff)
    assert.deepEqual(idsOf(douyin.body()), [given.seeded.b.id])
    const weibo = await client
      .get('/api/dashboard/list')
      .qs({ platform: 'weibo' })
      .loginAs(given.staff)
    assert.deepEqual(weibo.body().data.items, [])
    assert.equal(weibo.body().data.total, 0)
  })

  test('a chosen range: start − 1 and end read directly, the last value when the end has none', async ({
    client,
    assert,
  }) => {
    const { a, b, d } = given.seeded
    // 2–5 March against 1 March
    const early = await client
      .get('/api/dashboard/list')
      .qs({ start: '2025-03-02', end: '2025-03-05', sort: 'fans' })
      .loginAs(given.staff)
    early.assertStatus(200)
    const items = early.body().data.items
    // A: 1500 + 6000 = 7500, gained (1500−1100) + (6000−5200) = 1200, 1200 / 6300 = 0.190476
    // B: 3400, gained 3400 − 3000 = 400 → 0.133333; D: no snapshot in the range → zeros
    assert.deepEqual(
      items.map((item: any) => [item.creator_id, item.fans, item.fans_diff, item.growth]),
      [
        [a.id, 7_500, 1_200, 0.190476],
        [b.id, 3_400, 400, 0.133333],
        [d.id, 0, 0, null],
        [given.seeded.e.id, 0, 0, null],
      ]
    )

    // 5–12 March: nothing on 12 March, so each account's last value in the range (10 March)
    // A: 9000, gained (2000−1400) + (7000−5800) = 1800 (against 4 March: 1400 + 5800 = 7200 → 0.25)
    const late = await client
      .get('/api/dashboard/list')
      .qs({ start: '2025-03-05', end: '2025-03-12', sort: 'fans' })
      .loginAs(given.staff)
    late.assertStatus(200)
    const first = late.body().data.items[0]
    assert.deepInclude(first, { creator_id: a.id, fans: 9_000, fans_diff: 1_800, growth: 0.25 })
  })
})
