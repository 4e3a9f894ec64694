import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { SCHEDULES } from '#jobs/registry'
import {
  prepareStudio,
  call,
  eventually,
  freePort,
  sqliteEnv,
  startRedis,
  startServer,
  stop,
  stopAll,
  type Owned,
  ownSetup,
} from '#tests/helpers/processes'

/**
 * Redis comes and goes under a running studio (its own redis-server, started
 * and stopped by the test): sign-in keeps working on the in-memory limiter,
 * queueing answers 503 with a message instead of 500, readiness names Redis,
 * and everything — the worker, every schedule, queueing — comes back when
 * Redis answers, without a restart, even when it comes back empty.
 */
const ADMIN = { account: 'ops-admin@mcn.local', password: 'Ops-Admin-Pass-2026!' }

const SCHEDULE_KEYS = SCHEDULES.map((schedule) => schedule.key).sort()

const redisCli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout

const schedulesIn = (port: number) =>
  redisCli(port, 'zrange', 'mcn-bull:default:repeat', '0', '-1')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort()

/** Every schedule of the registry is in the queue. */
const allSchedulesIn = (port: number) =>
  JSON.stringify(schedulesIn(port)) === JSON.stringify(SCHEDULE_KEYS)

async function isReady(port: number) {
  const ready = await call(port, 'GET', '/api/health/ready')
  return ready.status === 200
}

/** A prepared studio (SQLite, an admin) configured for a Redis of the test's own, not yet started. */
async function studioWithOwnRedis(extra: Record<string, string> = {}) {
  const redisPort = await freePort()
  const port = await freePort()
  const { env, cleanup } = sqliteEnv({
    REDIS_HOST: '127.0.0.1',
    REDIS_PORT: String(redisPort),
    REDIS_DB: '0',
    APP_BRAND: 'mcn',
    ...extra,
  })
  prepareStudio(env, { admin: ADMIN })
  return { redisPort, port, env, cleanup }
}

async function signIn(port: number) {
  return call(port, 'POST', '/api/user/login', { body: ADMIN })
}

test.group('operations / Redis comes and goes', (group) => {
  ownSetup(group)
  group.each.teardown(() => stopAll())

  test('down at boot: sign-in works, queueing is 503, and the worker and schedules start when Redis answers', async ({
    assert,
  }) => {
    const { redisPort, port, env, cleanup } = await studioWithOwnRedis()
    let server: Owned | undefined
    try {
      server = await startServer(port, env)

      const ready = await call(port, 'GET', '/api/health/ready')
      assert.equal(ready.status, 503)
      assert.includeMembers(ready.body.data.down, ['redis', 'worker'])

      const login = await signIn(port)
      assert.equal(login.status, 200, JSON.stringify(login.body))
      assert.equal(login.body.status, 0)
      const token = login.body.data.token

      const refused = await call(port, 'POST', '/api/metrics/collect', {
        token,
        body: {},
        lang: 'kr',
      })
      assert.equal(refused.status, 503, JSON.stringify(refused.body))
      assert.include(refused.body.message, '작업 대기열')

      const log = server.output()
      assert.include(log, `Redis at 127.0.0.1:${redisPort} does not answer`)
      assert.include(log, `queue worker waits for Redis at 127.0.0.1:${redisPort}`)

      await startRedis(redisPort)
      assert.isTrue(
        await eventually(() => isReady(port), 20_000),
        `ready once Redis answers\n${server.output()}`
      )
      assert.isTrue(
        await eventually(() => server!.output().includes('queue worker started (bullmq'), 5_000),
        server.output()
      )
      assert.isTrue(
        await eventually(() => allSchedulesIn(redisPort), 10_000),
        `the schedules are registered\n${schedulesIn(redisPort)}\n${server.output()}`
      )

      const queued = await call(port, 'POST', '/api/metrics/collect', { token, body: {} })
      assert.equal(queued.status, 202, JSON.stringify(queued.body))
      const runId = queued.body.data.id
      assert.equal(runId, 1, 'the refused resync left no run behind')
      assert.isTrue(
        await eventually(async () => {
          const run = await call(port, 'GET', `/api/metrics/runs/${runId}`, { token })
          return ['finished', 'failed'].includes(run.body.data?.status)
        }, 20_000),
        'the worker ran the queued collection'
      )
      assert.equal(server.output().split('does not answer').length - 1, 1, 'one line per change')
    } finally {
      if (server) await stop(server)
      stopAll()
      cleanup()
    }
  }).timeout(120_000)

  test('an outage mid-day: sign-in keeps working, queueing is 503, all of it returns without a restart', async ({
    assert,
  }) => {
    const { redisPort, port, env, cleanup } = await studioWithOwnRedis()
    let server: Owned | undefined
    try {
      let redis = await startRedis(redisPort)
      server = await startServer(port, env)
      assert.isTrue(await eventually(() => isReady(port)), server.output())

      await stop(redis, 'SIGKILL')
      const started = Date.now()
      const login = await signIn(port)
      assert.equal(login.status, 200, JSON.stringify(login.body))
      assert.isBelow(Date.now() - started, 4_000, 'sign-in does not wait for a dead Redis')
      const token = login.body.data.token
      const wrong = await call(port, 'POST', '/api/user/login', {
        body: { ...ADMIN, password: 'not-the-password' },
      })
      assert.equal(wrong.body.status === 0, false, 'a wrong password is still refused')

      const refused = await call(port, 'POST', '/api/metrics/collect', { token, body: {} })
      assert.equal(refused.status, 503, JSON.stringify(refused.body))
      const ready = await call(port, 'GET', '/api/health/ready')
      assert.equal(ready.status, 503)
      assert.include(ready.body.data.down, 'redis')

      // down long enough for a reconnect to back off (BullMQ's own reaches 20 s by then), then
      // back empty (no persistence): every schedule is registered again, without a restart
      await new Promise((resolve) => setTimeout(resolve, 25_000))
      redis = await startRedis(redisPort)
      assert.isTrue(await eventually(() => isReady(port), 30_000), server.output())
      assert.isTrue(
        await eventually(() => allSchedulesIn(redisPort), 10_000),
        `every schedule back: ${schedulesIn(redisPort)}\n${server.output()}`
      )
      const again = await signIn(port)
      assert.equal(again.status, 200)
      const queued = await call(port, 'POST', '/api/metrics/collect', { token, body: {} })
      assert.equal(queued.status, 202, JSON.stringify(queued.body))
      // the server's log reaches this process through a pipe: read it until the line is there
      const answers = `Redis at 127.0.0.1:${redisPort} answers again`
      assert.isTrue(await eventually(() => server!.output().includes(answers)), server.output())
    } finally {
      if (server) await stop(server)
      stopAll()
      cleanup()
    }
  }).timeout(150_000)

  test('a Redis emptied under a running studio: readiness names the missing schedules until they are back', async ({
    assert,
  }) => {
    // the periodic check is far off: what brings them back here is readiness finding them missing
    const { redisPort, port, env, cleanup } = await studioWithOwnRedis({
      QUEUE_SCHEDULE_CHECK_MS: '600000',
    })
    let server: Owned | undefined
    try {
      await startRedis(redisPort)
      server = await startServer(port, env)
      assert.isTrue(await eventually(() => isReady(port)), server.output())
      assert.isTrue(await eventually(() => allSchedulesIn(redisPort), 10_000), server.output())

      assert.include(redisCli(redisPort, 'flushall'), 'OK')
      const ready = await call(port, 'GET', '/api/health/ready', { lang: 'kr' })
      assert.equal(ready.status, 503, JSON.stringify(ready.body))
      assert.deepEqual(ready.body.data.down, ['schedules'])
      assert.sameMembers(ready.body.data.missing_schedules, SCHEDULE_KEYS)
      assert.include(ready.body.message, '예약 작업')
      assert.include(ready.body.message, 'metrics:collect:daily')

      assert.isTrue(await eventually(() => isReady(port)), server.output())
      assert.isTrue(
        await eventually(() => allSchedulesIn(redisPort), 10_000),
        `every schedule back: ${schedulesIn(redisPort)}\n${server.output()}`
      )
      const registered = 'queue schedules registered again: tokens:cleanup:daily'
      assert.isTrue(await eventually(() => server!.output().includes(registered)), server.output())
      const health = await call(port, 'GET', '/api/health')
      assert.deepEqual(health.body.data.missing_schedules, [])
    } finally {
      if (server) await stop(server)
      stopAll()
      cleanup()
    }
  }).timeout(120_000)
})
