import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import MetricCollectionService from '#services/metrics/collection_service'
import LeaseSweeper from '#services/lease_sweeper'
import CreatorImport from '#models/creator_import'
import { LEASE_OWNER } from '#support/lease'
import { countOf, sqlDateTime } from '#support/sql'
import { DateTime } from 'luxon'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import {
  ace,
  prepareStudio,
  call,
  eventually,
  freePort,
  readSqlite,
  spawnAce,
  sqliteEnv,
  startServer,
  stop,
  stopAll,
  type Owned,
  ownSetup,
} from '#tests/helpers/processes'

/**
 * Runs and imports hold a lease with a heartbeat: one whose process died is
 * marked abandoned (failed, counts true) at once when its owner is a dead
 * process of this host, else when its heartbeat is older than the lease —
 * and never blocks a new run. The CLI here is killed with SIGKILL mid-run.
 */
const DAY = '2026-11-20'
/** Leases shortened so that the test takes seconds; reads slowed so that a run can be caught mid-way. */
const SHORT_LEASES = {
  LEASE_HEARTBEAT_MS: '500',
  LEASE_TTL_MS: '3000',
  SIMULATED_LATENCY_MS: '60',
  LOG_LEVEL: 'warn',
}
/**
 * A demo agency prepared (≈ 1 min), a CLI run caught and killed, then a
 * whole collection of its 630 accounts, each step a `node ace` process of its
 * own: 4–5 min on a slow 2-vCPU machine (SQLite commits of 40 ms on average).
 * The CLI steps run synchronously: a test that overran its time went on
 * blocking the next one.
 */
const CLI_TEST_TIMEOUT_MS = 600_000
const OPERATOR = { account: 'lease-operator@mcn.local', password: 'Lease-Operator-2026!' }

interface RunRow {
  id: number
  status: string
  trigger: string
  total: number
  processed: number
  succeeded: number
  error: string | null
  lease_owner: string | null
  started_at: string | null
}

const runsOf = (path: string) =>
  readSqlite(
    path,
    async (client) =>
      (await client
        .from('metric_collection_runs')
        .orderBy('id')
        .select(
          'id',
          'status',
          'trigger',
          'total',
          'processed',
          'succeeded',
          'error',
          'lease_owner',
          'started_at'
        )) as RunRow[]
  )

/** Snapshots of `day` (written since `since`, 'yyyy-MM-dd HH:mm:ss', when given). */
const snapshotsOf = (path: string, day: string, since?: string) =>
  readSqlite(path, async (client) => {
    const query = client.from('metric_snapshots').where('snapshot_date', day)
    if (since) query.where('collected_at', '>=', since)
    return countOf(await query.count('* as total').first())
  })

/** A CLI collection of DAY, killed with SIGKILL once it has written some accounts. */
async function killedMidRun(env: Record<string, string | undefined>, path: string) {
  const cli: Owned = spawnAce(['metrics:collect', `--date=${DAY}`], env)
  const midway = await eventually(async () => {
    const runs = await runsOf(path)
    const run = runs.at(-1)
    // progress reported (every 200 accounts), the batch not yet written
    return run?.status === 'running' && run.processed >= 200
    // a guard, not a figure: on a loaded machine the first 200 accounts took over a minute
  }, 240_000)
  if (!midway) throw new Error(`the CLI run never got going\n${cli.output()}`)
  cli.child.kill('SIGKILL')
  await cli.exited
  const runs = await runsOf(path)
  return runs.at(-1)!
}

test.group('operations / leases: a killed run blocks nothing', (group) => {
  ownSetup(group)
  group.each.teardown(() => stopAll())

  test('kill -9 of a CLI collection: the next CLI run marks it abandoned with true counts and runs', async ({
    assert,
  }) => {
    const { env, cleanup, folder } = sqliteEnv(SHORT_LEASES)
    const path = `${folder}/db.sqlite3`
    try {
      prepareStudio(env, { demo: true })
      const killed = await killedMidRun(env, path)
      assert.equal(killed.status, 'running', 'the killed run is left running')
      const reached = await snapshotsOf(path, DAY, killed.started_at!)

      const out = ace(['metrics:collect', `--date=${DAY}`], { ...env, SIMULATED_LATENCY_MS: '0' })
      assert.include(out, 'collected')
      const runs = await runsOf(path)
      const [first, second] = runs.slice(-2)
      assert.equal(first.id, killed.id)
      assert.equal(first.status, 'failed')
      assert.include(first.error!, 'abandoned')
      assert.isNull(first.lease_owner)
      assert.isAtLeast(killed.processed, 200, 'it had reported progress')
      assert.equal(
        first.succeeded,
        reached,
        'succeeded is what really reached the database, not the progress it had reported'
      )
      assert.isBelow(first.processed, killed.processed)
      assert.equal(second.status, 'finished')
      assert.equal(
        await snapshotsOf(path, DAY),
        second.succeeded,
        'one snapshot per account, no duplicates'
      )
    } finally {
      stopAll()
      cleanup()
    }
  }).timeout(CLI_TEST_TIMEOUT_MS)

  test('a server marks a killed CLI run within seconds, and Resync is accepted at once', async ({
    assert,
  }) => {
    const port = await freePort()
    const { env, cleanup, folder } = sqliteEnv(SHORT_LEASES)
    const path = `${folder}/db.sqlite3`
    let server: Owned | undefined
    try {
      prepareStudio(env, { demo: true, admin: OPERATOR })
      server = await startServer(port, env)
      const killed = await killedMidRun(env, path)
      const killedAt = Date.now()
      assert.isTrue(
        await eventually(async () => {
          const runs = await runsOf(path)
          return runs.find((run) => run.id === killed.id)?.status === 'failed'
        }, 20_000),
        server.output()
      )
      const seconds = (Date.now() - killedAt) / 1000
      assert.isBelow(seconds, 20, 'marked by the server sweep, not after 120 minutes')

      const login = await call(port, 'POST', '/api/user/login', { body: OPERATOR })
      const resync = await call(port, 'POST', '/api/metrics/collect', {
        token: login.body.data.token,
        body: { date: DAY },
      })
      assert.equal(resync.status, 202, JSON.stringify(resync.body))
    } finally {
      if (server) await stop(server)
      stopAll()
      cleanup()
    }
  }).timeout(CLI_TEST_TIMEOUT_MS)
})

test.group('operations / leases: the sweep', (group) => {
  setupFunctionalGroup(group)

  async function runningRun(owner: string, heartbeat: DateTime) {
    const run = await MetricCollectionService.createRun({ date: DAY, trigger: 'cli' })
    await db
      .from('metric_collection_runs')
      .where('id', run.id)
      .update({
        status: 'running',
        started_at: sqlDateTime(heartbeat),
        lease_owner: owner,
        heartbeat_at: sqlDateTime(heartbeat),
      })
    return run
  }

  test('another host’s run is judged by its heartbeat; it then stops blocking a new run', async ({
    assert,
  }) => {
    const run = await runningRun('worker-2.internal:4242:1', DateTime.utc())
    await LeaseSweeper.sweep()
    await run.refresh()
    assert.equal(run.status, 'running', 'a fresh heartbeat is alive')
    assert.isNotNull(await MetricCollectionService.overlapping({ date: DAY }))

    await db
      .from('metric_collection_runs')
      .where('id', run.id)
      .update({ heartbeat_at: sqlDateTime(DateTime.utc().minus({ minutes: 2 })) })
    assert.isNull(await MetricCollectionService.overlapping({ date: DAY }), 'no longer blocks')
    await run.refresh()
    assert.equal(run.status, 'failed')
    assert.include(run.error!, 'abandoned')
  })

  test('this process’s own live lease is never taken for dead', async ({ assert }) => {
    const run = await runningRun(LEASE_OWNER, DateTime.utc())
    await LeaseSweeper.sweep()
    await run.refresh()
    assert.equal(run.status, 'running')
  })

  test('an import whose process died: failed, interrupted, and nothing counted as written', async ({
    assert,
  }) => {
    const record = await CreatorImport.create({
      userId: null,
      fileName: 'creators.xlsx',
      filePath: 'storage/imports/missing.xlsx',
      status: 'running',
      totalRows: 40,
      processedRows: 40,
      createdCount: 25,
      updatedCount: 3,
    })
    // pid 2^22 + 1 is above Linux's pid_max: that process cannot exist
    await db
      .from('creator_imports')
      .where('id', record.id)
      .update({
        lease_owner: `${LEASE_OWNER.split(':')[0]}:4194305:1`,
        heartbeat_at: sqlDateTime(),
      })
    await LeaseSweeper.sweep()
    await record.refresh()
    assert.equal(record.status, 'failed')
    assert.equal(record.createdCount, 0)
    assert.equal(record.updatedCount, 0)
    assert.include(JSON.stringify(record.errors), 'interrupted')
  })
})
