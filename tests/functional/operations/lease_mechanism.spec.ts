import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import MetricCollectionService from '#services/metrics/collection_service'
import {
  LEASE,
  LEASE_OWNER,
  claimLease,
  lapsedLeases,
  leaseLapsed,
  ownerIsGone,
  withLease,
} from '#support/lease'
import { sqlDateTime } from '#support/sql'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/** pid 2^22 + 1 is above Linux's pid_max: that process cannot exist. */
const DEAD_HERE = () => `${LEASE_OWNER.split(':').slice(0, -2).join(':')}:4194305:1`
const OTHER_HOST = 'worker-2.internal:4242:1'

/**
 * The one lease of api/support/lease.ts (collection runs, imports, upload
 * publications): a claim is one conditional UPDATE, the heartbeat renews it
 * and hears when it was taken over, and a lease has lapsed by its owner's
 * death or its age.
 */
test.group('operations / the lease', (group) => {
  setupFunctionalGroup(group)

  async function run(columns: Record<string, unknown> = {}) {
    const created = await MetricCollectionService.createRun({ date: '2026-11-02', trigger: 'cli' })
    await db
      .from('metric_collection_runs')
      .where('id', created.id)
      .update({ status: 'running', ...columns })
    return created.id
  }
  async function ownerOf(id: number) {
    const row = await db.from('metric_collection_runs').where('id', id).first()
    return row.lease_owner as string | null
  }

  test('a claim is one conditional UPDATE: of two at once for the same free row, one wins', async ({
    assert,
  }) => {
    const id = await run({ lease_owner: null })
    const free = (query: any) => query.whereNull('lease_owner')
    const claims = await Promise.all([
      claimLease('metric_collection_runs', id, { where: free }),
      claimLease('metric_collection_runs', id, { where: free }),
    ])
    assert.lengthOf(claims.filter(Boolean), 1)
    assert.equal(await ownerOf(id), LEASE_OWNER)
    const row = await db.from('metric_collection_runs').where('id', id).first()
    assert.isNotNull(row.heartbeat_at)
    claims.forEach((claim) => claim?.stop())

    // a row the where clause does not select is not taken, and nothing is written
    const busy = await run({ lease_owner: OTHER_HOST })
    assert.isNull(await claimLease('metric_collection_runs', busy, { where: free }))
    assert.equal(await ownerOf(busy), OTHER_HOST)
  })

  test('the heartbeat renews the lease; taken over, it says so once and stops renewing', async ({
    assert,
  }) => {
    const old = DateTime.utc().minus({ minutes: 5 })
    const id = await run({ lease_owner: null, heartbeat_at: sqlDateTime(old) })
    const lease = (await claimLease('metric_collection_runs', id, { now: old }))!
    await db
      .from('metric_collection_runs')
      .where('id', id)
      .update({ heartbeat_at: sqlDateTime(old) })
    assert.isTrue(await lease.renew())
    const renewed = await lapsedLeases('metric_collection_runs', (query) => query.where('id', id))
    assert.lengthOf(renewed, 0, 'renewed now: alive')

    let lost = 0
    lease.onLost(() => lost++)
    await db.from('metric_collection_runs').where('id', id).update({ lease_owner: OTHER_HOST })
    assert.isFalse(await lease.renew())
    assert.isFalse(await lease.renew())
    assert.equal(lost, 1)
    assert.equal(await ownerOf(id), OTHER_HOST, 'the new owner keeps it')
    await lease.release()
    assert.equal(await ownerOf(id), OTHER_HOST, 'a lost lease releases nothing')
  })

  test('withLease holds the row while the work runs and clears the owner after, even when it fails', async ({
    assert,
  }) => {
    const id = await run()
    const seen = await withLease('metric_collection_runs', id, () => ownerOf(id))
    assert.equal(seen, LEASE_OWNER)
    assert.isNull(await ownerOf(id))
    await assert.rejects(() =>
      withLease('metric_collection_runs', id, async () => {
        throw new Error('the work failed')
      })
    )
    assert.isNull(await ownerOf(id))
  })

  test('lapsed: no owner, a dead process of this host, or no renewal within the TTL', async ({
    assert,
  }) => {
    const now = DateTime.utc()
    const fresh = now.minus({ milliseconds: LEASE.ttlMs / 2 })
    const stale = now.minus({ milliseconds: LEASE.ttlMs + 1_000 })
    const runs = 'metric_collection_runs' as const
    assert.isTrue(leaseLapsed({ owner: null, heartbeatAt: fresh }, runs, now))
    assert.isTrue(ownerIsGone(DEAD_HERE()))
    assert.isTrue(leaseLapsed({ owner: DEAD_HERE(), heartbeatAt: fresh }, runs, now))
    assert.isFalse(ownerIsGone(LEASE_OWNER), 'this process is alive')
    assert.isFalse(leaseLapsed({ owner: LEASE_OWNER, heartbeatAt: fresh }, runs, now))
    // another host is judged by its heartbeat alone, in every shape a driver reads it back
    assert.isFalse(ownerIsGone(OTHER_HOST))
    for (const beat of [fresh, fresh.toJSDate(), sqlDateTime(fresh)]) {
      assert.isFalse(leaseLapsed({ owner: OTHER_HOST, heartbeatAt: beat }, runs, now))
    }
    for (const beat of [stale, stale.toJSDate(), sqlDateTime(stale), null]) {
      assert.isTrue(leaseLapsed({ owner: OTHER_HOST, heartbeatAt: beat }, runs, now))
    }
    // a table with an expiry column is judged by it, not by the heartbeat
    const publications = 'upload_publications' as const
    const ahead = now.plus({ seconds: 30 })
    assert.isFalse(
      leaseLapsed({ owner: OTHER_HOST, heartbeatAt: stale, expiresAt: ahead }, publications, now)
    )
    assert.isTrue(
      leaseLapsed({ owner: OTHER_HOST, heartbeatAt: fresh, expiresAt: fresh }, publications, now)
    )
    assert.isTrue(leaseLapsed({ owner: OTHER_HOST, expiresAt: null }, publications, now))
  })

  test('lapsedLeases finds the rows the sweep selects whose lease lapsed, with the owner they had', async ({
    assert,
  }) => {
    const now = DateTime.utc()
    const stale = sqlDateTime(now.minus({ milliseconds: LEASE.ttlMs * 2 }))
    const alive = await run({ lease_owner: OTHER_HOST, heartbeat_at: sqlDateTime(now) })
    const old = await run({ lease_owner: OTHER_HOST, heartbeat_at: stale })
    const dead = await run({ lease_owner: DEAD_HERE(), heartbeat_at: sqlDateTime(now) })
    const mine = await run({ lease_owner: LEASE_OWNER, heartbeat_at: sqlDateTime(now) })
    const ids = [alive, old, dead, mine]
    const lapsed = await lapsedLeases('metric_collection_runs', (query) =>
      query.whereIn('id', ids).where('status', 'running')
    )
    assert.deepEqual(lapsed, [
      { id: old, owner: OTHER_HOST },
      { id: dead, owner: DEAD_HERE() },
    ])
    const limited = await lapsedLeases(
      'metric_collection_runs',
      (query) => query.whereIn('id', ids),
      { limit: 2 }
    )
    assert.deepEqual(
      limited.map((row) => row.id),
      [old],
      'the limit bounds the rows read'
    )
  })
})
