import { test } from '@japa/runner'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import studioConfig from '#config/studio'
import platforms from '#platforms/main'
import MetricCollectionRun from '#models/metric_collection_run'
import { yesterday } from '#services/metrics/collection_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { assertClientError, errorsOf } from '#tests/helpers/requests'
import { fakeAdapter, seedAccounts } from '#tests/helpers/collection'
import { bullQueue, ON_REDIS, runQueued } from '#tests/helpers/queue'

/** Runs the queued collection until the run ends. */
function runCollection(runId: number) {
  return runQueued(async () => {
    const run = await MetricCollectionRun.find(runId)
    return run?.status === 'finished' || run?.status === 'failed'
  }, `run ${runId}`)
}

/** Jobs a test queued on BullMQ but never ran are removed (the rows they name are rolled back). */
async function removeQueuedCollections() {
  if (!ON_REDIS) return
  const queue = await bullQueue()
  for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
    if (job?.name === 'metrics:collect') await job.remove().catch(() => {})
  }
}

const RUN_KEYS = [
  'id',
  'snapshot_date',
  'platform',
  'creator_ids',
  'trigger',
  'status',
  'total',
  'processed',
  'succeeded',
  'failed',
  'skipped',
  'deferred',
  'videos_failed',
  'paused',
  'duration_ms',
  'failures',
  'error',
  'started_at',
  'finished_at',
  'created_at',
]

/** POST /api/metrics/collect as `user`. */
function collect(client: ApiClient, user: User, body: Record<string, unknown>) {
  return client.post('/api/metrics/collect').loginAs(user).json(body)
}

test.group('metrics / collection over HTTP', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(() => platforms.restore())
  group.each.teardown(() => removeQueuedCollections())

  test('a manager queues a collection (202), the job runs it, the run is readable', async ({
    assert,
    client,
  }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['bilibili', 'youtube'] })
    platforms.fake('bilibili', fakeAdapter({ values: () => ({ fans: 10 }) }))
    platforms.fake('youtube', fakeAdapter({ values: () => ({ fans: 20 }) }))
    const manager = await userWithCode('manager')

    const response = await collect(client, manager, {
      platform: 'bilibili',
      creator_ids: [accounts[0].creator_id],
    })
    response.assertStatus(202)
    const queued = response.body().data
    assert.equal(response.body().status, 0)
    assert.sameMembers(Object.keys(queued), RUN_KEYS)
    assert.containsSubset(queued, {
      snapshot_date: yesterday(),
      platform: 'bilibili',
      creator_ids: [accounts[0].creator_id],
      trigger: 'manual',
      status: 'queued',
      total: 0,
      failures: [],
      error: null,
      started_at: null,
    })
    const stored = await MetricCollectionRun.findOrFail(queued.id)
    assert.equal(stored.requestedBy, manager.id)

    await runCollection(queued.id)

    const staff = await userWithCode('staff')
    const detail = await client.get(`/api/metrics/runs/${queued.id}`).loginAs(staff)
    detail.assertStatus(200)
    assert.containsSubset(detail.body().data, {
      id: queued.id,
      status: 'finished',
      total: 1,
      processed: 1,
      succeeded: 1,
      failed: 0,
    })
    assert.isNumber(detail.body().data.duration_ms)
    assert.match(detail.body().data.finished_at, /^\d{4}-\d{2}-\d{2}T.*Z$/)

    const list = await client.get('/api/metrics/runs?limit=5').loginAs(staff)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((run: { id: number }) => run.id),
      [queued.id]
    )
  })

  test('409 while a run of an overlapping scope is queued or running', async ({
    assert,
    client,
  }) => {
    const accounts = await seedAccounts({ creators: 2 })
    const manager = await userWithCode('manager')
    const date = yesterday()

    const first = await collect(client, manager, { platform: 'bilibili' })
    first.assertStatus(202)

    const same = await collect(client, manager, { platform: 'bilibili', date })
    same.assertStatus(409)
    assertClientError(same, assert)
    assert.equal(same.body().message, 'A collection for this scope is already running.')
    assert.equal(same.body().data.run.id, first.body().data.id)

    // a subset (one creator of that platform) overlaps too; another day or platform does not
    const subset = await collect(client, manager, { creator_ids: [accounts[0].creator_id] })
    subset.assertStatus(409)
    const otherPlatform = await collect(client, manager, { platform: 'youtube' })
    otherPlatform.assertStatus(202)
    const otherDay = await collect(client, manager, {
      platform: 'bilibili',
      date: DateTime.fromISO(date).minus({ days: 3 }).toISODate(),
    })
    otherDay.assertStatus(202)

    // a finished run no longer blocks
    await MetricCollectionRun.query()
      .where('id', first.body().data.id)
      .update({ status: 'finished' })
    const after = await collect(client, manager, { platform: 'bilibili' })
    after.assertStatus(202)
  })

  test('permissions: managers and the admin collect; staff, creators and companies do not', async ({
    assert,
    client,
  }) => {
    await seedAccounts()
    const cases: [Parameters<typeof userWithCode>[0], number][] = [
      ['staff', 403],
      ['creator', 403],
      ['company', 403],
      ['manager', 202],
    ]
    for (const [role, status] of cases) {
      const user = await userWithCode(role)
      const response = await collect(client, user, {
        date: DateTime.fromISO(yesterday()).minus({ days: cases.length }).toISODate(),
      })
      response.assertStatus(status)
      if (status === 403) assertClientError(response, assert, role)
      if (status === 202) {
        // the next role asks for another day
        await MetricCollectionRun.query().update({ status: 'finished' })
      }
    }
    const admin = await userWithCode('admin')
    const byAdmin = await collect(client, admin, {})
    byAdmin.assertStatus(202)

    // runs (every creator id and failure of a collection): the staff side only
    const [someRun] = await MetricCollectionRun.query().limit(1)
    for (const [role, status] of [
      ['staff', 200],
      ['manager', 200],
      ['creator', 403],
      ['company', 403],
    ] as const) {
      const user = await userWithCode(role)
      const response = await client.get('/api/metrics/runs').loginAs(user)
      response.assertStatus(status)
      const one = await client.get(`/api/metrics/runs/${someRun.id}`).loginAs(user)
      one.assertStatus(status)
    }
    const anonymous = await client.post('/api/metrics/collect').json({})
    assert.isAtLeast(anonymous.status(), 400)
    assert.isBelow(anonymous.status(), 500)
  })

  test('bad input is a 422 in the caller language, never a 5xx', async ({ assert, client }) => {
    const manager = await userWithCode('manager')
    const tomorrow = DateTime.now().setZone(studioConfig.timezone).plus({ days: 1 }).toISODate()
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '2026-02-30' }, 'date:date'],
      [{ date: 'yesterday' }, 'date:date'],
      [{ date: tomorrow }, 'date:day_range'],
      [{ date: '1999-01-01' }, 'date:day_range'],
      [{ platform: 'myspace' }, 'platform:enum'],
      [{ creator_ids: ['abc'] }, 'creator_ids:number'],
      [{ creator_ids: [1.5] }, 'creator_ids:number'],
      [{ creator_ids: 'x,y' }, 'creator_ids:number'],
      [{ creator_ids: [-3] }, 'creator_ids:number'],
    ]
    for (const [body, error] of cases) {
      const response = await collect(client, manager, body)
      response.assertStatus(422)
      assertClientError(response, assert, JSON.stringify(body))
      assert.include(errorsOf(response), error, JSON.stringify(body))
    }

    const korean = await client
      .post('/api/metrics/collect')
      .loginAs(manager)
      .header('lang', 'kr')
      .json({ date: tomorrow })
    korean.assertStatus(422)
    assert.match(korean.body().message, /^날짜는 .* 사이의 날짜여야 합니다\.$/)

    const unknown = await collect(client, manager, { creator_ids: [987654] })
    unknown.assertStatus(422)
    assert.equal(
      unknown.body().message,
      'Some of the chosen creators do not exist or are not yours to see.'
    )

    const staff = await userWithCode('staff')
    const missing = await client.get('/api/metrics/runs/987654').loginAs(staff)
    missing.assertStatus(404)
    assert.equal(missing.body().message, 'This collection run does not exist.')
    const badLimit = await client.get('/api/metrics/runs?limit=abc').loginAs(staff)
    badLimit.assertStatus(422)
    const bigLimit = await client.get('/api/metrics/runs?limit=1000').loginAs(staff)
    bigLimit.assertStatus(422)
    assert.lengthOf(await MetricCollectionRun.all(), 0)
  })
})
