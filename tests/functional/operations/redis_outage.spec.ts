import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
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
} from '#tests/helpers/processes'

/**
 * Redis comes and goes under a running studio (its own redis-server, started
 * and stopped by the test): sign-in keeps working on the in-memory limiter,
 * queueing answers 503 with a message instead of 500, readiness names Redis,
 * and everything — the worker, the schedules, queueing — comes back when
 * Redis answers, without a restart.
 */
const ADMIN = { account: 'ops-admin@mcn.local', password: 'Ops-Admin-Pass-2026!' }

const schedulesIn = (port: number) =>
  Number(
    spawnSync('redis-cli', ['-p', String(port), 'zcard', 'mcn-bull:default:repeat'], {
      encoding: 'utf8',
    }).stdout.trim() || 0
  )

async function isReady(port: number) {
  const ready = await call(port, 'GET', '/api/health/ready')
  return ready.status === 200
}

/** A prepared studio (SQLite, an admin) configured for a Redis of the test's own, not yet started. */
async function studioWithOwnRedis() {
  const redisPort = await freePort()
  const port = await freePort()
  const { env, cleanup } = sqliteEnv({
    REDIS_HOST: '127.0.0.1',
    REDIS_PORT: String(redisPort),
    REDIS_DB: '0',
    APP_BRAND: 'mcn',
  })
  prepareStudio(env, { admin: ADMIN })
  return { redisPort, port, env, cleanup }
}

async function signIn(port: number) {
  return call(port, 'POST', '/api/user/login', { body: ADMIN })
}

test.group('operations / Redis comes and goes', (group) => {
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
        await eventually(() => schedulesIn(redisPort) > 0, 10_000),
        `the schedules are registered\n${spawnSync('redis-cli', ['-p', String(redisPort), 'keys', '*'], { encoding: 'utf8' }).stdout}\n${server.output()}`
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

      // a Redis that comes back empty (no persistence): the schedules are registered again
      redis = await startRedis(redisPort)
      assert.isTrue(await eventually(() => isReady(port)), server.output())
      assert.isTrue(await eventually(() => schedulesIn(redisPort) > 0, 10_000), 'schedules back')
      const again = await signIn(port)
      assert.equal(again.status, 200)
      const queued = await call(port, 'POST', '/api/metrics/collect', { token, body: {} })
      assert.equal(queued.status, 202, JSON.stringify(queued.body))
      assert.include(server.output(), `Redis at 127.0.0.1:${redisPort} answers again`)
    } finally {
      if (server) await stop(server)
      stopAll()
      cleanup()
    }
  }).timeout(120_000)
})
