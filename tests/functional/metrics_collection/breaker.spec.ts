import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import platforms from '#platforms/main'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import { addDays } from '#services/metrics/metric_scope'
import SnapshotWriter from '#services/metrics/snapshot_writer'
import { presentRun } from '#services/metrics/run_presenter'
import AlertScanService from '#services/alerts/alert_scan_service'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, seedAccounts, snapshotRow, totalsOf } from '#tests/helpers/collection'
import {
  blocked412,
  expirePause,
  minutesBetween,
  pauseOf,
  queuedCollections,
  quotaExceeded,
  removeQueuedCollections,
  totalCalls,
} from '#tests/helpers/breaker'

const RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 50 }
/** What a platform that blocks everything may cost: the calls in flight plus one probe's retries. */
const HANDFUL = MetricCollectionService.concurrency + RETRY.attempts - 1

async function accountStates(ids: number[]) {
  const rows = await db
    .from('creator_platform_accounts')
    .whereIn('id', ids)
    .orderBy('id')
    .select('id', 'collect_status', 'collect_error')
  return rows.map((row) => [Number(row.id), Number(row.collect_status), row.collect_error])
}

async function failingCreators(ids: number[]) {
  const rows = await db.from('creators').whereIn('id', ids).where('failing', true).select('id')
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/**
 * The day these runs collect: the studio's today. A pause queues its follow-up only while the day
 * it was collecting can still be collected when the pause ends (its end's day minus one at most);
 * a run for yesterday whose pause ends after the studio's midnight rightly queues none, so with
 * yesterday these tests failed in the last minutes of a day in Seoul. Any pause under a day that
 * starts now ends while today can still be collected.
 */
function studioToday() {
  return DateTime.now().setZone(studioConfig.timezone).toISODate()!
}

test.group('metrics / the per-platform breaker', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const original = { ...MetricCollectionService.retry }
    MetricCollectionService.retry = { ...RETRY }
    return () => {
      MetricCollectionService.retry = original
    }
  })
  group.each.teardown(async () => {
    platforms.restore()
    await removeQueuedCollections()
  })

  test('a platform answering 412 to everything costs a handful of requests; the rest is deferred, nothing failed', async ({
    assert,
  }) => {
    const date = studioToday()
    const accounts = await seedAccounts({ creators: 30 })
    const ids = accounts.map((account) => account.id)
    // the day before: known values, and one account already failing for another reason
    await SnapshotWriter.upsertMany(
      accounts.map((account) => snapshotRow(account, addDays(date, -1), { fans: 100 }))
    )
    await db
      .from('creator_platform_accounts')
      .where('id', ids[3])
      .update({ collect_status: 1, collect_error: 'not_found: no such mid' })
    await db.from('creators').where('id', accounts[3].creator_id).update({ failing: true })
    const before = await accountStates(ids)

    const adapter = fakeAdapter({ fail: () => blocked412() })
    platforms.fake('bilibili', adapter)
    const run = await MetricCollectionService.collect({ date, trigger: 'schedule' })

    const calls = totalCalls(adapter.calls)
    assert.isAtMost(calls, HANDFUL, `${calls} requests to a platform that blocks everything`)
    assert.isAbove(calls, 0)
    assert.equal(run.status, 'finished')
    assert.equal(run.total, 30)
    assert.equal(run.deferred, 30, 'the accounts asked and the ones never asked are all deferred')
    assert.equal(run.failed, 0)
    assert.equal(run.succeeded, 0)
    assert.deepEqual(run.failures, [])

    // nothing marked: states and badges as they were
    assert.deepEqual(await accountStates(ids), before)
    assert.deepEqual(await failingCreators(accounts.map((account) => account.creator_id)), [
      accounts[3].creator_id,
    ])
    // the day's totals do not dip: carried rows stand in
    const [total] = await totalsOf(date)
    assert.equal(total.accounts, 30)
    assert.equal(total.fans, 30 * 100)

    // the pause: stored, 15 minutes for the first trip
    const pause = await pauseOf('bilibili')
    assert.equal(pause!.trips, 1)
    assert.equal(pause!.code, 'rate_limited')
    assert.equal(pause!.upstreamCode, '-412')
    assert.equal(minutesBetween(pause!.openedAt, pause!.pausedUntil), 15)

    // the follow-up: these accounts' creators, this day, when the pause ends
    const queued = await queuedCollections()
    assert.lengthOf(queued, 1)
    assert.deepEqual(queued[0].payload, {
      date,
      platform: 'bilibili',
      creatorIds: accounts.map((account) => account.creator_id).sort((a, b) => a - b),
      trigger: 'retry',
    })
    assert.isAtMost(Math.abs(queued[0].dueAt.diff(pause!.pausedUntil!, 'seconds').seconds), 2)

    // the run says so
    const json = presentRun(run)
    assert.equal(json.deferred, 30)
    assert.lengthOf(json.paused, 1)
    assert.containsSubset(json.paused[0], {
      platform: 'bilibili',
      code: 'rate_limited',
      upstream_code: '-412',
      trips: 1,
      tripped: true,
      deferred: 30,
      until: pause!.pausedUntil!.toUTC().toISO(),
      retry_at: pause!.pausedUntil!.toUTC().toISO(),
    })
  })

  test('a second trip doubles the delay; a run where the platform answers resets it', async ({
    assert,
  }) => {
    const date = yesterday()
    const accounts = await seedAccounts({ creators: 12 })
    let blocking = true
    const adapter = fakeAdapter({ fail: () => (blocking ? blocked412() : null) })
    platforms.fake('bilibili', adapter)

    await MetricCollectionService.collect({ date, trigger: 'schedule' })
    let pause = await pauseOf('bilibili')
    assert.equal(minutesBetween(pause!.openedAt, pause!.pausedUntil), 15)

    // the pause ran out (half-open): blocked again → twice the delay
    await expirePause('bilibili')
    adapter.calls.clear()
    const second = await MetricCollectionService.collect({ date, trigger: 'retry' })
    assert.isAtMost(totalCalls(adapter.calls), HANDFUL)
    assert.equal(second.deferred, 12)
    pause = await pauseOf('bilibili')
    assert.equal(pause!.trips, 2)
    assert.equal(minutesBetween(pause!.openedAt, pause!.pausedUntil), 30)
    assert.equal(second.paused![0].trips, 2)

    // it ran out again and the platform answers: every account collected, the breaker closed
    await expirePause('bilibili')
    blocking = false
    const third = await MetricCollectionService.collect({ date, trigger: 'retry' })
    assert.equal(third.succeeded, 12)
    assert.equal(third.deferred, 0)
    assert.isNull(third.paused)
    pause = await pauseOf('bilibili')
    assert.equal(pause!.trips, 0)
    assert.isNull(pause!.pausedUntil)

    // the next trip starts from the first delay again
    blocking = true
    await MetricCollectionService.collect({ date, trigger: 'schedule' })
    pause = await pauseOf('bilibili')
    assert.equal(pause!.trips, 1)
    assert.equal(minutesBetween(pause!.openedAt, pause!.pausedUntil), 15)
    assert.lengthOf(accounts, 12)
  })

  test('a used-up quota pauses at once; the other platforms of the run are not touched', async ({
    assert,
  }) => {
    const date = studioToday()
    const accounts = await seedAccounts({ creators: 20, platforms: ['bilibili', 'youtube'] })
    const youtube = fakeAdapter({ fail: () => quotaExceeded() })
    const bilibili = fakeAdapter({ values: () => ({ fans: 77 }) })
    platforms.fake('youtube', youtube)
    platforms.fake('bilibili', bilibili)

    const run = await MetricCollectionService.collect({ date, trigger: 'schedule' })

    // no retry for a quota: only the calls already in flight, each asked once
    assert.isAtMost(totalCalls(youtube.calls), MetricCollectionService.concurrency)
    assert.isTrue([...youtube.calls.values()].every((count) => count === 1))
    assert.equal(run.deferred, 20)
    assert.equal(run.failed, 0)
    // every Bilibili account collected
    assert.equal(run.succeeded, 20)
    assert.equal(bilibili.calls.size, 20)
    const biliIds = accounts.filter((a) => a.platform === 'bilibili').map((a) => a.id)
    const collected = await db
      .from('metric_snapshots')
      .whereIn('account_id', biliIds)
      .where('snapshot_date', date)
      .whereNot('source', 'carried')
      .count('* as total')
      .first()
    assert.equal(Number(collected?.total), 20)

    const pause = await pauseOf('youtube')
    assert.equal(pause!.code, 'quota_exceeded')
    assert.equal(pause!.upstreamCode, 'quotaExceeded')
    assert.isNull(await pauseOf('bilibili'))
    assert.deepEqual(
      run.paused!.map((entry) => [entry.platform, entry.code, entry.deferred]),
      [['youtube', 'quota_exceeded', 20]]
    )
    const queued = await queuedCollections()
    assert.deepEqual(
      queued.map((job) => job.payload.platform),
      ['youtube']
    )
  })

  test('a pause stored by another instance (or before a restart) is respected: nothing asked', async ({
    assert,
  }) => {
    const date = studioToday()
    const accounts = await seedAccounts({ creators: 5 })
    // another process tripped Bilibili: only the database knows
    const until = DateTime.utc().plus({ minutes: 40 }).startOf('second')
    await db.table('platform_pauses').insert({
      platform: 'bilibili',
      trips: 2,
      code: 'rate_limited',
      upstream_code: '-352',
      message: 'Bilibili answered -352',
      opened_at: DateTime.utc().minus({ minutes: 20 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      paused_until: until.toFormat('yyyy-MM-dd HH:mm:ss'),
      created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
      updated_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    const adapter = fakeAdapter({ values: () => ({ fans: 5 }) })
    platforms.fake('bilibili', adapter)

    const run = await MetricCollectionService.collect({
      date,
      creatorIds: accounts.map((account) => account.creator_id),
      trigger: 'manual',
    })

    assert.equal(adapter.calls.size, 0, 'a paused platform is not asked')
    assert.equal(run.deferred, 5)
    assert.containsSubset(run.paused![0], {
      platform: 'bilibili',
      upstream_code: '-352',
      trips: 2,
      tripped: false,
      deferred: 5,
      until: until.toISO(),
    })
    // still two trips, still the same end: finding a pause does not trip it again
    const pause = await pauseOf('bilibili')
    assert.equal(pause!.trips, 2)
    assert.equal(pause!.pausedUntil!.toUTC().toISO(), until.toISO())
    const queued = await queuedCollections()
    assert.lengthOf(queued, 1)
    assert.isAtMost(Math.abs(queued[0].dueAt.diff(until, 'seconds').seconds), 2)
  })

  test('the scan says the platform was paused, and raises no failed collection for its accounts', async ({
    assert,
  }) => {
    const admin = await UserFactory.merge({ role: 'admin' }).create()
    const date = yesterday()
    await seedAccounts({ creators: 6 })
    platforms.fake('bilibili', fakeAdapter({ fail: () => blocked412() }))
    await MetricCollectionService.collect({ date, trigger: 'schedule' })
    const pause = await pauseOf('bilibili')

    const result = await AlertScanService.scan({ day: date })
    assert.equal(result.paused, 1)
    const alerts = await db.from('alerts').where('kind', 'collection_failed')
    assert.lengthOf(alerts, 0)
    const notes = await db.from('notifications').where('user_id', admin.id)
    assert.deepEqual(
      notes.map((row) => row.kind),
      ['platform_paused']
    )
    assert.deepEqual(JSON.parse(notes[0].params), {
      platform: 'bilibili',
      reason: 'rate_limited',
      upstream_code: '-412',
      count: 6,
      until: pause!.pausedUntil!.toUTC().toISO(),
    })
    // the same pause is said once
    await AlertScanService.scan({ day: date })
    assert.lengthOf(await db.from('notifications').where('user_id', admin.id), 1)
  })

  test('no follow-up for a day that will be past when the pause ends', async ({ assert }) => {
    await seedAccounts({ creators: 3 })
    platforms.fake('bilibili', fakeAdapter({ fail: () => blocked412() }))
    const run = await MetricCollectionService.collect({ date: '2021-02-10', trigger: 'cli' })
    assert.equal(run.deferred, 3)
    assert.isNull(run.paused![0].retry_at)
    assert.lengthOf(await queuedCollections(), 0)
  })
})
