import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MetricsCache from '#services/metrics/metrics_cache'
import MetricRollupService from '#services/metrics/rollup_service'
import { setupStaffGroup } from '#tests/helpers/functional'
import { insertSnapshots, seedDashboardDataset, snapshotRows } from '#tests/helpers/metrics'

test.group('dashboard / cached answers follow the data', (group) => {
  const given = setupStaffGroup(group)

  test('a new day collected (rollup rebuilt) shows at once', async ({ client, assert }) => {
    const { accounts, b } = await seedDashboardDataset()
    const before = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    assert.equal(before.body().data.latest_date, '2025-03-10')
    assert.equal(before.body().data.total_fans, 16_150)
    const listBefore = await client
      .get('/api/dashboard/list')
      .qs({ sort: 'fans' })
      .loginAs(given.staff)
    assert.equal(listBefore.body().data.items[1].creator_id, b.id)

    // 11 March: B jumps from 3750 to 13750 fans; the other accounts are not collected that day
    await insertSnapshots(
      snapshotRows(accounts.bDy, {
        '2025-03-10': { fans: 3750, views: 50000, likes: 1200, comments: 240, videos: 31 },
        '2025-03-11': { fans: 13750, views: 53000, likes: 1220, comments: 244, videos: 31 },
      }).slice(1)
    )

    const after = await client.get('/api/mcn_dashboard').loginAs(given.staff)
    const data = after.body().data
    assert.equal(data.latest_date, '2025-03-11')
    assert.deepEqual(data.range, { start: '2025-03-05', end: '2025-03-11', days: 7 })
    // only B has a snapshot on 11 March
    assert.equal(data.total_fans, 13_750)
    assert.deepEqual(data.active_platforms, { count: 1, platforms: ['douyin'] })

    // B now leads the fans list (13750 on 11 March; A's last value 9000 on 10 March)
    const listAfter = await client
      .get('/api/dashboard/list')
      .qs({ sort: 'fans' })
      .loginAs(given.staff)
    assert.equal(listAfter.body().data.items[0].creator_id, b.id)
    assert.equal(listAfter.body().data.items[0].fans, 13_750)
  })

  test('a change that only bumps the cache is seen too', async ({ client, assert }) => {
    const { accounts } = await seedDashboardDataset()
    const before = await client.get('/api/dashboard/total').loginAs(given.staff)
    assert.equal(before.body().data.total.fans, 16_150)

    // rewrite A's bilibili value on 10 March by hand, rebuild that day
    await db
      .from('metric_snapshots')
      .where('account_id', accounts.aBili.id)
      .where('snapshot_date', '2025-03-10')
      .update({ fans: 2_100, fans_diff: 200 })
    const cached = await client.get('/api/dashboard/total').loginAs(given.staff)
    assert.equal(
      cached.body().data.total.fans,
      16_150,
      'served from the cache until the rollup changes'
    )

    await MetricRollupService.rebuild(['2025-03-10'])
    const after = await client.get('/api/dashboard/total').loginAs(given.staff)
    assert.equal(after.body().data.total.fans, 16_250)
    assert.equal(after.body().data.total.fans_diff, 3_180)

    // a direct write to the snapshots followed by MetricsCache.bump() refreshes per-creator figures
    await db
      .from('metric_snapshots')
      .where('account_id', accounts.bDy.id)
      .where('snapshot_date', '2025-03-10')
      .update({ views: 60_000 })
    MetricsCache.bump()
    const list = await client.get('/api/dashboard/list').qs({ sort: 'views' }).loginAs(given.staff)
    const bravo = list
      .body()
      .data.items.find((item: any) => item.creator_id === accounts.bDy.creatorId)
    // 60000 − 29000 on 3 March
    assert.equal(bravo.views_diff, 31_000)
  })
})
