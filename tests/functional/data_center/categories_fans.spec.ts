import { test } from '@japa/runner'
import { setupStaffGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { seedDataCenter } from '#tests/helpers/data_center'

/** Tier rows of /api/dashboard/fans with the given counts (newbie … 1m). */
function tiers(counts: number[]) {
  const edges = [0, 1_000, 5_000, 10_000, 30_000, 50_000, 100_000, 300_000, 500_000, 1_000_000]
  const keys = ['newbie', '1k', '5k', '10k', '30k', '50k', '100k', '300k', '500k', '1m']
  return keys.map((key, index) => ({
    key,
    min: edges[index],
    max: edges[index + 1] ?? null,
    count: counts[index],
  }))
}

test.group('data center / categories and fan tiers', (group) => {
  const given = setupStaffGroup(group)

  test('categories over 1w with shares of the valid creators fans', async ({ client, assert }) => {
    await seedDataCenter()
    const response = await client.get('/api/dashboard/category/platform').loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.period, '1w')
    assert.deepEqual(data.range, { start: '2025-01-29', end: '2025-02-04', days: 7 })
    // food = A + E (C is terminated): fans 1,000,000 + 1,000 = 1,001,000; +21,000 + 70 = 21,070
    //   over 979,000 + 930 = 979,930 → 0.021502; views 490,000 + 700 = 490,700
    // game = B: 200,999, +3,500 / 197,499 = 0.017722, views 700,070
    // music = D: 38,000, +3,500 / 34,500 = 0.101449, views 238,000
    // all fans 1,001,000 + 200,999 + 38,000 = 1,239,999 → shares 0.807259, 0.162096, 0.030645
    assert.deepEqual(data.categories, [
      {
        category: 'food',
        creators: 2,
        fans: 1_001_000,
        fans_diff: 21_070,
        views_diff: 490_700,
        growth: 0.021502,
        share: 0.807259,
      },
      {
        category: 'game',
        creators: 1,
        fans: 200_999,
        fans_diff: 3_500,
        views_diff: 700_070,
        growth: 0.017722,
        share: 0.162096,
      },
      {
        category: 'music',
        creators: 1,
        fans: 38_000,
        fans_diff: 3_500,
        views_diff: 238_000,
        growth: 0.101449,
        share: 0.030645,
      },
    ])
  })

  test('categories on youtube over 1m', async ({ client, assert }) => {
    await seedDataCenter()
    const response = await client
      .get('/api/dashboard/category/platform')
      .qs({ period: '1m', platform: 'youtube' })
      .loginAs(given.staff)
    response.assertStatus(200)
    // food = A's youtube: 340,000 at n 5 → 400,000 (+60,000 = 0.176471), views +600,000
    // music = D's youtube (from n 20): 5,000 → 8,000 (+3,000 = 0.6), views +60,000
    // shares 400,000 / 408,000 = 0.980392 and 8,000 / 408,000 = 0.019608
    assert.deepEqual(response.body().data.categories, [
      {
        category: 'food',
        creators: 1,
        fans: 400_000,
        fans_diff: 60_000,
        views_diff: 600_000,
        growth: 0.176471,
        share: 0.980392,
      },
      {
        category: 'music',
        creators: 1,
        fans: 8_000,
        fans_diff: 3_000,
        views_diff: 60_000,
        growth: 0.6,
        share: 0.019608,
      },
    ])
  })

  test('fan tiers without a platform: creators by fans summed, edges exactly at 1k and 1M', async ({
    client,
    assert,
  }) => {
    await seedDataCenter()
    const response = await client.get('/api/dashboard/fans').loginAs(given.staff)
    response.assertStatus(200)
    // n 35: A 1,000,000 → 1m; B 200,999 → 100k; D 38,000 → 30k; E 1,000 → 1k;
    // C (terminated, 50,000) not counted
    assert.deepEqual(response.body().data, {
      platform: null,
      date: '2025-02-04',
      tiers: tiers([0, 1, 0, 0, 1, 0, 1, 0, 0, 1]),
    })
  })

  test('fan tiers of one platform: its accounts (platform_id or platform)', async ({
    client,
    assert,
  }) => {
    await seedDataCenter()
    const bilibili = await client
      .get('/api/dashboard/fans')
      .qs({ platform_id: 'bilibili' })
      .loginAs(given.staff)
    bilibili.assertStatus(200)
    // bilibili at n 35: A 600,000 → 500k; B 999 → newbie; E 1,000 → 1k (C terminated)
    assert.deepEqual(bilibili.body().data, {
      platform: 'bilibili',
      date: '2025-02-04',
      tiers: tiers([1, 1, 0, 0, 0, 0, 0, 0, 1, 0]),
    })

    const youtube = await client
      .get('/api/dashboard/fans')
      .qs({ platform: 'youtube' })
      .loginAs(given.staff)
    // youtube: A 400,000 → 300k; D 8,000 → 5k
    assert.deepEqual(youtube.body().data.tiers, tiers([0, 0, 1, 0, 0, 0, 0, 1, 0, 0]))

    // an earlier day: 2025-01-20 (n 20): E 650 + 200 = 850 → newbie
    const earlier = await client
      .get('/api/dashboard/fans')
      .qs({ platform_id: 'bilibili', date: '2025-01-20' })
      .loginAs(given.staff)
    // A 565,000 + 20,000 = 585,000 → 500k; B 999 and E 850 → newbie
    assert.deepEqual(earlier.body().data.tiers, tiers([2, 0, 0, 0, 0, 0, 0, 0, 1, 0]))
  })

  test('a creator account counts its own creators only', async ({ client, assert }) => {
    const owner = await userWithCode('creator', null)
    await seedDataCenter(owner)
    const response = await client.get('/api/dashboard/fans').loginAs(owner)
    response.assertStatus(200)
    // only D: 38,000 → 30k
    assert.deepEqual(response.body().data.tiers, tiers([0, 0, 0, 0, 1, 0, 0, 0, 0, 0]))

    const categories = await client.get('/api/dashboard/category/platform').loginAs(owner)
    assert.deepEqual(
      categories.body().data.categories.map((row: any) => [row.category, row.creators, row.share]),
      [['music', 1, 1]]
    )
  })

  test('before any collection: zero counts and no date', async ({ client, assert }) => {
    const response = await client.get('/api/dashboard/fans').loginAs(given.staff)
    response.assertStatus(200)
    assert.deepEqual(response.body().data, {
      platform: null,
      date: null,
      tiers: tiers([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    })
  })
})
