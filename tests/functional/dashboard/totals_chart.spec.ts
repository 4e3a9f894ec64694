import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { seedDashboardDataset } from '#tests/helpers/metrics'

const zeros = {
  fans: 0,
  fans_diff: 0,
  views: 0,
  views_diff: 0,
  likes: 0,
  likes_diff: 0,
  comments: 0,
  comments_diff: 0,
  videos: 0,
  videos_diff: 0,
}

test.group('dashboard / platform totals and daily chart', (group) => {
  const given = setupStaffGroup(group, seedDashboardDataset)

  test('totals per platform over the default week, and their sum', async ({ client, assert }) => {
    const response = await client.get('/api/dashboard/total').loginAs(given.staff)
    response.assertStatus(200)
    const { status, data } = response.body()
    assert.equal(status, 0)
    assert.deepEqual(data.range, { start: '2025-03-04', end: '2025-03-10', days: 7 })
    assert.deepEqual(data.platforms, [
      {
        // 10 March: A only (C stopped on 6 March); gains 4–10 March include C's (d 4–6)
        platform: 'bilibili',
        accounts: 1,
        fans: 2_000,
        fans_diff: 730, // A 7×100 + C 3×10
        views: 20_000,
        views_diff: 8_500, // 7×1000 + 3×500
        likes: 600,
        likes_diff: 85, // 7×10 + 3×5
        comments: 120,
        comments_diff: 17, // 7×2 + 3×1
        videos: 12,
        videos_diff: 2, // A on d 5 and d 10
        growth: 0.078242, // 730 / (A 1300 + C 8030 = 9330) = 0.0782422…
      },
      {
        platform: 'douyin',
        accounts: 1,
        fans: 3_750,
        fans_diff: 550, // 3750 − 3200
        views: 50_000,
        views_diff: 21_000,
        likes: 1_200,
        likes_diff: 140,
        comments: 240,
        comments_diff: 28,
        videos: 31,
        videos_diff: 1,
        growth: 0.171875, // 550 / 3200
      },
      {
        platform: 'youtube',
        accounts: 2,
        fans: 10_400, // 7000 + 3400
        fans_diff: 1_800, // A 7×200 + D 400
        views: 145_000, // 100000 + 45000
        views_diff: 75_000, // 35000 + 40000
        likes: 2_640, // 2500 + 140
        likes_diff: 390, // 350 + 40
        comments: 364, // 350 + 14
        comments_diff: 39, // 35 + 4
        videos: 26, // 20 + 6
        videos_diff: 1, // D on d 9
        growth: 0.321429, // 1800 / (A yt on 3 March 5600) = 0.3214285…
      },
    ])
    assert.deepEqual(data.total, {
      accounts: 4,
      fans: 16_150,
      fans_diff: 3_080,
      views: 215_000,
      views_diff: 104_500,
      likes: 4_440,
      likes_diff: 615,
      comments: 724,
      comments_diff: 84,
      videos: 69,
      videos_diff: 4,
      growth: 0.169884, // 3080 / (9330 + 3200 + 5600 = 18130)
    })
  })

  test('the daily chart: one row per day, zeros before the first collection', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/api/dashboard/chart/weekly')
      .qs({ start: '2025-02-27', end: '2025-03-02' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data.range, { start: '2025-02-27', end: '2025-03-02', days: 4 })
    assert.deepEqual(data.series, [
      { date: '2025-02-27', ...zeros },
      { date: '2025-02-28', ...zeros },
      {
        // 1 March: A bili + A yt + B + C (first snapshots: differences 0)
        date: '2025-03-01',
        ...zeros,
        fans: 17_310, // 1100 + 5200 + 3000 + 8010
        views: 129_500, // 11000 + 55000 + 23000 + 40500
        likes: 6_585, // 510 + 2050 + 1020 + 3005
        comments: 1_012, // 102 + 305 + 204 + 401
        videos: 110, // 10 + 20 + 30 + 50
      },
      {
        date: '2025-03-02',
        fans: 17_720, // 1200 + 5400 + 3100 + 8020
        fans_diff: 410, // 100 + 200 + 100 + 10
        views: 139_000, // 12000 + 60000 + 26000 + 41000
        views_diff: 9_500, // 1000 + 5000 + 3000 + 500
        likes: 6_670, // 520 + 2100 + 1040 + 3010
        likes_diff: 85, // 10 + 50 + 20 + 5
        comments: 1_024, // 104 + 310 + 208 + 402
        comments_diff: 12, // 2 + 5 + 4 + 1
        videos: 110,
        videos_diff: 0,
      },
    ])
  })

  test('the chart of one platform over the default week', async ({ client, assert }) => {
    const response = await client
      .get('/api/dashboard/chart/weekly')
      .qs({ platform: 'douyin' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { series } = response.body().data
    assert.deepEqual(
      series.map((row: any) => row.date),
      [
        '2025-03-04',
        '2025-03-05',
        '2025-03-06',
        '2025-03-07',
        '2025-03-08',
        '2025-03-09',
        '2025-03-10',
      ]
    )
    // B's fans and their daily changes (the loss on 8 March)
    assert.deepEqual(
      series.map((row: any) => [row.fans, row.fans_diff]),
      [
        [3_300, 100],
        [3_400, 100],
        [3_500, 100],
        [3_600, 100],
        [3_550, -50],
        [3_650, 100],
        [3_750, 100],
      ]
    )
    // views 20000 + 3000d, +3000 a day
    assert.deepEqual(series[0], {
      date: '2025-03-04',
      fans: 3_300,
      fans_diff: 100,
      views: 32_000,
      views_diff: 3_000,
      likes: 1_080,
      likes_diff: 20,
      comments: 216,
      comments_diff: 4,
      videos: 30,
      videos_diff: 0,
    })
  })
})
