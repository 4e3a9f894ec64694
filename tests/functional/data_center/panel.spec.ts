import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MetricRollupService from '#services/metrics/rollup_service'
import { setupStaffGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { identity, linkCreator, seedDataCenter } from '#tests/helpers/data_center'

/*
 * The panel on the dataset of tests/helpers/data_center.ts (newest day
 * 2025-02-04 = n 35). Boundary days: 1 week → the day before is n 28
 * (2025-01-28); 1 month (30 days) → n 5 (2025-01-05). Every expected
 * number below is worked out by hand from the linear formulas.
 */
test.group('data center / panel', (group) => {
  const given = setupStaffGroup(group, seedDataCenter)

  test('1w: ranges, top-10 lists, network, score ranking and growth vs YouTube', async ({
    client,
    assert,
  }) => {
    const { a, b, d, e } = given.seeded
    const response = await client.get('/api/mcn_dashboard_panel').loginAs(given.staff)
    response.assertStatus(200)
    const { status, data } = response.body()
    assert.equal(status, 0)
    assert.equal(data.period, '1w')
    assert.isNull(data.platform)
    // 2025-02-04 − 6 days = 2025-01-29
    assert.deepEqual(data.range, { start: '2025-01-29', end: '2025-02-04', days: 7 })

    // Weekly growth (fans at n 28 → n 35), at least 1k fans at the start:
    // A: 593,000 + 386,000 = 979,000 → 1,000,000, +21,000, 21,000 / 979,000 = 0.021450
    // B: 196,500 + 999 = 197,499 → 200,999, +3,500, 3,500 / 197,499 = 0.017722
    // D: 27,900 + 6,600 = 34,500 → 38,000, +3,500 (7·300 + 7·200), 3,500 / 34,500 = 0.101449
    // E: 650 + 280 = 930 < 1,000 → left out; C is terminated → left out
    assert.deepEqual(data.weekly_growth_top, [
      { rank: 1, ...identity(d), fans: 38_000, fans_diff: 3_500, growth: 0.101449 },
      { rank: 2, ...identity(a), fans: 1_000_000, fans_diff: 21_000, growth: 0.02145 },
      { rank: 3, ...identity(b), fans: 200_999, fans_diff: 3_500, growth: 0.017722 },
    ])

    // Views gained over 30 days (n 5 → n 35):
    // B: 30·100,000 + 30·10 = 3,000,300; views 11,500,000 + 1,350 = 11,501,350
    // A: 30·50,000 + 30·20,000 = 2,100,000; views 11,750,000 + 5,700,000 = 17,450,000
    // D: douyin 30·30,000 = 900,000, youtube (first day n 20, diff 0) 15·4,000 = 60,000
    //    → 960,000; views 2,050,000 + 160,000 = 2,210,000
    // E: 30·100 = 3,000; views 13,500
    assert.deepEqual(data.monthly_views_top, [
      { rank: 1, ...identity(b), views: 11_501_350, views_diff: 3_000_300 },
      { rank: 2, ...identity(a), views: 17_450_000, views_diff: 2_100_000 },
      { rank: 3, ...identity(d), views: 2_210_000, views_diff: 960_000 },
      { rank: 4, ...identity(e), views: 13_500, views_diff: 3_000 },
    ])
    // Fans gained over 30 days: A 30·3,000 = 90,000; B 30·500 = 15,000;
    // D 30·300 + 15·200 = 12,000; E 30·10 = 300
    assert.deepEqual(data.monthly_fans_top, [
      { rank: 1, ...identity(a), fans: 1_000_000, fans_diff: 90_000 },
      { rank: 2, ...identity(b), fans: 200_999, fans_diff: 15_000 },
      { rank: 3, ...identity(d), fans: 38_000, fans_diff: 12_000 },
      { rank: 4, ...identity(e), fans: 1_000, fans_diff: 300 },
    ])

    // Network over the week (terminated C included: 49,300 at n 28, +700):
    // fans at n 28: 979,000 + 197,499 + 49,300 + 34,500 + 930 = 1,261,229
    // gained: 21,000 + 3,500 + 700 + 3,500 + 70 = 28,770 → 28,770 / 1,261,229 = 0.022811
    // views gained: 490,000 + 700,070 + 35,000 + 238,000 + 700 = 1,463,770
    // creators with snapshots: 5 → mean 1,463,770 / 5 = 292,754
    assert.deepEqual(data.network, {
      fans_start: 1_261_229,
      fans_gained: 28_770,
      fans_growth: 0.022811,
      views_gained: 1_463_770,
      creators: 5,
      mean_views_gained: 292_754,
    })

    // Fan index = 100 · (gain / start) ÷ (28,770 / 1,261,229 = 0.0228112)
    // View index = 100 · views gained ÷ 292,754; score = ½·min(fi,500) + ½·min(vi,500)
    // D: fi 100 · 0.1014493 / 0.0228112 = 444.74; vi 100 · 238,000 / 292,754 = 81.30
    //    score ½·444.74 + ½·81.30 = 263.02 → 263.0
    // E: fi 100 · (70 / 930 = 0.0752688) / 0.0228112 = 329.97; vi 100 · 700 / 292,754 = 0.24
    //    score 165.10 → 165.1
    // B: fi 100 · (3,500 / 197,499 = 0.0177216) / 0.0228112 = 77.69; vi 100 · 700,070 / 292,754
    //    = 239.13; score 158.41 → 158.4
    // A: fi 100 · 0.0214505 / 0.0228112 = 94.04; vi 100 · 490,000 / 292,754 = 167.38;
    //    score 130.71 → 130.7
    assert.deepEqual(data.score_ranking, [
      {
        rank: 1,
        ...identity(d),
        fans: 38_000,
        fans_diff: 3_500,
        views_diff: 238_000,
        fan_index: 444.7,
        view_index: 81.3,
        score: 263,
      },
      {
        rank: 2,
        ...identity(e),
        fans: 1_000,
        fans_diff: 70,
        views_diff: 700,
        fan_index: 330,
        view_index: 0.2,
        score: 165.1,
      },
      {
        rank: 3,
        ...identity(b),
        fans: 200_999,
        fans_diff: 3_500,
        views_diff: 700_070,
        fan_index: 77.7,
        view_index: 239.1,
        score: 158.4,
      },
      {
        rank: 4,
        ...identity(a),
        fans: 1_000_000,
        fans_diff: 21_000,
        views_diff: 490_000,
        fan_index: 94,
        view_index: 167.4,
        score: 130.7,
      },
    ])

    // YouTube: A 386,000 + D 6,600 = 392,600 at n 28 → 400,000 + 8,000 = 408,000,
    //   +7·2,000 + 7·200 = 15,400 → 15,400 / 392,600 = 0.039226
    // China: 593,000 + 999 + 49,300 + 930 + 196,500 + 27,900 = 868,629 at n 28
    //   → 600,000 + 999 + 50,000 + 1,000 + 200,000 + 30,000 = 881,999,
    //   +7·(1,000 + 0 + 100 + 10 + 500 + 300) = 13,370 → 13,370 / 868,629 = 0.015392
    const versus = data.growth_vs_youtube
    assert.deepEqual(versus.youtube, {
      fans_start: 392_600,
      fans_end: 408_000,
      gained: 15_400,
      rate: 0.039226,
    })
    assert.deepEqual(versus.china, {
      fans_start: 868_629,
      fans_end: 881_999,
      gained: 13_370,
      rate: 0.015392,
    })
    assert.lengthOf(versus.series, 7)
    // first day: China +1,910 / 868,629 = 0.002199; YouTube +2,200 / 392,600 = 0.005604
    assert.deepEqual(versus.series[0], {
      date: '2025-01-29',
      china_rate: 0.002199,
      youtube_rate: 0.005604,
    })
    // third day: China 3·1,910 = 5,730 / 868,629 = 0.006597; YouTube 6,600 / 392,600 = 0.016811
    assert.deepEqual(versus.series[2], {
      date: '2025-01-31',
      china_rate: 0.006597,
      youtube_rate: 0.016811,
    })
    assert.deepEqual(versus.series[6], {
      date: '2025-02-04',
      china_rate: 0.015392,
      youtube_rate: 0.039226,
    })
  })

  test('the /api/data-center alias answers the same', async ({ client, assert }) => {
    const panel = await client
      .get('/api/mcn_dashboard_panel')
      .qs({ period: '1m' })
      .loginAs(given.staff)
    const alias = await client.get('/api/data-center').qs({ period: '1m' }).loginAs(given.staff)
    alias.assertStatus(200)
    assert.deepEqual(alias.body(), panel.body())
  })

  test('1m: network and score ranking over 30 days (D recomputed from its daily rows)', async ({
    client,
    assert,
  }) => {
    const { a, b, d, e } = given.seeded
    const response = await client.get('/api/data-center').qs({ period: '1m' }).loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    // 2025-02-04 − 29 days = 2025-01-06
    assert.deepEqual(data.range, { start: '2025-01-06', end: '2025-02-04', days: 30 })

    // Fans at n 5 per platform (D's youtube starts at n 20: its platform's first day in the
    // window is n 5 all the same, where only A has a youtube row):
    // A 570,000 + 340,000; B 185,000 + 999; C 47,000; D 21,000; E 700
    // = 910,000 + 185,999 + 47,000 + 21,000 + 700 = 1,164,699
    // gained: 90,000 + 15,000 + 3,000 + 12,000 + 300 = 120,300 → 120,300 / 1,164,699 = 0.103288
    // views: 2,100,000 + 3,000,300 + 150,000 + 960,000 + 3,000 = 6,213,300, mean / 5 = 1,242,660
    assert.deepEqual(data.network, {
      fans_start: 1_164_699,
      fans_gained: 120_300,
      fans_growth: 0.103288,
      views_gained: 6_213_300,
      creators: 5,
      mean_views_gained: 1_242_660,
    })

    // D's accounts differ between n 5 (douyin) and n 35 (douyin + youtube): start =
    // 21,000 + 5,000 (youtube's first value) = 26,000, gain 9,000 + 3,000 = 12,000.
    // fi D = 100 · (12,000 / 26,000 = 0.4615385) / (120,300 / 1,164,699 = 0.1032885) = 446.84
    // vi D = 100 · 960,000 / 1,242,660 = 77.25 → score ½·446.84 + ½·77.25 = 262.05 → 262.0
    // fi E = 100 · (300 / 700 = 0.4285714) / 0.1032885 = 414.93; vi 100 · 3,000 / 1,242,660 = 0.24
    //    → score 207.59 → 207.6
    // fi A = 100 · (90,000 / 910,000 = 0.0989011) / 0.1032885 = 95.75; vi 100 · 2,100,000 /
    //    1,242,660 = 168.99 → score 132.37 → 132.4
    // fi B = 100 · (15,000 / 185,999 = 0.0806456) / 0.1032885 = 78.08; vi 100 · 3,000,300 /
    //    1,242,660 = 241.44 → score 159.76 → 159.8
    assert.deepEqual(
      data.score_ranking.map((row: any) => [
        row.creator_id,
        row.fans_diff,
        row.views_diff,
        row.fan_index,
        row.view_index,
        row.score,
      ]),
      [
        [d.id, 12_000, 960_000, 446.8, 77.3, 262],
        [e.id, 300, 3_000, 414.9, 0.2, 207.6],
        [b.id, 15_000, 3_000_300, 78.1, 241.4, 159.8],
        [a.id, 90_000, 2_100_000, 95.8, 169, 132.4],
      ]
    )
  })

  test('3m: the window starts before the data, so each start is the first day (n 1)', async ({
    client,
    assert,
  }) => {
    const { d } = given.seeded
    const response = await client
      .get('/api/mcn_dashboard_panel')
      .qs({ period: '3m' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    // 2025-02-04 − 89 days = 2024-11-07
    assert.deepEqual(data.range, { start: '2024-11-07', end: '2025-02-04', days: 90 })
    // First day per platform (n 1): bilibili 566,000 + 999 + 46,600 + 660 = 614,259;
    // douyin 183,000 + 19,800 = 202,800; youtube (A only) 332,000 → 1,149,059.
    // gained: A 34·3,000 = 102,000; B 34·500 = 17,000; C 3,400; D 34·300 + 15·200 = 13,200;
    // E 340 → 135,940 → 135,940 / 1,149,059 = 0.118306
    // views: A 34·70,000 = 2,380,000; B 34·100,010 = 3,400,340; C 170,000;
    // D 34·30,000 + 15·4,000 = 1,080,000; E 3,400 → 7,033,740, mean / 5 = 1,406,748
    assert.deepEqual(data.network, {
      fans_start: 1_149_059,
      fans_gained: 135_940,
      fans_growth: 0.118306,
      views_gained: 7_033_740,
      creators: 5,
      mean_views_gained: 1_406_748,
    })
    // D: start 19,800 + 5,000 = 24,800, gain 13,200 → fi 100 · 0.5322581 / 0.1183055 = 449.90;
    // vi 100 · 1,080,000 / 1,406,748 = 76.77 → score 263.34 → 263.3
    const delta = data.score_ranking.find((row: any) => row.creator_id === d.id)
    assert.deepEqual(
      [delta.rank, delta.fans_diff, delta.fan_index, delta.view_index, delta.score],
      [1, 13_200, 449.9, 76.8, 263.3]
    )
    // the weekly and monthly lists do not depend on the period
    assert.equal(data.weekly_growth_top[0].creator_id, d.id)
    assert.equal(data.monthly_views_top[0].views_diff, 3_000_300)
  })

  test('platform filter: bilibili only', async ({ client, assert }) => {
    const { a, b, e } = given.seeded
    const response = await client
      .get('/api/mcn_dashboard_panel')
      .qs({ platform: 'bilibili' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.platform, 'bilibili')
    // A bilibili: 593,000 → 600,000, +7,000 → 7,000 / 593,000 = 0.011804;
    // B bilibili 999 and E 930 are under 1k at the start
    assert.deepEqual(data.weekly_growth_top, [
      { rank: 1, ...identity(a), fans: 600_000, fans_diff: 7_000, growth: 0.011804 },
    ])
    // views over 30 days: A 30·50,000 = 1,500,000 (11,750,000); E 3,000 (13,500);
    // B 30·10 = 300 (1,350)
    assert.deepEqual(data.monthly_views_top, [
      { rank: 1, ...identity(a), views: 11_750_000, views_diff: 1_500_000 },
      { rank: 2, ...identity(e), views: 13_500, views_diff: 3_000 },
      { rank: 3, ...identity(b), views: 1_350, views_diff: 300 },
    ])
    // network on bilibili: 593,000 + 999 + 49,300 + 930 = 644,229; +7,000 + 0 + 700 + 70 = 7,770
    // → 0.012061; views 350,000 + 70 + 35,000 + 700 = 385,770 over 4 creators = 96,442.5
    assert.deepEqual(data.network, {
      fans_start: 644_229,
      fans_gained: 7_770,
      fans_growth: 0.012061,
      views_gained: 385_770,
      creators: 4,
      mean_views_gained: 96_442.5,
    })
    // growth vs YouTube: the China side is bilibili only 644,229 → 651,999, +7,770 → 0.012061
    assert.deepEqual(data.growth_vs_youtube.china, {
      fans_start: 644_229,
      fans_end: 651_999,
      gained: 7_770,
      rate: 0.012061,
    })
    assert.equal(data.growth_vs_youtube.youtube.gained, 15_400)
  })

  test('date: the panel as of 2025-01-31 (n 31)', async ({ client, assert }) => {
    const { d } = given.seeded
    const response = await client
      .get('/api/mcn_dashboard_panel')
      .qs({ date: '2025-01-31' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(data.range, { start: '2025-01-25', end: '2025-01-31', days: 7 })
    // D at n 24: 19,500 + 7,200 = 26,700 and 5,000 + 800 = 5,800 → 32,500;
    // at n 31: 28,800 + 7,200 = 36,000; +3,500 → 3,500 / 32,500 = 0.107692
    assert.deepEqual(data.weekly_growth_top[0], {
      rank: 1,
      ...identity(d),
      fans: 36_000,
      fans_diff: 3_500,
      growth: 0.107692,
    })
  })

  test('a creator account sees its own creators as the network', async ({ client, assert }) => {
    const { d } = given.seeded
    const owner = await userWithCode('creator', null)
    await linkCreator(d, owner)
    const response = await client.get('/api/mcn_dashboard_panel').loginAs(owner)
    response.assertStatus(200)
    const data = response.body().data
    // only D: 34,500 → 38,000 (+3,500); views +238,000; the index of the only creator is 100
    assert.deepEqual(
      data.weekly_growth_top.map((row: any) => row.creator_id),
      [d.id]
    )
    assert.deepEqual(
      data.monthly_views_top.map((row: any) => row.creator_id),
      [d.id]
    )
    assert.deepEqual(data.network, {
      fans_start: 34_500,
      fans_gained: 3_500,
      fans_growth: 0.101449,
      views_gained: 238_000,
      creators: 1,
      mean_views_gained: 238_000,
    })
    assert.deepEqual(
      data.score_ranking.map((row: any) => [
        row.creator_id,
        row.fan_index,
        row.view_index,
        row.score,
      ]),
      [[d.id, 100, 100, 100]]
    )
    // YouTube: D's 6,600 → 8,000 (+1,400 = 0.212121); China: D's douyin 27,900 → 30,000
    // (+2,100 = 0.075269)
    assert.deepEqual(data.growth_vs_youtube.youtube, {
      fans_start: 6_600,
      fans_end: 8_000,
      gained: 1_400,
      rate: 0.212121,
    })
    assert.deepEqual(data.growth_vs_youtube.china, {
      fans_start: 27_900,
      fans_end: 30_000,
      gained: 2_100,
      rate: 0.075269,
    })
  })

  test('no snapshots yet: empty lists and zeros, not an error', async ({ client, assert }) => {
    await db.from('metric_snapshots').delete()
    await MetricRollupService.rebuild()
    const response = await client.get('/api/mcn_dashboard_panel').loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(data.weekly_growth_top, [])
    assert.deepEqual(data.score_ranking, [])
    assert.deepEqual(data.network, {
      fans_start: 0,
      fans_gained: 0,
      fans_growth: null,
      views_gained: 0,
      creators: 0,
      mean_views_gained: null,
    })
    assert.isNull(data.growth_vs_youtube.china.rate)
  })
})
