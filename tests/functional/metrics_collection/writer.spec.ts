import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import SnapshotWriter from '#services/metrics/snapshot_writer'
import MetricRollupService from '#services/metrics/rollup_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { seedAccounts, snapshotRow, snapshotsOf, totalsOf } from '#tests/helpers/collection'

test.group('metrics / snapshot writer', (group) => {
  setupFunctionalGroup(group)

  test('daily differences: fans 100 → 130 → 125 gives 0, 30, -5', async ({ assert }) => {
    const [account] = await seedAccounts()
    await SnapshotWriter.upsertMany([snapshotRow(account, '2026-03-01', { fans: 100, views: 10 })])
    await SnapshotWriter.upsertMany([snapshotRow(account, '2026-03-02', { fans: 130, views: 50 })])
    await SnapshotWriter.upsertMany([snapshotRow(account, '2026-03-03', { fans: 125, views: 50 })])

    const rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff, row.views, row.views_diff]),
      [
        ['2026-03-01', 100, 0, 10, 0],
        ['2026-03-02', 130, 30, 50, 40],
        ['2026-03-03', 125, -5, 50, 0],
      ]
    )
  })

  test("rewriting a middle day recomputes that day's and the next day's diffs", async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-01', { fans: 100 }),
      snapshotRow(account, '2026-03-02', { fans: 130 }),
      snapshotRow(account, '2026-03-03', { fans: 125 }),
    ])
    const result = await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-02', { fans: 110 }),
    ])
    assert.equal(result.written, 1)
    assert.equal(result.recomputed, 1)
    assert.deepEqual(result.dates, ['2026-03-02', '2026-03-03'])

    const rows = await snapshotsOf(account.id)
    // 110 - 100 = 10; 125 - 110 = 15
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff]),
      [
        ['2026-03-01', 100, 0],
        ['2026-03-02', 110, 10],
        ['2026-03-03', 125, 15],
      ]
    )
  })

  test('a gap: the previous stored day counts, and the next one after a gap is recomputed', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-01', { fans: 100 }),
      snapshotRow(account, '2026-03-05', { fans: 200 }),
    ])
    // 03-05 follows 03-01 (no day between): 200 - 100
    let rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => row.fans_diff),
      [0, 100]
    )

    await SnapshotWriter.upsertMany([snapshotRow(account, '2026-03-03', { fans: 160 })])
    rows = await snapshotsOf(account.id)
    // 160 - 100 = 60; 200 - 160 = 40
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans_diff]),
      [
        ['2026-03-01', 0],
        ['2026-03-03', 60],
        ['2026-03-05', 40],
      ]
    )

    // input days around stored days: 03-02 and 03-04 written in one batch, 03-03 and 03-05 stored
    await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-02', { fans: 120 }),
      snapshotRow(account, '2026-03-04', { fans: 190 }),
    ])
    rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff]),
      [
        ['2026-03-01', 100, 0],
        ['2026-03-02', 120, 20],
        ['2026-03-03', 160, 40],
        ['2026-03-04', 190, 30],
        ['2026-03-05', 200, 10],
      ]
    )
  })

  test('explicit diffs are stored as given; writing a day twice keeps one row', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-01', { fans: 100, fans_diff: 7, views_diff: 3 }),
    ])
    await SnapshotWriter.upsertMany([
      snapshotRow(account, '2026-03-01', { fans: 100, fans_diff: 7, views_diff: 3 }),
    ])
    const rows = await snapshotsOf(account.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].fans_diff, 7)
    assert.equal(rows[0].views_diff, 3)
    assert.equal(rows[0].likes_diff, 0)
    assert.equal(rows[0].adapter, 'test')
    assert.equal(rows[0].source, 'simulated')
  })

  test('rollup sums per day and platform, computed by hand', async ({ assert }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['bilibili', 'youtube'] })
    const [c1bili, c1yt, c2bili, c2yt] = accounts
    await SnapshotWriter.upsertMany([
      snapshotRow(c1bili, '2026-03-01', { fans: 100, views: 1000 }),
      snapshotRow(c2bili, '2026-03-01', { fans: 50, views: 500 }),
      snapshotRow(c1yt, '2026-03-01', { fans: 10, views: 20 }),
      snapshotRow(c1bili, '2026-03-02', { fans: 110, views: 1300 }),
      snapshotRow(c2bili, '2026-03-02', { fans: 45, views: 600 }),
      snapshotRow(c1yt, '2026-03-02', { fans: 12, views: 25 }),
      snapshotRow(c2yt, '2026-03-02', { fans: 3, views: 4 }),
    ])
    await MetricRollupService.rebuild(['2026-03-01', '2026-03-02'])

    const pick = (rows: Record<string, any>[]) =>
      rows.map((row) => [
        row.platform,
        row.accounts,
        row.creators,
        row.fans,
        row.fans_diff,
        row.views,
        row.views_diff,
      ])
    assert.deepEqual(pick(await totalsOf('2026-03-01')), [
      ['bilibili', 2, 2, 150, 0, 1500, 0],
      ['youtube', 1, 1, 10, 0, 20, 0],
    ])
    // bilibili: 110 + 45 = 155, diffs 10 + -5 = 5; views 1900, diffs 300 + 100
    // youtube: 12 + 3 = 15, diffs 2 + 0 (first day of c2yt); views 29, diffs 5 + 0
    assert.deepEqual(pick(await totalsOf('2026-03-02')), [
      ['bilibili', 2, 2, 155, 5, 1900, 400],
      ['youtube', 2, 2, 15, 2, 29, 5],
    ])

    // rebuilding again gives the same rows; a day without snapshots loses its totals
    await MetricRollupService.rebuild(['2026-03-02'])
    assert.lengthOf(await totalsOf('2026-03-02'), 2)
    await db.from('metric_snapshots').where('snapshot_date', '2026-03-01').delete()
    await MetricRollupService.rebuild()
    assert.lengthOf(await totalsOf('2026-03-01'), 0)
    assert.lengthOf(await totalsOf('2026-03-02'), 2)
  })
})
