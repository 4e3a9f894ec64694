import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import { PlatformError } from '#platforms/types'
import { simulateSeries } from '#platforms/simulated_model'
import CreatorPlatformAccount from '#models/creator_platform_account'
import Creator from '#models/creator'
import MetricCollectionRun from '#models/metric_collection_run'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import SnapshotWriter from '#services/metrics/snapshot_writer'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import {
  fakeAdapter,
  seedAccounts,
  snapshotRow,
  snapshotsOf,
  totalsOf,
} from '#tests/helpers/collection'

const DAY = '2026-02-10'
const NEXT_DAY = '2026-02-11'

/** Fast retries for the tests. */
function quickRetries() {
  const original = { ...MetricCollectionService.retry }
  MetricCollectionService.retry = { attempts: 3, baseDelayMs: 5, maxDelayMs: 50 }
  return () => {
    MetricCollectionService.retry = original
  }
}

async function snapshotCount(date?: string) {
  const query = db.from('metric_snapshots')
  if (date) query.where('snapshot_date', date)
  const row = await query.count('* as total').first()
  return Number(row?.total ?? 0)
}

async function creatorIdsInList(client: any, user: any, qs: string) {
  const response = await client.get(`/api/creators?${qs}`).loginAs(user)
  response.assertStatus(200)
  return response.body().map((row: { id: number }) => row.id) as number[]
}

test.group('metrics / collection', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => quickRetries())
  group.each.teardown(() => platforms.restore())

  test('collects every active account of valid creators, one snapshot each', async ({ assert }) => {
    const accounts = await seedAccounts({ creators: 3, platforms: ['bilibili', 'youtube'] })
    const [terminated] = await seedAccounts({ contractStatus: 'terminated' })
    const inactive = accounts[5]
    await db.from('creator_platform_accounts').where('id', inactive.id).update({ active: false })
    const adapter = fakeAdapter({
      name: 'bili-fake',
      values: (account) => ({ fans: 1000 * account.id, views: 7 * account.id, videos: 3 }),
    })
    platforms.fake('bilibili', adapter)
    platforms.fake('youtube', fakeAdapter({ name: 'yt-fake', values: () => ({ fans: 50 }) }))

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })

    assert.equal(run.status, 'finished')
    assert.equal(run.snapshotDate, DAY)
    assert.equal(run.trigger, 'cli')
    assert.equal(run.total, 5, 'six accounts, one inactive; the terminated creator is left out')
    assert.equal(run.processed, 5)
    assert.equal(run.succeeded, 5)
    assert.equal(run.failed, 0)
    assert.equal(run.skipped, 0)
    assert.deepEqual(run.failures, [])
    assert.isNull(run.error)
    assert.isAtLeast(run.durationMs!, 0)
    assert.isNotNull(run.startedAt)
    assert.isNotNull(run.finishedAt)
    assert.isFalse(adapter.calls.has(terminated.id))
    assert.isFalse(adapter.calls.has(inactive.id))

    assert.equal(await snapshotCount(DAY), 5)
    const [first] = await snapshotsOf(accounts[0].id)
    assert.containsSubset(first, {
      snapshot_date: DAY,
      platform: 'bilibili',
      creator_id: accounts[0].creator_id,
      fans: 1000 * accounts[0].id,
      views: 7 * accounts[0].id,
      videos: 3,
      fans_diff: 0,
      source: 'official',
      adapter: 'bili-fake',
    })

    // the account's fans, state and the creator's total
    const account = await CreatorPlatformAccount.findOrFail(accounts[0].id)
    assert.equal(account.fans, 1000 * accounts[0].id)
    assert.equal(account.collectStatus, 0)
    assert.isNotNull(account.lastCollectedAt)
    const creator = await Creator.findOrFail(accounts[0].creator_id)
    assert.equal(creator.totalFans, 1000 * accounts[0].id + 50)

    // the day's totals: bilibili 3 accounts, youtube 2 (one inactive)
    const totals = await totalsOf(DAY)
    const bili = accounts.filter((a) => a.platform === 'bilibili')
    assert.deepEqual(
      totals.map((row) => [row.platform, row.accounts, row.creators, row.fans]),
      [
        ['bilibili', 3, 3, bili.reduce((sum, a) => sum + 1000 * a.id, 0)],
        ['youtube', 2, 2, 100],
      ]
    )
  })

  test('re-running the same day is idempotent: same snapshots, same totals', async ({ assert }) => {
    await seedAccounts({ creators: 4, platforms: ['bilibili', 'douyin'] })
    platforms.fake('bilibili', fakeAdapter({ values: (a) => ({ fans: 10 * a.id, likes: a.id }) }))
    platforms.fake('douyin', fakeAdapter({ values: (a) => ({ fans: 20 * a.id, views: 5 }) }))

    await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    const strip = (rows: Record<string, any>[]) =>
      rows.map(({ id: _id, updated_at: _u, collected_at: _c, ...rest }) => rest)
    const snapshots = strip(await db.from('metric_snapshots').orderBy('account_id'))
    const totals = strip(await totalsOf(DAY))

    const again = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.equal(again.status, 'finished')
    assert.equal(await snapshotCount(), 8)
    assert.deepEqual(strip(await db.from('metric_snapshots').orderBy('account_id')), snapshots)
    assert.deepEqual(strip(await totalsOf(DAY)), totals)
    assert.lengthOf(await MetricCollectionRun.all(), 2)
  })

  test('daily differences across runs: 100 → 130 → 125, and a rewritten middle day', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    const fans: Record<string, number> = { [DAY]: 100, [NEXT_DAY]: 130, '2026-02-12': 125 }
    platforms.fake('bilibili', fakeAdapter({ values: (_a, date) => ({ fans: fans[date] }) }))
    for (const date of Object.keys(fans)) {
      await MetricCollectionService.collect({ date, trigger: 'cli' })
    }
    let rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => row.fans_diff),
      [0, 30, -5]
    )

    // the middle day collected again with another value: 110 - 100 = 10, 125 - 110 = 15
    fans[NEXT_DAY] = 110
    await MetricCollectionService.collect({ date: NEXT_DAY, trigger: 'cli' })
    rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff]),
      [
        [DAY, 100, 0],
        [NEXT_DAY, 110, 10],
        ['2026-02-12', 125, 15],
      ]
    )
    // the next day's totals were rebuilt with the recomputed diff
    const [total] = await totalsOf('2026-02-12')
    assert.equal(total.fans_diff, 15)
    // the account keeps the fans of its newest day, not of the back-dated run
    const stored = await CreatorPlatformAccount.findOrFail(account.id)
    assert.equal(stored.fans, 125)
  })

  test('a failing resync keeps the day it had already collected', async ({ assert }) => {
    const [account] = await seedAccounts({ creators: 1 })
    await SnapshotWriter.upsertMany([
      snapshotRow(account, DAY, { fans: 500 }),
      snapshotRow(account, NEXT_DAY, { fans: 540 }),
    ])
    platforms.fake(
      'bilibili',
      fakeAdapter({ fail: () => new PlatformError('bilibili', 'auth', 'Cookie expired') })
    )

    const run = await MetricCollectionService.collect({ date: NEXT_DAY, trigger: 'manual' })

    assert.equal(run.failed, 1)
    const rows = await snapshotsOf(account.id)
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff, row.source]),
      [
        [DAY, 500, 0, 'simulated'],
        [NEXT_DAY, 540, 40, 'simulated'],
      ]
    )
  })

  test('a failing account is marked, keeps its earlier snapshots and makes its creator failing', async ({
    assert,
    client,
  }) => {
    const accounts = await seedAccounts({ creators: 3 })
    const broken = accounts[1]
    await SnapshotWriter.upsertMany([snapshotRow(broken, DAY, { fans: 500 })])
    const adapter = fakeAdapter({
      fail: (account) =>
        account.id === broken.id
          ? new PlatformError('bilibili', 'not_found', 'The channel does not exist')
          : null,
    })
    platforms.fake('bilibili', adapter)

    const run = await MetricCollectionService.collect({ date: NEXT_DAY, trigger: 'schedule' })

    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, 2)
    assert.equal(run.failed, 1)
    assert.deepEqual(run.failures, [
      {
        account_id: broken.id,
        creator_id: broken.creator_id,
        platform: 'bilibili',
        code: 'not_found',
        message: 'The channel does not exist',
      },
    ])
    assert.equal(adapter.calls.get(broken.id), 1, 'not_found is not retried')

    const account = await CreatorPlatformAccount.findOrFail(broken.id)
    assert.equal(account.collectStatus, 1)
    assert.equal(account.collectError, 'not_found: The channel does not exist')
    assert.isNotNull(account.collectFailedAt)
    assert.equal(account.fans, 0, 'fans unchanged by a failed collection')
    // the failed day carries the last known values (diff 0); the day before untouched
    const rows = await snapshotsOf(broken.id)
    assert.deepEqual(
      rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff, row.source, row.adapter]),
      [
        [DAY, 500, 0, 'simulated', 'test'],
        [NEXT_DAY, 500, 0, 'carried', 'carried'],
      ]
    )
    // so the day's platform total still counts the failed account's 500 fans
    const [total] = await totalsOf(NEXT_DAY)
    assert.equal(total.accounts, 3)
    const creator = await Creator.findOrFail(broken.creator_id)
    assert.isTrue(Boolean(creator.failing))

    // the creator list's failed filter, the summary and the detail see it
    const staff = await userWithCode('staff')
    assert.deepEqual(await creatorIdsInList(client, staff, 'failing=1'), [broken.creator_id])
    assert.notInclude(await creatorIdsInList(client, staff, 'failing=0'), broken.creator_id)
    const summary = await client.get('/api/creators/summary').loginAs(staff)
    assert.equal(summary.body().data.failing, 1)
    const detail = await client.get(`/api/creators/${broken.creator_id}`).loginAs(staff)
    assert.isTrue(detail.body().failing)
    assert.containsSubset(detail.body().accounts[0], {
      collect_status: 1,
      collect_error: 'not_found: The channel does not exist',
    })

    // the next successful collection clears the mark and replaces the carried row
    platforms.fake('bilibili', fakeAdapter({}))
    await MetricCollectionService.collect({ date: NEXT_DAY, trigger: 'schedule' })
    const replaced = await snapshotsOf(broken.id)
    assert.notEqual(replaced[1].source, 'carried')
    await account.refresh()
    assert.equal(account.collectStatus, 0)
    assert.isNull(account.collectError)
    await creator.refresh()
    assert.isFalse(Boolean(creator.failing))
    assert.deepEqual(await creatorIdsInList(client, staff, 'failing=1'), [])
  })

  test('a rate-limited account is retried (honouring retry-after) and then collected', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    const adapter = fakeAdapter({
      fail: (_a, attempt) =>
        attempt < 3
          ? new PlatformError('bilibili', 'rate_limited', 'Too many requests', {
              upstreamCode: -412,
              retryAfterMs: 20,
            })
          : null,
      values: () => ({ fans: 42 }),
    })
    platforms.fake('bilibili', adapter)

    const started = Date.now()
    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.equal(adapter.calls.get(account.id), 3)
    assert.isAtLeast(Date.now() - started, 40, 'waited retry-after twice')
    assert.equal(run.succeeded, 1)
    assert.equal(run.failed, 0)
    const [row] = await snapshotsOf(account.id)
    assert.equal(row.fans, 42)
  })

  test('retries give up after the last attempt; every account failing fails the run', async ({
    assert,
  }) => {
    const [account] = await seedAccounts()
    const adapter = fakeAdapter({
      fail: () => new PlatformError('bilibili', 'network', 'connect ETIMEDOUT'),
    })
    platforms.fake('bilibili', adapter)

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.equal(adapter.calls.get(account.id), 3)
    assert.equal(run.status, 'failed')
    assert.equal(run.failed, 1)
    assert.include(run.error!, 'Every account failed')
    assert.equal(run.failures![0].code, 'network')
    assert.equal(await snapshotCount(), 0)
  })

  test('platforms without an adapter are skipped, not marked failed', async ({ assert }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['bilibili', 'weibo'] })
    platforms.fake('bilibili', fakeAdapter({}))
    platforms.fake(
      'weibo',
      fakeAdapter({
        fail: () => new PlatformError('weibo', 'not_supported', 'weibo: not supported yet'),
        listing: () => {
          throw new PlatformError('weibo', 'not_supported', 'weibo: not supported yet')
        },
      })
    )
    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, 2)
    assert.equal(run.skipped, 2)
    assert.equal(run.failed, 0)
    const weibo = accounts.find((a) => a.platform === 'weibo')!
    const account = await CreatorPlatformAccount.findOrFail(weibo.id)
    assert.equal(account.collectStatus, 0)
  })

  test('scope: one platform, some creators', async ({ assert }) => {
    const accounts = await seedAccounts({ creators: 3, platforms: ['bilibili', 'youtube'] })
    platforms.fake('bilibili', fakeAdapter({}))
    platforms.fake('youtube', fakeAdapter({}))
    const run = await MetricCollectionService.collect({
      date: DAY,
      platform: 'youtube',
      creatorIds: [accounts[0].creator_id, accounts[4].creator_id],
      trigger: 'manual',
    })
    assert.equal(run.total, 2)
    assert.deepEqual(run.creatorIds, [accounts[0].creator_id, accounts[4].creator_id])
    const rows = await db.from('metric_snapshots').select('account_id').orderBy('account_id')
    assert.deepEqual(
      rows.map((row) => Number(row.account_id)),
      [accounts[1].id, accounts[5].id]
    )
  })

  test('progress is written while running; a crash fails the run with its error', async ({
    assert,
    cleanup,
  }) => {
    await seedAccounts({ creators: 450 })
    const seen: number[] = []
    let pending = 0
    platforms.fake(
      'bilibili',
      fakeAdapter({
        values: () => {
          pending++
          return { fans: 1 }
        },
      })
    )
    const original = SnapshotWriter.upsertMany
    cleanup(() => {
      SnapshotWriter.upsertMany = original
    })
    SnapshotWriter.upsertMany = async (rows, trx) => {
      const run = await MetricCollectionRun.query().orderBy('id', 'desc').firstOrFail()
      seen.push(run.processed)
      return original.call(SnapshotWriter, rows, trx)
    }
    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.equal(pending, 450)
    assert.equal(run.processed, 450)
    // written every 200 accounts: 400 by the time the batch of 450 is stored
    assert.deepEqual(seen, [400])

    SnapshotWriter.upsertMany = async () => {
      throw new Error('disk full')
    }
    const { id: runId } = await MetricCollectionService.createRun({
      date: NEXT_DAY,
      trigger: 'cli',
    })
    await assert.rejects(
      () => MetricCollectionService.collect({ runId, trigger: 'cli' }),
      'disk full'
    )
    const failed = await MetricCollectionRun.findOrFail(runId)
    assert.equal(failed.status, 'failed')
    assert.equal(failed.error, 'disk full')
    assert.isNotNull(failed.finishedAt)
    assert.isNotNull(failed.durationMs)
  })

  test('with the simulator (the demo default) the collected day equals the backfilled one', async ({
    assert,
  }) => {
    const [account] = await seedAccounts({ platforms: ['youtube'] })
    const run = await MetricCollectionService.collect({ date: NEXT_DAY, trigger: 'cli' })
    assert.equal(run.succeeded, 1)
    const [row] = await snapshotsOf(account.id)
    const [expected] = simulateSeries(account, NEXT_DAY, NEXT_DAY)
    assert.containsSubset(row, { ...expected.stats, source: 'simulated', adapter: 'simulated' })
  })

  test('the default day is yesterday in the studio time zone', async ({ assert }) => {
    await seedAccounts()
    platforms.fake('bilibili', fakeAdapter({}))
    const run = await MetricCollectionService.collect({ trigger: 'schedule' })
    assert.equal(run.snapshotDate, yesterday())
    assert.equal(await snapshotCount(yesterday()), 1)
  })
})
