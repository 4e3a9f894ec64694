import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { linkCreator, seedDataCenter } from '#tests/helpers/data_center'

/** [date, creator_id, metric, value] of each point. */
const flat = (points: any[]) =>
  points.map((point) => [point.date, point.creator_id, point.metric, point.value])

/*
 * Sums per creator (tests/helpers/data_center.ts), for n ≥ 20:
 *   A fans 895,000 + 3,000n, views 15,000,000 + 70,000n
 *   D fans 20,500 + 500n (19,500 + 300n + 5,000 + 200(n − 20)),
 *     views 1,020,000 + 34,000n (1,000,000 + 30,000n + 100,000 + 4,000(n − 20))
 * 2025-01-20 (n 20) is a Monday: weeks n 20–26, 27–33, 34–35.
 */
test.group('data center / metrics series', (group) => {
  const given = setupStaffGroup(group, seedDataCenter)

  test('two creators, weekly buckets, value mode', async ({ client, assert }) => {
    const { a, d } = given.seeded
    const response = await client
      .get('/api/metrics/series')
      .qs({
        creator_ids: `${a.id},${d.id}`,
        metrics: 'fans,views',
        start: '2025-01-20',
        end: '2025-02-04',
        granularity: 'week',
      })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(data.range, { start: '2025-01-20', end: '2025-02-04', days: 16 })
    assert.equal(data.granularity, 'week')
    assert.equal(data.mode, 'value')
    assert.deepEqual(data.metrics, ['fans', 'views'])
    assert.deepEqual(data.creators, [
      { creator_id: a.id, brand_no: 'DC-A', channel_name: 'Alpha' },
      { creator_id: d.id, brand_no: 'DC-D', channel_name: 'Delta' },
    ])
    // value on each week's last day: n 26, n 33, n 35 (the range ends on a Tuesday)
    assert.deepEqual(flat(data.points), [
      ['2025-01-20', a.id, 'fans', 973_000], // 895,000 + 78,000
      ['2025-01-27', a.id, 'fans', 994_000], // 895,000 + 99,000
      ['2025-02-03', a.id, 'fans', 1_000_000], // 895,000 + 105,000
      ['2025-01-20', a.id, 'views', 16_820_000], // 15,000,000 + 1,820,000
      ['2025-01-27', a.id, 'views', 17_310_000], // 15,000,000 + 2,310,000
      ['2025-02-03', a.id, 'views', 17_450_000], // 15,000,000 + 2,450,000
      ['2025-01-20', d.id, 'fans', 33_500], // 20,500 + 13,000
      ['2025-01-27', d.id, 'fans', 37_000], // 20,500 + 16,500
      ['2025-02-03', d.id, 'fans', 38_000], // 20,500 + 17,500
      ['2025-01-20', d.id, 'views', 1_904_000], // 1,020,000 + 884,000
      ['2025-01-27', d.id, 'views', 2_142_000], // 1,020,000 + 1,122,000
      ['2025-02-03', d.id, 'views', 2_210_000], // 1,020,000 + 1,190,000
    ])
  })

  test('two creators, weekly buckets, diff mode (creator_ids[] form)', async ({
    client,
    assert,
  }) => {
    const { a, d } = given.seeded
    const response = await client
      .get(
        `/api/metrics/series?creator_ids[]=${a.id}&creator_ids[]=${d.id}&metrics[]=fans&metrics[]=views` +
          '&start=2025-01-20&end=2025-02-04&granularity=week&mode=diff'
      )
      .loginAs(given.staff)
    response.assertStatus(200)
    assert.equal(response.body().data.mode, 'diff')
    assert.deepEqual(flat(response.body().data.points), [
      ['2025-01-20', a.id, 'fans', 21_000], // 7 · 3,000
      ['2025-01-27', a.id, 'fans', 21_000], // 7 · 3,000
      ['2025-02-03', a.id, 'fans', 6_000], // 2 · 3,000
      ['2025-01-20', a.id, 'views', 490_000], // 7 · 70,000
      ['2025-01-27', a.id, 'views', 490_000],
      ['2025-02-03', a.id, 'views', 140_000], // 2 · 70,000
      // n 20: douyin +300, youtube's first day 0; n 21–26: 6 · 500 → 3,300
      ['2025-01-20', d.id, 'fans', 3_300],
      ['2025-01-27', d.id, 'fans', 3_500], // 7 · 500
      ['2025-02-03', d.id, 'fans', 1_000], // 2 · 500
      // n 20: 30,000 + 0; n 21–26: 6 · 34,000 = 204,000 → 234,000
      ['2025-01-20', d.id, 'views', 234_000],
      ['2025-01-27', d.id, 'views', 238_000], // 7 · 34,000
      ['2025-02-03', d.id, 'views', 68_000], // 2 · 34,000
    ])
  })

  test('the whole network by month, value and diff', async ({ client, assert }) => {
    const qs = { metrics: 'fans', start: '2025-01-01', end: '2025-02-04', granularity: 'month' }
    const values = await client.get('/api/metrics/series').qs(qs).loginAs(given.staff)
    values.assertStatus(200)
    assert.deepEqual(values.body().data.creators, [])
    // 2025-01-31 (n 31): A 988,000 + B 198,999 + C 49,600 + D 36,000 + E 960 = 1,273,559
    // 2025-02-04 (n 35): 1,000,000 + 200,999 + 50,000 + 38,000 + 1,000 = 1,289,999
    assert.deepEqual(flat(values.body().data.points), [
      ['2025-01-01', null, 'fans', 1_273_559],
      ['2025-02-01', null, 'fans', 1_289_999],
    ])

    const diffs = await client
      .get('/api/metrics/series')
      .qs({ ...qs, mode: 'diff' })
      .loginAs(given.staff)
    // January: n 1 diffs are 0; n 2–31 (30 days): A 90,000 + B 15,000 + C 3,000 + D douyin
    // 9,000 + D youtube n 21–31 11 · 200 = 2,200 + E 300 = 119,500
    // February n 32–35: A 12,000 + B 2,000 + C 400 + D 2,000 + E 40 = 16,440
    assert.deepEqual(flat(diffs.body().data.points), [
      ['2025-01-01', null, 'fans', 119_500],
      ['2025-02-01', null, 'fans', 16_440],
    ])
  })

  test('defaults: the last 7 days, by day, fans, value; network views diff per day', async ({
    client,
    assert,
  }) => {
    const defaults = await client.get('/api/metrics/series').loginAs(given.staff)
    defaults.assertStatus(200)
    const data = defaults.body().data
    assert.deepEqual(data.range, { start: '2025-01-29', end: '2025-02-04', days: 7 })
    assert.deepEqual([data.granularity, data.mode, data.metrics], ['day', 'value', ['fans']])
    assert.lengthOf(data.points, 7)
    assert.deepEqual(data.points[6], {
      date: '2025-02-04',
      creator_id: null,
      metric: 'fans',
      value: 1_289_999,
    })

    const views = await client
      .get('/api/metrics/series')
      .qs({ metrics: 'views', mode: 'diff' })
      .loginAs(given.staff)
    // every day: A 70,000 + B 100,010 + C 5,000 + D 34,000 + E 100 = 209,110
    assert.deepEqual(
      views.body().data.points.map((point: any) => point.value),
      [209_110, 209_110, 209_110, 209_110, 209_110, 209_110, 209_110]
    )
  })

  test('platform filter, days without data and a week starting before the range', async ({
    client,
    assert,
  }) => {
    const { b, e } = given.seeded
    const douyin = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: b.id, platform: 'douyin', start: '2025-02-02', end: '2025-02-04' })
      .loginAs(given.staff)
    douyin.assertStatus(200)
    // B's douyin only: 182,500 + 500n at n 33, 34, 35
    assert.deepEqual(flat(douyin.body().data.points), [
      ['2025-02-02', b.id, 'fans', 199_000],
      ['2025-02-03', b.id, 'fans', 199_500],
      ['2025-02-04', b.id, 'fans', 200_000],
    ])

    const early = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: e.id, start: '2024-12-30', end: '2025-01-02' })
      .loginAs(given.staff)
    // no data before 2025-01-01; E 650 + 10n: 660, 670
    assert.deepEqual(
      early.body().data.points.map((point: any) => [point.date, point.value]),
      [
        ['2024-12-30', 0],
        ['2024-12-31', 0],
        ['2025-01-01', 660],
        ['2025-01-02', 670],
      ]
    )

    const week = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: e.id, start: '2025-01-01', end: '2025-01-05', granularity: 'week' })
      .loginAs(given.staff)
    // 2025-01-01 is a Wednesday: its week starts Monday 2024-12-30; value n 5 = 700
    assert.deepEqual(flat(week.body().data.points), [['2024-12-30', e.id, 'fans', 700]])
    const weekDiff = await client
      .get('/api/metrics/series')
      .qs({
        creator_ids: e.id,
        start: '2025-01-01',
        end: '2025-01-05',
        granularity: 'week',
        mode: 'diff',
      })
      .loginAs(given.staff)
    // n 1 diff 0, n 2–5: 4 · 10 = 40
    assert.deepEqual(flat(weekDiff.body().data.points), [['2024-12-30', e.id, 'fans', 40]])
  })

  test('a creator account: the network is its own creators; others are 404', async ({
    client,
    assert,
  }) => {
    const own = given.seeded
    const owner = await userWithCode('creator', null)
    await linkCreator(own.d, owner)
    const network = await client
      .get('/api/metrics/series')
      .qs({ start: '2025-02-04', end: '2025-02-04' })
      .loginAs(owner)
    network.assertStatus(200)
    // only D on n 35: 38,000
    assert.deepEqual(flat(network.body().data.points), [['2025-02-04', null, 'fans', 38_000]])

    const mine = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: own.d.id, start: '2025-02-04', end: '2025-02-04' })
      .loginAs(owner)
    mine.assertStatus(200)

    const others = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: `${own.d.id},${own.a.id}` })
      .loginAs(owner)
    others.assertStatus(404)
    assert.equal(others.body().status, 404)
    assert.isString(others.body().message)
  })

  test('an unknown creator id is a 404 for staff too', async ({ client }) => {
    const response = await client
      .get('/api/metrics/series')
      .qs({ creator_ids: '999999' })
      .loginAs(given.staff)
    response.assertStatus(404)
  })
})
