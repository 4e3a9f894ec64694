import { test } from '@japa/runner'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { type RoleName, userWithCode } from '#tests/helpers/users'
import { NO_PERMISSION } from '#tests/helpers/requests'
import { seedDashboardDataset } from '#tests/helpers/metrics'

const ENDPOINTS = [
  '/api/mcn_dashboard',
  '/api/dashboard/overview',
  '/api/dashboard/list',
  '/api/dashboard/sort',
  '/api/dashboard/total',
  '/api/dashboard/chart/weekly',
  '/api/dashboard/ranking/month',
  '/api/dashboard/ranking/month/',
  '/api/dashboard/download',
]

test.group('dashboard / who sees what', (group) => {
  setupFunctionalGroup(group)

  test('without a token every endpoint answers 401', async ({ client, assert }) => {
    for (const url of ENDPOINTS) {
      const response = await client.get(url)
      assert.equal(response.status(), 401, url)
    }
  })

  test('staff, managers and admins see the dashboard; companies get 403', async ({
    client,
    assert,
  }) => {
    await seedDashboardDataset()
    const allowed: RoleName[] = ['staff', 'manager', 'admin']
    for (const role of allowed) {
      const user = await userWithCode(role, null)
      for (const url of ENDPOINTS) {
        const response = await client.get(url).loginAs(user)
        assert.equal(response.status(), 200, `${role} ${url}`)
      }
    }
    const company = await userWithCode('company', null)
    for (const url of ENDPOINTS) {
      const response = await client.get(url).loginAs(company)
      assert.equal(response.status(), 403, url)
      assert.equal(response.body().message, NO_PERMISSION, url)
    }
  })

  test("a creator account sees only its own creators' numbers", async ({ client, assert }) => {
    const { b, creatorUser } = await seedDashboardDataset()

    const overview = await client.get('/api/mcn_dashboard').loginAs(creatorUser)
    overview.assertStatus(200)
    // B only (douyin): fans on 10 March 3750; 10 days gained 750 on 1 channel,
    // start 3000 → 0.25; views 50000; 27000 views × 3.04375 = 82181.25;
    // videos 31, 1 upload × 3.04375 = 3.04; week: 550 / 3200 = 0.171875
    const data = overview.body().data
    assert.equal(data.latest_date, '2025-03-10')
    assert.equal(data.total_fans, 3_750)
    assert.equal(data.youtube_fans, 0)
    assert.equal(data.china_fans, 3_750)
    assert.deepEqual(data.creators, { total: 1, CR: 0, IP: 1, CH: 0 })
    assert.deepEqual(data.active_platforms, { count: 1, platforms: ['douyin'] })
    assert.deepEqual(data.yearly_growth, {
      fans_per_channel: 750,
      rate: 0.25,
      channels: 1,
      days: 10,
    })
    assert.equal(data.total_views, 50_000)
    assert.deepEqual(data.monthly_views_per_platform, [
      { platform: 'douyin', avg_monthly_views: 82_181.25, months: 0.33 },
    ])
    assert.equal(data.total_uploads, 31)
    assert.equal(data.avg_monthly_uploads, 3.04)
    assert.deepEqual(data.metrics.fans, { value: 3_750, diff: 550, growth: 0.171875 })
    // runs name other creators' accounts: not for a creator account
    assert.isNull(data.last_run)

    const list = await client.get('/api/dashboard/list').loginAs(creatorUser)
    assert.deepEqual(
      list.body().data.items.map((item: any) => item.creator_id),
      [b.id]
    )
    assert.equal(list.body().data.total, 1)

    const totals = await client.get('/api/dashboard/total').loginAs(creatorUser)
    assert.deepEqual(
      totals.body().data.platforms.map((item: any) => [item.platform, item.fans, item.fans_diff]),
      [['douyin', 3_750, 550]]
    )
    assert.include(totals.body().data.total, { accounts: 1, fans: 3_750, growth: 0.171875 })

    const chart = await client.get('/api/dashboard/chart/weekly').loginAs(creatorUser)
    assert.deepEqual(
      chart.body().data.series.map((row: any) => row.fans),
      [3_300, 3_400, 3_500, 3_600, 3_550, 3_650, 3_750]
    )

    const ranking = await client.get('/api/dashboard/ranking/month').loginAs(creatorUser)
    assert.deepEqual(
      ranking.body().data.items.map((item: any) => [item.creator_id, item.fans_diff]),
      [[b.id, 750]]
    )

    const download = await client.get('/api/dashboard/download').loginAs(creatorUser)
    download.assertStatus(200)

    // the staff's answer is not served from the creator's cache entry (nor the reverse)
    const staff = await userWithCode('staff', null)
    const staffView = await client.get('/api/mcn_dashboard').loginAs(staff)
    assert.equal(staffView.body().data.total_fans, 16_150)
  })

  test('a creator account linked to no creator sees empty numbers', async ({ client, assert }) => {
    await seedDashboardDataset()
    const lonely = await userWithCode('creator', null)
    const overview = await client.get('/api/mcn_dashboard').loginAs(lonely)
    overview.assertStatus(200)
    assert.equal(overview.body().data.total_fans, 0)
    assert.deepEqual(overview.body().data.creators, { total: 0, CR: 0, IP: 0, CH: 0 })
    assert.deepEqual(overview.body().data.yearly_growth, {
      fans_per_channel: 0,
      rate: null,
      channels: 0,
      days: 0,
    })
    assert.deepEqual(overview.body().data.active_platforms, { count: 0, platforms: [] })
    const list = await client.get('/api/dashboard/list').loginAs(lonely)
    assert.deepEqual(list.body().data.items, [])
    const totals = await client.get('/api/dashboard/total').loginAs(lonely)
    assert.deepEqual(totals.body().data.platforms, [])
  })
})
