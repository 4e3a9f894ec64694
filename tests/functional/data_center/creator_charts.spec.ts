import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { linkCreator, seedDataCenter } from '#tests/helpers/data_center'

/*
 * D (tests/helpers/data_center.ts): douyin fans 19,500 + 300n, views 1,000,000 + 30,000n
 * (scraped, douyin_web); youtube from n 20: fans 5,000 + 200(n − 20), views
 * 100,000 + 4,000(n − 20) (official, youtube). Every account: likes 100n, comments 10n,
 * shares 2n, danmaku 3n, coins 4n, videos n.
 */
test.group('data center / creator charts', (group) => {
  const given = setupStaffGroup(group, seedDataCenter)

  test('daily rows: newest first, one per platform and day', async ({ client, assert }) => {
    const { d } = given.seeded
    const response = await client
      .get('/api/creator/chart/daily')
      .qs({ id: d.id, start: '2025-02-03', end: '2025-02-04' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.creator_id, d.id)
    assert.deepEqual(data.range, { start: '2025-02-03', end: '2025-02-04', days: 2 })
    const same = { likes_diff: 100, comments_diff: 10, videos_diff: 1 }
    assert.deepEqual(data.rows, [
      {
        date: '2025-02-04',
        platform: 'douyin',
        fans: 30_000, // 19,500 + 10,500
        fans_diff: 300,
        views: 2_050_000, // 1,000,000 + 1,050,000
        views_diff: 30_000,
        likes: 3_500,
        comments: 350,
        shares: 70,
        danmaku: 105,
        coins: 140,
        videos: 35,
        ...same,
        source: 'scraped',
        adapter: 'douyin_web',
      },
      {
        date: '2025-02-04',
        platform: 'youtube',
        fans: 8_000, // 5,000 + 200 · 15
        fans_diff: 200,
        views: 160_000, // 100,000 + 4,000 · 15
        views_diff: 4_000,
        likes: 3_500,
        comments: 350,
        shares: 70,
        danmaku: 105,
        coins: 140,
        videos: 35,
        ...same,
        source: 'official',
        adapter: 'youtube',
      },
      {
        date: '2025-02-03',
        platform: 'douyin',
        fans: 29_700,
        fans_diff: 300,
        views: 2_020_000,
        views_diff: 30_000,
        likes: 3_400,
        comments: 340,
        shares: 68,
        danmaku: 102,
        coins: 136,
        videos: 34,
        ...same,
        source: 'scraped',
        adapter: 'douyin_web',
      },
      {
        date: '2025-02-03',
        platform: 'youtube',
        fans: 7_800,
        fans_diff: 200,
        views: 156_000,
        views_diff: 4_000,
        likes: 3_400,
        comments: 340,
        shares: 68,
        danmaku: 102,
        coins: 136,
        videos: 34,
        ...same,
        source: 'official',
        adapter: 'youtube',
      },
    ])

    const youtube = await client
      .get('/api/creator/chart/daily')
      .qs({ id: d.id, platform: 'youtube' })
      .loginAs(given.staff)
    // default range: the 7 days n 29–35, youtube only
    assert.deepEqual(youtube.body().data.range, {
      start: '2025-01-29',
      end: '2025-02-04',
      days: 7,
    })
    assert.deepEqual(
      youtube.body().data.rows.map((row: any) => [row.date, row.platform, row.fans]),
      [
        ['2025-02-04', 'youtube', 8_000],
        ['2025-02-03', 'youtube', 7_800],
        ['2025-02-02', 'youtube', 7_600],
        ['2025-02-01', 'youtube', 7_400],
        ['2025-01-31', 'youtube', 7_200],
        ['2025-01-30', 'youtube', 7_000],
        ['2025-01-29', 'youtube', 6_800],
      ]
    )
  })

  test('monthly: calendar months up to the newest day, oldest first', async ({
    client,
    assert,
  }) => {
    const { a, d } = given.seeded
    const response = await client
      .get('/api/creator/chart/monthly')
      .qs({ id: a.id, months: 3 })
      .loginAs(given.staff)
    response.assertStatus(200)
    // A: fans 895,000 + 3,000n, views 15,000,000 + 70,000n, two accounts (likes 2·100 a day …)
    assert.deepEqual(response.body().data, {
      creator_id: a.id,
      months: [
        {
          month: '2024-12',
          fans: 0,
          fans_diff: 0,
          views: 0,
          views_diff: 0,
          likes_diff: 0,
          comments_diff: 0,
          videos_diff: 0,
        },
        {
          // 2025-01-31 (n 31); diffs of n 2–31 (n 1 is the first snapshot: 0)
          month: '2025-01',
          fans: 988_000, // 895,000 + 93,000
          fans_diff: 90_000, // 30 · 3,000
          views: 17_170_000, // 15,000,000 + 2,170,000
          views_diff: 2_100_000, // 30 · 70,000
          likes_diff: 6_000, // 30 · 200
          comments_diff: 600, // 30 · 20
          videos_diff: 60, // 30 · 2
        },
        {
          // 2025-02-04 (n 35); diffs of n 32–35
          month: '2025-02',
          fans: 1_000_000,
          fans_diff: 12_000, // 4 · 3,000
          views: 17_450_000,
          views_diff: 280_000, // 4 · 70,000
          likes_diff: 800,
          comments_diff: 80,
          videos_diff: 8,
        },
      ],
    })

    const youtube = await client
      .get('/api/creator/chart/monthly')
      .qs({ id: d.id, months: 2, platform: 'youtube' })
      .loginAs(given.staff)
    // D's youtube from n 20: January n 31 = 5,000 + 2,200; diffs n 21–31 (11 days)
    assert.deepEqual(youtube.body().data.months, [
      {
        month: '2025-01',
        fans: 7_200,
        fans_diff: 2_200,
        views: 144_000,
        views_diff: 44_000,
        likes_diff: 1_100,
        comments_diff: 110,
        videos_diff: 11,
      },
      {
        month: '2025-02',
        fans: 8_000,
        fans_diff: 800,
        views: 160_000,
        views_diff: 16_000,
        likes_diff: 400,
        comments_diff: 40,
        videos_diff: 4,
      },
    ])

    const year = await client
      .get('/api/creator/chart/monthly')
      .qs({ id: a.id })
      .loginAs(given.staff)
    const months = year.body().data.months.map((row: any) => row.month)
    assert.lengthOf(months, 12)
    assert.deepEqual([months[0], months[11]], ['2024-03', '2025-02'])
  })

  test('dashboard detail: per platform over the range, with totals', async ({ client, assert }) => {
    const { d } = given.seeded
    const response = await client
      .get('/api/creator/dashboard/detail')
      .qs({ id: d.id })
      .loginAs(given.staff)
    response.assertStatus(200)
    // default week n 29–35, growth against n 28: douyin 27,900, youtube 6,600
    assert.deepEqual(response.body().data, {
      creator_id: d.id,
      range: { start: '2025-01-29', end: '2025-02-04', days: 7 },
      platforms: [
        {
          platform: 'douyin',
          fans: 30_000,
          fans_diff: 2_100, // 7 · 300
          views: 2_050_000,
          views_diff: 210_000, // 7 · 30,000
          likes: 3_500,
          likes_diff: 700,
          comments: 350,
          comments_diff: 70,
          growth: 0.075269, // 2,100 / 27,900
          source: 'scraped',
          adapter: 'douyin_web',
        },
        {
          platform: 'youtube',
          fans: 8_000,
          fans_diff: 1_400, // 7 · 200
          views: 160_000,
          views_diff: 28_000, // 7 · 4,000
          likes: 3_500,
          likes_diff: 700,
          comments: 350,
          comments_diff: 70,
          growth: 0.212121, // 1,400 / 6,600
          source: 'official',
          adapter: 'youtube',
        },
      ],
      total: {
        fans: 38_000,
        fans_diff: 3_500,
        views: 2_210_000,
        views_diff: 238_000,
        likes: 7_000,
        likes_diff: 1_400,
        comments: 700,
        comments_diff: 140,
        growth: 0.101449, // 3,500 / 34,500
      },
    })
  })

  test('dashboard detail: a platform that starts inside the range grows from its first day', async ({
    client,
    assert,
  }) => {
    const { d } = given.seeded
    const response = await client
      .get('/api/creator/dashboard/detail')
      .qs({ id: d.id, start: '2025-01-15', end: '2025-01-25' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    // douyin n 14 = 23,700 → n 25 = 27,000: +3,300 (11 · 300) → 0.139241
    // youtube first day n 20 = 5,000 → n 25 = 6,000: +1,000 (0 + 5 · 200) → 0.2
    assert.deepEqual(
      data.platforms.map((row: any) => [row.platform, row.fans, row.fans_diff, row.growth]),
      [
        ['douyin', 27_000, 3_300, 0.139241],
        ['youtube', 6_000, 1_000, 0.2],
      ]
    )
    // 4,300 / (23,700 + 5,000 = 28,700) = 0.149826
    assert.deepEqual(
      [data.total.fans, data.total.fans_diff, data.total.growth],
      [33_000, 4_300, 0.149826]
    )
  })

  test('a creator account sees its own creator; another creator is 404', async ({
    client,
    assert,
  }) => {
    const own = given.seeded
    const owner = await userWithCode('creator', null)
    await linkCreator(own.d, owner)
    for (const path of [
      '/api/creator/chart/daily',
      '/api/creator/chart/monthly',
      '/api/creator/dashboard/detail',
    ]) {
      const mine = await client.get(path).qs({ id: own.d.id }).loginAs(owner)
      mine.assertStatus(200)
      const other = await client.get(path).qs({ id: own.a.id }).loginAs(owner)
      other.assertStatus(404)
      assert.equal(other.body().status, 404, path)
      assert.isNotEmpty(other.body().message, path)
    }
  })

  test('an unknown creator is 404', async ({ client }) => {
    for (const path of [
      '/api/creator/chart/daily',
      '/api/creator/chart/monthly',
      '/api/creator/dashboard/detail',
    ]) {
      const response = await client.get(path).qs({ id: 999_999 }).loginAs(given.staff)
      response.assertStatus(404)
    }
  })
})
