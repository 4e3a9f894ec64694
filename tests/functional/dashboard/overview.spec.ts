import { test } from '@japa/runner'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricCollectionService from '#services/metrics/collection_service'
import { setupStaffGroup } from '#tests/helpers/functional'
import { seedDashboardDataset } from '#tests/helpers/metrics'

/*
 * The dataset is described in tests/helpers/metrics.ts (1–10 March 2025).
 * Default range: the 7 days ending at the newest day, 2025-03-04 … 2025-03-10;
 * the day before it is 2025-03-03. Every expected number below is worked out
 * by hand from the series there.
 */
test.group('dashboard / overview', (group) => {
  const given = setupStaffGroup(group)

  test('every headline number over the default week', async ({ client, assert }) => {
    await seedDashboardDataset()
    const response = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    response.assertStatus(200)
    const { status, data } = response.body()
    assert.equal(status, 0)

    assert.equal(data.latest_date, '2025-03-10')
    assert.deepEqual(data.range, { start: '2025-03-04', end: '2025-03-10', days: 7 })
    assert.isNull(data.platform)

    // newest day (d 10): A bili 2000 + A yt 7000 + B 3750 + D 3400 (C stopped on d 6)
    assert.equal(data.total_fans, 16_150)
    // YouTube: A 7000 + D 3400
    assert.equal(data.youtube_fans, 10_400)
    // 16150 − 10400
    assert.equal(data.china_fans, 5_750)

    // valid creators: A CR, B IP, D CR, E CH (C is terminated)
    assert.deepEqual(data.creators, { total: 4, CR: 2, IP: 1, CH: 1 })
    // snapshots on d 10: bilibili (A), douyin (B), youtube (A, D) — in PLATFORMS order
    assert.deepEqual(data.active_platforms, {
      count: 3,
      platforms: ['bilibili', 'douyin', 'youtube'],
    })

    // window: 10 days of history (1–10 March) since fewer than 365 exist
    // fans gained: A bili 9×100 = 900, A yt 9×200 = 1800, B 3750−3000 = 750,
    //              C 5×10 = 50, D 3400−3000 = 400  → 3900
    // channels: accounts with a snapshot on d 10 = 4 → 3900 / 4 = 975
    // fans at the start (no 28 Feb; 1 March values minus their 0 diffs):
    //   1100 + 5200 + 3000 + 8010 = 17310 → 3900 / 17310 = 0.2253032… → 0.225303
    assert.deepEqual(data.yearly_growth, {
      fans_per_channel: 975,
      rate: 0.225303,
      channels: 4,
      days: 10,
    })

    // views on d 10: 20000 + 100000 + 50000 + 45000
    assert.equal(data.total_views, 215_000)
    // views gained per platform over the 10 days ÷ (10 / 30.4375 months):
    //   bilibili: A 9×1000 + C 5×500 = 11500 → 11500 × 3.04375 = 35003.125 → 35003.13
    //   douyin:   B 9×3000 = 27000 → 82181.25
    //   youtube:  A 9×5000 + D 40000 = 85000 → 258718.75
    // months: 10 / 30.4375 = 0.3285… → 0.33
    assert.deepEqual(data.monthly_views_per_platform, [
      { platform: 'bilibili', avg_monthly_views: 35_003.13, months: 0.33 },
      { platform: 'douyin', avg_monthly_views: 82_181.25, months: 0.33 },
      { platform: 'youtube', avg_monthly_views: 258_718.75, months: 0.33 },
    ])
    // videos on d 10: A bili 12 + A yt 20 + B 31 + D 6
    assert.equal(data.total_uploads, 69)
    // uploads in the window: A bili 2 (d 5, d 10) + B 1 (d 8) + D 1 (d 9) = 4 → 4 × 3.04375 = 12.175
    assert.equal(data.avg_monthly_uploads, 12.18)

    // over 4–10 March, against 3 March
    // fans: value 16150; gained A bili 7×100 + A yt 7×200 + B (100,100,100,100,−50,100,100 = 550)
    //       + C (d 4–6) 30 + D 400 = 3080; on 3 March 1300 + 5600 + 3200 + 8030 = 18130
    //       → 3080 / 18130 = 0.169884…
    // likes: value 600 + 2500 + 1200 + 140 = 4440; gained 70 + 350 + 140 + 15 + 40 = 615;
    //       3 March 530 + 2150 + 1060 + 3015 = 6755 → 0.0910436…
    // views: value 215000; gained 7000 + 35000 + 21000 + 1500 + 40000 = 104500;
    //       3 March 13000 + 65000 + 29000 + 41500 = 148500 → 0.703703…
    // comments: value 120 + 350 + 240 + 14 = 724; gained 14 + 35 + 28 + 3 + 4 = 84;
    //       3 March 106 + 315 + 212 + 403 = 1036 → 0.081081…
    assert.deepEqual(data.metrics, {
      fans: { value: 16_150, diff: 3_080, growth: 0.169884 },
      likes: { value: 4_440, diff: 615, growth: 0.091044 },
      views: { value: 215_000, diff: 104_500, growth: 0.703704 },
      comments: { value: 724, diff: 84, growth: 0.081081 },
    })
    assert.isNull(data.last_run)
  })

  test('the alias answers the same; a chosen range moves every figure to its days', async ({
    client,
    assert,
  }) => {
    await seedDashboardDataset()
    const brand = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    const alias = await client.get('/api/dashboard/overview').loginAs(given.staff)
    alias.assertStatus(200)
    assert.deepEqual(alias.body(), brand.body())

    const response = await client
      .get('/api/dashboard/overview')
      .qs({ start: '2025-03-02', end: '2025-03-05' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data.range, { start: '2025-03-02', end: '2025-03-05', days: 4 })
    // the network's figures describe the range's last day (5 March), not the newest day:
    // A bili 1500 + A yt 6000 + B 3400 + C 8050 (D has no snapshot yet)
    assert.equal(data.total_fans, 18_950)
    assert.equal(data.youtube_fans, 6_000)
    assert.equal(data.latest_date, '2025-03-10', 'the newest day is still said')
    // fans on 5 March: A 1500 + 6000, B 3400, C 8050 = 18950
    // gained 2–5 March: A 4×100 + 4×200, B 4×100, C 4×10 = 1640
    // on 1 March: 1100 + 5200 + 3000 + 8010 = 17310 → 1640 / 17310 = 0.094743…
    assert.deepEqual(data.metrics.fans, { value: 18_950, diff: 1_640, growth: 0.094743 })
  })

  test('the platform filter narrows every number to one platform', async ({ client, assert }) => {
    await seedDashboardDataset()
    const response = await client
      .get('/api/mcn_dashboard')
      .qs({ platform: 'youtube' })
      .loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.equal(data.platform, 'youtube')
    // A yt 7000 + D 3400
    assert.equal(data.total_fans, 10_400)
    assert.equal(data.youtube_fans, 10_400)
    assert.equal(data.china_fans, 0)
    // valid creators with an active YouTube account: A, D (both CR)
    assert.deepEqual(data.creators, { total: 2, CR: 2, IP: 0, CH: 0 })
    assert.deepEqual(data.active_platforms, { count: 1, platforms: ['youtube'] })
    // gained: A yt 1800 + D 400 = 2200 over 2 channels = 1100; start: A yt on 1 March 5200
    // → 2200 / 5200 = 0.4230769… → 0.423077
    assert.deepEqual(data.yearly_growth, {
      fans_per_channel: 1100,
      rate: 0.423077,
      channels: 2,
      days: 10,
    })
    assert.equal(data.total_views, 145_000)
    assert.deepEqual(data.monthly_views_per_platform, [
      { platform: 'youtube', avg_monthly_views: 258_718.75, months: 0.33 },
    ])
    // videos on d 10: 20 + 6; uploads: D 1 → 1 × 3.04375 = 3.04375 → 3.04
    assert.equal(data.total_uploads, 26)
    assert.equal(data.avg_monthly_uploads, 3.04)
    // fans over the week: value 10400, gained 7×200 + 400 = 1800, on 3 March A yt 5600 → 0.321428…
    assert.deepEqual(data.metrics.fans, { value: 10_400, diff: 1_800, growth: 0.321429 })
  })

  test('before any collection: no newest day, zeros and nulls, the last 7 days to yesterday', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    response.assertStatus(200)
    const { data } = response.body()
    assert.isNull(data.latest_date)
    assert.equal(data.range.days, 7)
    assert.equal(data.total_fans, 0)
    assert.deepEqual(data.creators, { total: 0, CR: 0, IP: 0, CH: 0 })
    assert.deepEqual(data.active_platforms, { count: 0, platforms: [] })
    assert.deepEqual(data.yearly_growth, { fans_per_channel: 0, rate: null, channels: 0, days: 0 })
    assert.deepEqual(data.monthly_views_per_platform, [])
    assert.deepEqual(data.metrics.views, { value: 0, diff: 0, growth: null })
  })

  test('the newest collection run comes along: a new run at once, its progress within a second', async ({
    client,
    assert,
  }) => {
    await seedDashboardDataset()
    await client.get('/api/mcn_dashboard').loginAs(given.staff)
    const run = await MetricCollectionService.createRun({
      date: '2025-03-10',
      trigger: 'manual',
      requestedBy: given.staff.id,
    })
    const first = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    const queued = first.body().data
    assert.equal(queued.last_run.id, run.id)
    assert.equal(queued.last_run.status, 'queued')

    // progress written by another process (the worker) without a cache message
    await MetricCollectionRun.query()
      .where('id', run.id)
      .update({ status: 'running', total: 5, processed: 2 })
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const response = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    const lastRun = response.body().data.last_run
    assert.equal(lastRun.id, run.id)
    assert.include(lastRun, {
      snapshot_date: '2025-03-10',
      platform: null,
      creator_ids: null,
      trigger: 'manual',
      status: 'running',
      total: 5,
      processed: 2,
    })
    assert.deepEqual(lastRun.failures, [])
    assert.match(lastRun.created_at, /^\d{4}-\d{2}-\d{2}T/)
  })
})
