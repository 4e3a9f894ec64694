import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import uploads from '#platforms/upload/main'
import { UploadError } from '#platforms/upload/types'
import UploadPublication from '#models/upload_publication'
import UploadTask from '#models/upload_task'
import PublicationRunner from '#services/uploads/publication_runner'
import UploadSweep, { UPLOAD_SWEEP_GRACE_MS } from '#services/uploads/upload_sweep'
import { UPLOAD_LEDGER } from '#services/uploads/transfer_limits'
import { LEASE_OWNER } from '#support/lease'
import { rowCount, setupGroupWith } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { eventually } from '#tests/helpers/processes'
import {
  dropQueuedPublications,
  fakeUploads,
  queuedPublications,
  taskWithPublications,
} from '#tests/helpers/uploads'

async function publicationOf(taskId: number, platform = 'bilibili') {
  return UploadPublication.query()
    .where('task_id', taskId)
    .where('platform', platform)
    .firstOrFail()
}

/**
 * The publishing job against a test double of the upload adapter: the
 * platform's id recorded with the success, retries with backoff only for
 * retryable errors, a lost answer looked up before any retry, the lease,
 * and the sweep that runs what the queue lost.
 */
test.group('uploads: the publishing job', (group) => {
  const given = setupGroupWith(group, async () => ({ staff: await userWithCode('staff', null) }))
  group.each.teardown(() => uploads.restore())
  // with Redis the queue is outside the tests' transaction
  group.each.setup(() => dropQueuedPublications())

  test('a success records the platform id and link before it is marked, then ends the task', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili')
    const { task } = await taskWithPublications(given.staff, ['bilibili'])
    const publication = task.publications[0]

    assert.equal(await PublicationRunner.run(publication.id), 'success')

    const row = await publicationOf(task.id)
    assert.equal(row.status, 'success')
    assert.equal(row.platformVideoId, `bilibili-v1-${publication.id}`)
    assert.equal(row.url, `https://bilibili.example/${publication.id}`)
    assert.equal(row.attempts, 1)
    assert.isNull(row.leaseOwner)
    assert.deepEqual(row.checkpoint, { step: 'submitting' })
    assert.isNotNull(row.submittedAt)
    assert.equal(row.sentBytes, task.videoSize)
    assert.equal(double.submits, 1)
    assert.equal(double.requests[0].title, 'A day at the studio')
    assert.isNull(double.requests[0].scheduledAt)

    await task.refresh()
    assert.equal(task.status, 'success')
    assert.isNotNull(task.finishedAt)
    const notes = await db.from('notifications').where('user_id', given.staff.id)
    assert.deepEqual(
      notes.map((note) => [note.kind, note.dedupe_key]),
      [['upload_finished', `upload:${task.id}`]]
    )
    // the published video enters the video tables (and so the growth windows)
    const video = await db.from('videos').where('id', row.videoId!).firstOrFail()
    assert.equal(video.platform_video_id, row.platformVideoId)
    assert.equal(video.creator_id, task.creatorId)
    const planned = await eventually(
      async () => (await rowCount('video_growth_points', { video_id: video.id })) === 5,
      5_000
    )
    assert.isTrue(planned, 'the growth windows of the published video')
    // a second run of the same job publishes nothing
    assert.equal(await PublicationRunner.run(publication.id), 'skipped')
    assert.equal(double.publishes, 1)
  })

  test('a retryable error waits with backoff and honours the retry-after; the next attempt succeeds', async ({
    assert,
  }) => {
    const double = fakeUploads('xigua', [
      new UploadError('xigua', 'rate_limited', 'Too many requests', { retryAfterMs: 20 * 60_000 }),
    ])
    const { task } = await taskWithPublications(given.staff, ['xigua'])
    const id = task.publications[0].id
    const now = DateTime.utc()

    assert.equal(await PublicationRunner.run(id, { now }), 'retry')
    const waiting = await publicationOf(task.id, 'xigua')
    assert.equal(waiting.status, 'requesting')
    assert.equal(waiting.attempts, 1)
    assert.equal(waiting.errorCode, 'rate_limited')
    assert.isNull(waiting.leaseOwner)
    const wait = waiting.nextAttemptAt.diff(now).toMillis()
    assert.isAtLeast(wait, 20 * 60_000 - 1000)
    const queued = await queuedPublications()
    assert.deepEqual(
      queued.map((job) => job.publicationId),
      [id]
    )

    // not due yet: nothing runs
    assert.equal(await PublicationRunner.run(id, { now: now.plus({ minutes: 1 }) }), 'skipped')
    assert.equal(double.publishes, 1)

    assert.equal(await PublicationRunner.run(id, { now: waiting.nextAttemptAt }), 'success')
    const done = await publicationOf(task.id, 'xigua')
    assert.equal(done.status, 'success')
    assert.equal(done.attempts, 2)
    assert.isNull(done.errorCode)
    assert.equal(double.publishes, 2)
    assert.equal(double.submits, 1)
  })

  test('the backoff doubles per attempt, with jitter, and the last attempt fails the publication', async ({
    assert,
  }) => {
    const { backoffMs } = await import('#services/uploads/publication_runner')
    const base = UPLOAD_LEDGER.retryBaseMs
    assert.equal(
      backoffMs(1, 0, () => 1),
      base
    )
    assert.equal(
      backoffMs(3, 0, () => 1),
      base * 4
    )
    assert.equal(
      backoffMs(3, 0, () => 0),
      base * 2
    )
    assert.equal(
      backoffMs(1, base * 10, () => 1),
      base * 10
    )

    const errors = Array.from(
      { length: UPLOAD_LEDGER.publishAttempts },
      () => new UploadError('haokan', 'upstream', 'Bad gateway')
    )
    const double = fakeUploads('haokan', errors)
    const { task } = await taskWithPublications(given.staff, ['haokan'])
    const id = task.publications[0].id
    let now: DateTime = DateTime.utc()
    const outcomes = []
    for (let attempt = 0; attempt < UPLOAD_LEDGER.publishAttempts; attempt++) {
      outcomes.push(await PublicationRunner.run(id, { now }))
      const row = await publicationOf(task.id, 'haokan')
      now = row.nextAttemptAt
    }
    assert.deepEqual(outcomes, [
      ...Array(UPLOAD_LEDGER.publishAttempts - 1).fill('retry'),
      'failure',
    ])
    const failed = await publicationOf(task.id, 'haokan')
    assert.equal(failed.status, 'failure')
    assert.equal(failed.errorCode, 'upstream')
    assert.equal(double.publishes, UPLOAD_LEDGER.publishAttempts)
  })

  test('a refused video fails once, without a retry; the task fails and is on the alert dashboard', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili', [
      new UploadError('bilibili', 'rejected', 'Duplicate video'),
    ])
    fakeUploads('xigua')
    const { task } = await taskWithPublications(given.staff, ['bilibili', 'xigua'])
    const [bilibili, xigua] = task.publications.sort((a, b) => a.id - b.id)

    assert.equal(await PublicationRunner.run(bilibili.id), 'failure')
    const failed = await publicationOf(task.id)
    assert.equal(failed.status, 'failure')
    assert.equal(failed.attempts, 1)
    assert.equal(failed.errorCode, 'rejected')
    assert.equal(failed.errorMessage, 'Duplicate video')
    assert.deepEqual(await queuedPublications(), [])
    // the task runs on until its last publication ends
    await task.refresh()
    assert.equal(task.status, 'running')

    assert.equal(await PublicationRunner.run(xigua.id), 'success')
    await task.refresh()
    assert.equal(task.status, 'partial')
    assert.equal(double.publishes, 1)
    const notes = await db.from('notifications').where('user_id', given.staff.id)
    assert.deepEqual(
      notes.map((note) => note.kind),
      ['upload_failed']
    )
    assert.include(JSON.parse(notes[0].params), { failed: 'bilibili', succeeded: 'xigua' })
    const alert = await db.from('alerts').where('dedupe_key', `upload_failed:${task.id}`).first()
    assert.equal(alert.kind, 'upload_failed')
    assert.equal(alert.creator_id, task.creatorId)
    assert.equal(alert.platform, 'bilibili')
  })

  test('a submit whose answer was lost is found on the platform: success without a second submit', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili', ['lose-answer'])
    const { task } = await taskWithPublications(given.staff, ['bilibili'])
    const id = task.publications[0].id
    const now = DateTime.utc()

    assert.equal(await PublicationRunner.run(id, { now }), 'retry')
    const unknown = await publicationOf(task.id)
    assert.equal(unknown.status, 'requesting')
    assert.equal(unknown.checkpoint?.step, 'submitting')
    assert.isNull(unknown.platformVideoId)

    assert.equal(await PublicationRunner.run(id, { now: unknown.nextAttemptAt }), 'success')
    const found = await publicationOf(task.id)
    assert.equal(found.platformVideoId, `bilibili-v1-${id}`)
    assert.equal(double.submits, 1)
    assert.equal(double.publishes, 1)
    assert.equal(double.lookups, 1)
  })

  test('a submit not found on the platform is sent again from its checkpoint', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili')
    const { task } = await taskWithPublications(given.staff, ['bilibili'])
    const id = task.publications[0].id
    // a worker died after it said it would submit, before the platform got it
    await UploadPublication.query()
      .where('id', id)
      .update({
        status: 'uploading',
        attempts: 1,
        lease_owner: 'another-host:4242:1',
        lease_expires_at: DateTime.utc().minus({ minutes: 1 }).toSQL({ includeOffset: false }),
        checkpoint: JSON.stringify({ step: 'submitting' }),
        submitted_at: DateTime.utc().minus({ minutes: 2 }).toSQL({ includeOffset: false }),
      })

    assert.equal(await PublicationRunner.run(id), 'success')
    assert.equal(double.lookups, 1)
    assert.equal(double.submits, 1)
    assert.equal(double.uploads, 0)
    assert.deepEqual(double.resumes, [{ step: 'submitting' }])
    const resumed = await publicationOf(task.id)
    assert.equal(resumed.attempts, 2)
  })

  test('a publication another live worker holds is skipped; two runs at once publish once', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili')
    const { task } = await taskWithPublications(given.staff, ['bilibili'])
    const id = task.publications[0].id
    await UploadPublication.query()
      .where('id', id)
      .update({
        status: 'uploading',
        lease_owner: 'another-host:4242:1',
        lease_expires_at: DateTime.utc().plus({ minutes: 1 }).toSQL({ includeOffset: false }),
      })
    assert.equal(await PublicationRunner.run(id), 'skipped')
    assert.equal(double.publishes, 0)
    const held = await publicationOf(task.id)
    assert.equal(held.leaseOwner, 'another-host:4242:1')

    await UploadPublication.query().where('id', id).update({
      status: 'requesting',
      lease_owner: null,
      lease_expires_at: null,
    })
    const outcomes = await Promise.all([PublicationRunner.run(id), PublicationRunner.run(id)])
    assert.sameMembers(outcomes, ['success', 'skipped'])
    assert.equal(double.publishes, 1)
    assert.notEqual(LEASE_OWNER, 'another-host:4242:1')
  })

  test('the sweep runs a publication whose job was lost and one whose worker died', async ({
    assert,
  }) => {
    fakeUploads('bilibili')
    const xigua = fakeUploads('xigua')
    const { task } = await taskWithPublications(given.staff, ['bilibili', 'xigua'])
    const [lost, abandoned] = task.publications.sort((a, b) => a.id - b.id)
    const now = DateTime.utc()
    // the queue lost the first one's job; the second one's worker stopped heart-beating
    await dropQueuedPublications()
    await UploadPublication.query()
      .where('id', lost.id)
      .update({
        next_attempt_at: now
          .minus({ milliseconds: UPLOAD_SWEEP_GRACE_MS + 1000 })
          .toSQL({ includeOffset: false }),
      })
    await UploadPublication.query()
      .where('id', abandoned.id)
      .update({
        status: 'uploading',
        attempts: 1,
        lease_owner: 'another-host:4242:1',
        lease_expires_at: now.minus({ seconds: 5 }).toSQL({ includeOffset: false }),
        checkpoint: JSON.stringify({ step: 'uploaded', parts: 2 }),
      })

    const swept = await UploadSweep.run(now)
    assert.sameMembers(swept.publications, [lost.id, abandoned.id])
    assert.deepEqual(swept.outcomes, { success: 2 })
    assert.deepEqual(xigua.resumes, [{ step: 'uploaded', parts: 2 }])
    assert.equal(xigua.uploads, 0)
    await task.refresh()
    assert.equal(task.status, 'success')

    // a publication just due is left to its own job
    const { task: fresh } = await taskWithPublications(given.staff, ['bilibili'], 'Fresh')
    const again = await UploadSweep.run(DateTime.utc())
    assert.notInclude(again.publications, fresh.publications[0].id)
    const waiting = await UploadTask.findOrFail(fresh.id)
    assert.equal(waiting.status, 'running')
  })

  test('a publication resumed from a dead worker is published with its submit time, even when the adapter stores no submit step', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili')
    // a platform whose upload ends published: the resumed attempt answers without a checkpoint
    double.publish = async (request) => ({
      platformVideoId: `one-shot-${request.publicationId}`,
      url: `https://bilibili.example/${request.publicationId}`,
      scheduled: false,
    })
    const { task } = await taskWithPublications(given.staff, ['bilibili'], 'One shot')
    const id = task.publications[0].id
    await dropQueuedPublications()
    const now = DateTime.utc()
    await UploadPublication.query()
      .where('id', id)
      .update({
        status: 'uploading',
        attempts: 1,
        lease_owner: 'another-host:4242:1',
        lease_expires_at: now.minus({ seconds: 5 }).toSQL({ includeOffset: false }),
        checkpoint: JSON.stringify({ step: 'uploaded', parts: 2 }),
      })

    const swept = await UploadSweep.run(now)
    assert.deepEqual(swept.outcomes, { success: 1 })
    const published = await UploadPublication.findOrFail(id)
    assert.equal(published.status, 'success')
    assert.equal(published.platformVideoId, `one-shot-${id}`)
    assert.isNotNull(published.submittedAt)
    assert.equal(published.submittedAt!.toMillis(), published.finishedAt!.toMillis())
  })

  test('a worker that shuts down hands its upload back, due now, at its last step', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili', [], { hangAfter: 'uploaded', stoppable: true })
    const { task } = await taskWithPublications(given.staff, ['bilibili'])
    const id = task.publications[0].id

    const running = PublicationRunner.run(id)
    const reached = await eventually(async () => {
      const row = await publicationOf(task.id)
      return row.checkpoint?.step === 'uploaded'
    }, 10_000)
    assert.isTrue(reached)
    PublicationRunner.stopAll()
    assert.equal(await running, 'retry')

    const handed = await publicationOf(task.id)
    assert.equal(handed.status, 'requesting')
    assert.isNull(handed.leaseOwner)
    assert.deepEqual(handed.checkpoint, { step: 'uploaded', parts: 2 })
    assert.isAtMost(handed.nextAttemptAt.toMillis(), DateTime.utc().toMillis())
    assert.equal(double.submits, 0)

    const next = fakeUploads('bilibili')
    assert.equal(await PublicationRunner.run(id), 'success')
    assert.deepEqual(next.resumes, [{ step: 'uploaded', parts: 2 }])
    assert.equal(next.uploads, 0)
  })

  test('a booked time goes to the platform while it is its lead ahead; a late run publishes at once', async ({
    assert,
  }) => {
    const double = fakeUploads('bilibili')
    const onTime = await taskWithPublications(given.staff, ['bilibili'], 'On time')
    const late = await taskWithPublications(given.staff, ['bilibili'], 'Late')
    const now = DateTime.utc()
    const booked = now.plus({ hours: 5 }).startOf('second')
    for (const { task } of [onTime, late]) {
      await UploadPublication.query()
        .where('task_id', task.id)
        .update({ platform_scheduled_at: booked.toSQL({ includeOffset: false }) })
    }

    // 5 hours ahead: Bilibili (4 h lead) holds it for the booked time
    assert.equal(await PublicationRunner.run(onTime.task.publications[0].id, { now }), 'success')
    // run 2 hours later (3 hours ahead): too late for the platform's schedule, published at once
    const later = now.plus({ hours: 2 })
    assert.equal(
      await PublicationRunner.run(late.task.publications[0].id, { now: later }),
      'success'
    )

    const [held, immediate] = double.requests
    assert.equal(DateTime.fromISO(held.scheduledAt!).toMillis(), booked.toMillis())
    assert.isNull(immediate.scheduledAt)
    const kept = await publicationOf(onTime.task.id)
    assert.isTrue(kept.scheduled)
    const published = await publicationOf(late.task.id)
    assert.isFalse(published.scheduled)
    assert.isNotNull(published.videoId)
  })
})
