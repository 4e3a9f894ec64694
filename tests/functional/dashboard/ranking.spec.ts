import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { seedDashboardDataset } from '#tests/helpers/metrics'

const row = (item: any) => [item.rank, item.creator_id, item.fans, item.fans_diff, item.views_diff]

test.group('dashboard / week and month ranking', (group) => {
  const given = setupStaffGroup(group, seedDashboardDataset)

  test('default: the month ending at the newest day, by fans gained', async ({
    client,
    assert,
  }) => {
    const { a, b, d, e } = given.seeded
    const response = await client.get('/api/dashboard/ranking/month').loginAs(given.staff)
    response.assertStatus(200)
    const { status, data } = response.body()
    assert.equal(status, 0)
    assert.equal(data.period, 'month')
    assert.equal(data.sort, 'fans')
    // 30 days ending 10 March
    assert.deepEqual(data.range, { start: '2025-02-09', end: '2025-03-10', days: 30 })
    // nothing on 8 Feb: each account's first snapshot minus its (0) difference is the start
    // A: (2000 − 1100) + (7000 − 5200) = 2700, 2700 / 6300 = 0.428571; views 9000 + 45000 = 54000
    // B: 3750 − 3000 = 750, 750 / 3000 = 0.25; views 27000
    // D: 3400 − 3000 = 400 → 0.133333; views 40000
    // E: nothing
    assert.deepEqual(data.items, [
      {
        rank: 1,
        creator_id: a.id,
        brand_no: 'D-A',
        channel_name: 'Alpha Kitchen',
        channel_name_zh: '阿尔法厨房',
        kind: 'CR',
        category: 'food',
        fans: 9_000,
        fans_diff: 2_700,
        views: 120_000,
        views_diff: 54_000,
        growth: 0.428571,
      },
      {
        rank: 2,
        creator_id: b.id,
        brand_no: 'D-B',
        channel_name: 'Bravo Games',
        channel_name_zh: null,
        kind: 'IP',
        category: 'game',
        fans: 3_750,
        fans_diff: 750,
        views: 50_000,
        views_diff: 27_000,
        growth: 0.25,
      },
      {
        rank: 3,
        creator_id: d.id,
        brand_no: 'D-D',
        channel_name: 'Delta Vlog',
        channel_name_zh: null,
        kind: 'CR',
        category: 'vlog',
        fans: 3_400,
        fans_diff: 400,
        views: 45_000,
        views_diff: 40_000,
        growth: 0.133333,
      },
      {
        rank: 4,
        creator_id: e.id,
        brand_no: 'D-E',
        channel_name: 'Echo Music',
        channel_name_zh: null,
        kind: 'CH',
        category: 'music',
        fans: 0,
        fans_diff: 0,
        views: 0,
        views_diff: 0,
        growth: null,
      },
    ])
  })

  test('the week, by views, with a limit; the trailing slash of SPEC §7 works', async ({
    client,
    assert,
  }) => {
    const { a, b, d } = given.seeded
    const response = await client
      .get('/api/dashboard/ranking/month/')
      .qs({ period: 'week', sort: 'views', limit: 3 })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.equal(data.period, 'week')
    assert.equal(data.sort, 'views')
    assert.deepEqual(data.range, { start: '2025-03-04', end: '2025-03-10', days: 7 })
    // views gained 4–10 March: A 42000, D 40000, B 21000 (E cut by the limit)
    assert.deepEqual(data.items.map(row), [
      [1, a.id, 9_000, 2_100, 42_000],
      [2, d.id, 3_400, 400, 40_000],
      [3, b.id, 3_750, 550, 21_000],
    ])

    // the same week by fans gained: A 2100, B 550, D 400
    const byFans = await client
      .get('/api/dashboard/ranking/month')
      .qs({ period: 'week', limit: 3 })
      .loginAs(given.staff)
    assert.deepEqual(
      byFans.body().data.items.map((item: any) => item.creator_id),
      [a.id, b.id, d.id]
    )
  })

  test('a chosen end date and a platform', async ({ client, assert }) => {
    const { a, b } = given.seeded
    // the week 1–7 March, against 28 Feb (none): first values minus their 0 differences
    // A: (1700 − 1100) + (6400 − 5200) = 1800; B: 3600 − 3000 = 600
    // D: 3100 − 3000 = 100 (its first snapshot, 6 March, is the start)
    const response = await client
      .get('/api/dashboard/ranking/month')
      .qs({ period: 'week', date: '2025-03-07' })
      .loginAs(given.staff)
    response.assertStatus(200)
    assert.deepEqual(response.body().data.range, {
      start: '2025-03-01',
      end: '2025-03-07',
      days: 7,
    })
    assert.deepEqual(
      response.body().data.items.map((item: any) => [item.creator_id, item.fans_diff]),
      [
        [a.id, 1_800],
        [b.id, 600],
        [given.seeded.d.id, 100],
        [given.seeded.e.id, 0],
      ]
    )

    // bilibili only: A (C is terminated), month: 2000 − 1100 = 900
    const bilibili = await client
      .get('/api/dashboard/ranking/month')
      .qs({ platform: 'bilibili' })
      .loginAs(given.staff)
    assert.deepEqual(bilibili.body().data.items.map(row), [[1, a.id, 2_000, 900, 9_000]])
  })
})
