import { test } from '@japa/runner'
import { Job } from '@rlanz/bull-queue'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import AccessToken from '#models/access_token'
import QueueJob from '#models/queue_job'
import QueueSchedule from '#models/queue_schedule'
import RefreshToken from '#models/refresh_token'
import CleanupTokensJob from '#jobs/cleanup_tokens_job'
import { JOBS, SCHEDULES } from '#jobs/registry'
import QueueService from '#queue/main'
import InProcessDriver from '#queue/in_process_driver'
import { UserFactory } from '#database/factories/user_factory'
import { QueueJobFactory } from '#database/factories/queue_factory'
import { AccessTokenFactory, RefreshTokenFactory } from '#database/factories/token_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { bullQueue, ON_REDIS, waitFor } from '#tests/helpers/queue'

/** A throw-away job that always fails, registered in JOBS only for the tests that use it. */
class AlwaysFailingJob extends Job {
  static jobName = 'test:always-failing'
  static rescued: { payload: unknown; message: string }[] = []

  static get $$filepath() {
    return import.meta.url
  }

  async handle(_payload: unknown) {
    throw new Error('boom')
  }

  async rescue(payload: unknown, error: Error) {
    AlwaysFailingJob.rescued.push({ payload, message: error.message })
  }
}

/** BullMQ keeps its schedulers in Redis, outside the test's transaction: remove the studio's. */
async function removeBullSchedulers() {
  if (!ON_REDIS) return
  const queue = await bullQueue()
  for (const schedule of SCHEDULES) await queue.removeJobScheduler(schedule.key)
}

function registerFailingJob() {
  AlwaysFailingJob.rescued = []
  JOBS.push(AlwaysFailingJob)
  return () => {
    const index = JOBS.indexOf(AlwaysFailingJob)
    if (index >= 0) JOBS.splice(index, 1)
  }
}

const sql = (value: DateTime) => value.toUTC().toSQL({ includeOffset: false })

/**
 * Tokens on both sides of the retention limits: access tokens expired more
 * than 24 h ago and refresh tokens expired more than 7 days ago go; the rest
 * stays (an access token expired an hour ago still answers -101).
 */
async function seedTokens() {
  const user = await UserFactory.create()
  const now = DateTime.utc()
  const pair = async (expiresAt?: DateTime) => {
    const token = await AccessTokenFactory.merge({
      userId: user.id,
      ...(expiresAt && { expiresAt }),
    }).create()
    const refresh = await RefreshTokenFactory.merge({
      userId: user.id,
      familyId: token.familyId,
      ...(expiresAt && { expiresAt }),
    }).create()
    return { token, refresh_token: refresh }
  }
  return {
    longExpired: await pair(now.minus({ days: 8 })),
    accessExpiredRefreshRecent: await pair(now.minus({ days: 2 })),
    recentlyExpired: await pair(now.minus({ hours: 1 })),
    valid: await pair(),
  }
}

async function tokenExists(model: typeof AccessToken | typeof RefreshToken, row: { id: number }) {
  return Boolean(await model.find(row.id))
}

async function bullState(id: string) {
  const queue = await bullQueue()
  const job = await queue.getJob(id)
  return job?.getState()
}

async function jobStatus(id: number | string) {
  const row = await QueueJob.findOrFail(id)
  return row.status
}

test.group('queue / in-process driver', (group) => {
  setupFunctionalGroup(group)

  const driver = () => QueueService.driver as InProcessDriver

  test('is the driver without REDIS_HOST', async ({ assert }) => {
    assert.equal(QueueService.driver.name, 'in-process')
    assert.instanceOf(QueueService.driver, InProcessDriver)
  }).skip(ON_REDIS, 'REDIS_HOST is set: the BullMQ group covers this run')

  test('dispatching CleanupTokensJob writes a pending queue_jobs row', async ({ assert }) => {
    const id = await QueueService.dispatch(CleanupTokensJob, { keepFinishedJobsDays: 7 })

    const row = await QueueJob.findOrFail(id)
    assert.equal(row.name, 'tokens:cleanup')
    assert.equal(row.status, 'pending')
    assert.equal(row.attempts, 0)
    assert.equal(row.maxAttempts, 3)
    assert.deepEqual(row.payload, { keepFinishedJobsDays: 7 })
    assert.isAtMost(row.runAt.toMillis(), DateTime.utc().toMillis())
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('drain runs the job: expired tokens past their retention are deleted', async ({
    assert,
  }) => {
    const tokens = await seedTokens()
    const id = await QueueService.dispatch(CleanupTokensJob, {})

    const ran = await driver().drain()
    assert.equal(ran, 1)

    const row = await QueueJob.findOrFail(id)
    assert.equal(row.status, 'completed')
    assert.equal(row.attempts, 1)
    assert.isNotNull(row.finishedAt)
    assert.isNull(row.lastError)

    assert.isFalse(await tokenExists(AccessToken, tokens.longExpired.token))
    assert.isFalse(await tokenExists(RefreshToken, tokens.longExpired.refresh_token))
    assert.isFalse(await tokenExists(AccessToken, tokens.accessExpiredRefreshRecent.token))
    assert.isTrue(await tokenExists(RefreshToken, tokens.accessExpiredRefreshRecent.refresh_token))
    assert.isTrue(await tokenExists(AccessToken, tokens.recentlyExpired.token))
    assert.isTrue(await tokenExists(AccessToken, tokens.valid.token))
    assert.isTrue(await tokenExists(RefreshToken, tokens.valid.refresh_token))
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('the cleanup also removes finished queue rows older than the payload says', async ({
    assert,
  }) => {
    const old = DateTime.utc().minus({ days: 10 })
    const oldDone = await QueueJobFactory.apply('completed').merge({ finishedAt: old }).create()
    const oldFailed = await QueueJobFactory.apply('failed').merge({ finishedAt: old }).create()
    const recentDone = await QueueJobFactory.apply('completed')
      .merge({ finishedAt: DateTime.utc().minus({ days: 1 }) })
      .create()

    await QueueService.dispatch(CleanupTokensJob, { keepFinishedJobsDays: 7 })
    await driver().drain()

    assert.isNull(await QueueJob.find(oldDone.id))
    assert.isNull(await QueueJob.find(oldFailed.id))
    assert.isNotNull(await QueueJob.find(recentDone.id))
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('a job delayed into the future is not run yet', async ({ assert }) => {
    const id = await QueueService.dispatch(CleanupTokensJob, {}, { delay: 60_000 })
    assert.equal(await driver().drain(), 0)
    assert.equal(await jobStatus(id), 'pending')
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('a failing job is retried with a growing backoff, then failed and rescued', async ({
    assert,
    cleanup,
  }) => {
    cleanup(registerFailingJob())
    const id = await QueueService.dispatch(AlwaysFailingJob, { order: 42 })

    // attempt 1: back to pending, due again in about 5 s
    let before = DateTime.utc()
    await driver().drain()
    let row = await QueueJob.findOrFail(id)
    assert.equal(row.status, 'pending')
    assert.equal(row.attempts, 1)
    assert.equal(row.lastError, 'boom')
    assert.isNull(row.lockedAt)
    const firstDelay = row.runAt.diff(before, 'seconds').seconds
    assert.isAtLeast(firstDelay, 4)
    assert.isAtMost(firstDelay, 7)
    assert.lengthOf(AlwaysFailingJob.rescued, 0)

    // not due yet: a drain now runs nothing
    assert.equal(await driver().drain(), 0)

    // attempt 2 (made due without waiting): the backoff doubles
    await QueueJob.query()
      .where('id', id)
      .update({ run_at: sql(DateTime.utc().minus({ seconds: 1 })) })
    before = DateTime.utc()
    await driver().drain()
    row = await QueueJob.findOrFail(id)
    assert.equal(row.status, 'pending')
    assert.equal(row.attempts, 2)
    const secondDelay = row.runAt.diff(before, 'seconds').seconds
    assert.isAtLeast(secondDelay, 9)
    assert.isAtMost(secondDelay, 12)
    assert.lengthOf(AlwaysFailingJob.rescued, 0)

    // attempt 3 of 3: failed for good, and rescued once
    await QueueJob.query()
      .where('id', id)
      .update({ run_at: sql(DateTime.utc().minus({ seconds: 1 })) })
    await driver().drain()
    row = await QueueJob.findOrFail(id)
    assert.equal(row.status, 'failed')
    assert.equal(row.attempts, 3)
    assert.equal(row.lastError, 'boom')
    assert.isNotNull(row.finishedAt)
    assert.deepEqual(AlwaysFailingJob.rescued, [{ payload: { order: 42 }, message: 'boom' }])

    // a failed job is never picked up again
    await QueueJob.query()
      .where('id', id)
      .update({ run_at: sql(DateTime.utc().minus({ seconds: 1 })) })
    assert.equal(await driver().drain(), 0)
    assert.lengthOf(AlwaysFailingJob.rescued, 1)
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('a job of an unknown name is marked failed, not retried forever', async ({ assert }) => {
    const row = await QueueJobFactory.merge({
      name: 'test:no-such-job',
      runAt: DateTime.utc().minus({ seconds: 1 }),
    }).create()
    await driver().drain()
    await row.refresh()
    assert.equal(row.status, 'failed')
    assert.include(row.lastError!, 'Unknown job')
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('rows left running by a crash are picked up again after startWorker', async ({
    assert,
    cleanup,
  }) => {
    // a worker of its own with a short poll, so that stopping it leaves the shared driver alone
    const worker = new InProcessDriver({ pollMs: 50, attempts: 3 })
    cleanup(() => worker.stop())
    const tokens = await seedTokens()
    const crashed = await QueueJobFactory.apply('running')
      .merge({
        name: CleanupTokensJob.jobName,
        runAt: DateTime.utc().minus({ minutes: 5 }),
        lockedAt: DateTime.utc().minus({ minutes: 5 }),
      })
      .create()

    await worker.startWorker()
    const done = await waitFor(async () => (await jobStatus(crashed.id)) === 'completed', 5_000)
    await worker.stop()

    assert.isTrue(done, 'the crashed job was not run again')
    const row = await QueueJob.findOrFail(crashed.id)
    assert.equal(row.attempts, 1)
    assert.isNull(row.lockedAt)
    assert.isFalse(await tokenExists(AccessToken, tokens.longExpired.token))
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('a stopped worker leaves a later drain running what is queued', async ({ assert }) => {
    const worker = new InProcessDriver({ pollMs: 50, attempts: 3 })
    await worker.startWorker()
    await worker.stop()
    const tokens = await seedTokens()
    const id = await worker.dispatch(CleanupTokensJob, {})

    assert.equal(await worker.drain(), 1)
    assert.equal(await jobStatus(id), 'completed')
    assert.isFalse(await tokenExists(AccessToken, tokens.longExpired.token))
  }).skip(ON_REDIS, 'REDIS_HOST is set')

  test('GET /api/health reports the in-process driver', async ({ client }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    response.assertBodyContains({
      status: 0,
      data: { database: 'ok', queue: 'ok', queue_driver: 'in-process' },
    })
  }).skip(ON_REDIS, 'REDIS_HOST is set')
})

test.group('queue / schedules', (group) => {
  setupFunctionalGroup(group)

  test('registering the schedules twice leaves one row per key, due in the future', async ({
    assert,
    cleanup,
  }) => {
    cleanup(removeBullSchedulers)
    for (let round = 0; round < 2; round++) {
      for (const schedule of SCHEDULES) {
        await QueueService.driver.schedule(
          schedule.key,
          schedule.job,
          schedule.cron,
          studioConfig.timezone,
          schedule.payload
        )
      }
    }

    const rows = await QueueSchedule.query().orderBy('key')
    assert.deepEqual(
      rows.map((row) => row.key),
      SCHEDULES.map((schedule) => schedule.key).sort()
    )
    for (const row of rows) {
      const schedule = SCHEDULES.find((entry) => entry.key === row.key)!
      assert.equal(row.jobName, schedule.job.jobName)
      assert.equal(row.cron, schedule.cron)
      assert.isAbove(row.nextRunAt.toMillis(), DateTime.utc().toMillis())
    }

    if (ON_REDIS) {
      const queue = await bullQueue()
      const schedulers = await queue.getJobSchedulers()
      for (const schedule of SCHEDULES) {
        assert.lengthOf(
          schedulers.filter((entry) => entry.key === schedule.key),
          1,
          `BullMQ schedulers for ${schedule.key}`
        )
      }
    }
  })

  test('the daily cleanup is due next at 03:30 in the studio time zone', async ({ assert }) => {
    const schedule = SCHEDULES.find((entry) => entry.key === 'tokens:cleanup:daily')!
    await QueueService.driver.schedule(
      schedule.key,
      schedule.job,
      schedule.cron,
      studioConfig.timezone,
      schedule.payload
    )
    if (ON_REDIS) {
      const queue = await bullQueue()
      await queue.removeJobScheduler(schedule.key)
    }

    const row = await QueueSchedule.findByOrFail('key', schedule.key)
    const local = row.nextRunAt.setZone(studioConfig.timezone)
    assert.equal(local.toFormat('HH:mm'), '03:30')
    assert.isAtMost(row.nextRunAt.diff(DateTime.utc(), 'hours').hours, 24)
  })

  test('the daily metrics collection is registered once after two worker starts, at 13:00 in the studio time zone', async ({
    assert,
    cleanup,
  }) => {
    cleanup(removeBullSchedulers)
    // what each worker start does before taking jobs (QueueService.startWorker)
    await QueueService.registerSchedules()
    const first = await QueueSchedule.findByOrFail('key', 'metrics:collect:daily')
    await QueueService.registerSchedules()

    const rows = await QueueSchedule.query().where('key', 'metrics:collect:daily')
    assert.lengthOf(rows, 1)
    const [row] = rows
    assert.equal(row.id, first.id)
    assert.equal(row.jobName, 'metrics:collect')
    assert.equal(row.cron, '0 13 * * *')
    assert.equal(row.timezone, studioConfig.timezone)
    assert.equal(row.nextRunAt.toMillis(), first.nextRunAt.toMillis(), 'not moved by a restart')
    const local = row.nextRunAt.setZone(studioConfig.timezone)
    assert.equal(local.toFormat('HH:mm'), '13:00')
    assert.isAbove(row.nextRunAt.toMillis(), DateTime.utc().toMillis())
    assert.isAtMost(row.nextRunAt.diff(DateTime.utc(), 'hours').hours, 24)

    if (ON_REDIS) {
      const queue = await bullQueue()
      const all = await queue.getJobSchedulers()
      const schedulers = all.filter((entry) => entry.key === 'metrics:collect:daily')
      assert.lengthOf(schedulers, 1)
      assert.equal(schedulers[0].pattern, '0 13 * * *')
      assert.equal(schedulers[0].tz, studioConfig.timezone)
      assert.equal(schedulers[0].name, 'metrics:collect')
      const local13 = DateTime.fromMillis(Number(schedulers[0].next)).setZone(studioConfig.timezone)
      assert.equal(local13.toFormat('HH:mm'), '13:00')
    }
  })
})

test.group('queue / BullMQ driver', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(async () => {
    if (ON_REDIS) await QueueService.driver.stop()
  })

  test('is the driver with REDIS_HOST', async ({ assert }) => {
    assert.equal(QueueService.driver.name, 'bullmq')
  }).skip(!ON_REDIS, 'REDIS_HOST is not set: the in-process group covers this run')

  test('a dispatched CleanupTokensJob runs on the worker', async ({ assert }) => {
    const tokens = await seedTokens()
    const id = await QueueService.dispatch(CleanupTokensJob, {})
    assert.isString(id)

    await QueueService.driver.startWorker()
    const ran = await waitFor(
      async () => !(await tokenExists(AccessToken, tokens.longExpired.token)),
      5_000
    )
    const completed = await waitFor(async () => (await bullState(id)) === 'completed', 5_000)
    await QueueService.driver.stop()

    assert.isTrue(ran, 'the job did not run within 5 s')
    assert.isTrue(completed, 'the job was not marked completed')
    assert.isFalse(await tokenExists(RefreshToken, tokens.longExpired.refresh_token))
    assert.isTrue(await tokenExists(AccessToken, tokens.recentlyExpired.token))
    assert.isTrue(await tokenExists(AccessToken, tokens.valid.token))
    // BullMQ keeps its jobs in Redis, not in queue_jobs
    const rows = await db.from('queue_jobs').select('id')
    assert.lengthOf(rows, 0)
  }).skip(!ON_REDIS, 'REDIS_HOST is not set')

  test('a job failing its last attempt is rescued', async ({ assert, cleanup }) => {
    cleanup(registerFailingJob())
    const id = await QueueService.dispatch(AlwaysFailingJob, { order: 7 }, { attempts: 1 })

    await QueueService.driver.startWorker()
    const rescued = await waitFor(async () => AlwaysFailingJob.rescued.length > 0, 5_000)
    await QueueService.driver.stop()

    assert.isTrue(rescued, 'rescue was not called within 5 s')
    assert.deepEqual(AlwaysFailingJob.rescued, [{ payload: { order: 7 }, message: 'boom' }])
    assert.equal(await bullState(id), 'failed')
  }).skip(!ON_REDIS, 'REDIS_HOST is not set')

  test('GET /api/health reports bullmq and the queue ok', async ({ client }) => {
    const response = await client.get('/api/health')
    response.assertStatus(200)
    response.assertBodyContains({
      status: 0,
      data: { database: 'ok', queue: 'ok', queue_driver: 'bullmq' },
    })
  }).skip(!ON_REDIS, 'REDIS_HOST is not set')
})
