import { test } from '@japa/runner'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import uploads from '#platforms/upload/main'
import PublicationRunner from '#services/uploads/publication_runner'
import Transfers from '#services/uploads/transfers'
import UploadTask from '#models/upload_task'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { rowCount, setEnv, setupGroupWith } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import {
  dropQueuedPublications,
  fakeUploads,
  queuedPublications,
  sendFile,
  tinyMp4,
  tinyPng,
} from '#tests/helpers/uploads'

const TITLE = 'Thirty-one characters long titl' // 31: Bilibili keeps 30

async function creatorWithAccounts(platforms: string[]) {
  return CreatorFactory.with('accounts', platforms.length, (account) =>
    account.merge(platforms.map((platform) => ({ platform: platform as 'bilibili' })))
  ).create()
}

function submission(creatorId: number, video: string, thumbnail: string, extra = {}) {
  return {
    creator_id: creatorId,
    platforms: ['bilibili', 'xigua'],
    video,
    thumbnail,
    title: TITLE,
    detail: 'A walk through the studio.',
    category: { bilibili: '160' },
    subcategory: { bilibili: '21' },
    tags: 'studio,vlog',
    event_tag: { bilibili: '1001', xigua: '2002' },
    share: 1,
    advert: 0,
    ...extra,
  }
}

/**
 * POST /api/video/upload (SPEC §7): finished transfers of the uploader, the
 * station's rules, one task and one publication per platform in one
 * transaction, a job per publication; then the records, the stats and the
 * task for polling.
 */
test.group('uploads: submitting and reading uploads', (group) => {
  const given = setupGroupWith(group, async () => ({
    staff: await userWithCode('staff', null),
  }))
  let folder = ''
  group.each.setup(async () => {
    // with Redis the queue is outside the tests' transaction
    await dropQueuedPublications()
    folder = mkdtempSync(join(tmpdir(), 'mcn-submit-'))
    const restore = setEnv('DRIVE_ROOT', folder)
    Transfers.reset()
    return () => {
      uploads.restore()
      restore()
      Transfers.reset()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('an upload to two platforms is written, queued, published and read back', async ({
    client,
    assert,
  }) => {
    const creator = await creatorWithAccounts(['bilibili', 'xigua'])
    const video = await sendFile(client, given.staff, tinyMp4(40), { name: 'walk.mp4' })
    const thumbnail = await sendFile(client, given.staff, await tinyPng(), { name: 'cover.png' })
    // three hours ahead: Xigua (2 h lead) holds it, Bilibili (4 h) publishes at once
    const booked = DateTime.utc().plus({ hours: 3 }).startOf('minute')

    const response = await client
      .post('/api/video/upload')
      .json(submission(creator.id, video, thumbnail, { scheduled_at: booked.toISO() }))
      .loginAs(given.staff)
    response.assertStatus(200)
    const task = response.body().data.task
    assert.equal(task.status, 'running')
    assert.equal(task.video.duration_s, 40)
    assert.equal(task.thumbnail.mime, 'image/png')
    const schedules = Object.fromEntries(
      task.publications.map((row: any) => [row.platform, [row.status, row.schedule]])
    )
    assert.deepEqual(schedules, {
      bilibili: ['requesting', 'immediate'],
      xigua: ['requesting', 'platform'],
    })
    const queued = await queuedPublications()
    assert.sameMembers(
      queued.map((job) => job.publicationId),
      task.publications.map((row: any) => row.id)
    )

    const bilibili = fakeUploads('bilibili')
    const xigua = fakeUploads('xigua')
    for (const publication of task.publications) {
      assert.equal(await PublicationRunner.run(publication.id), 'success')
    }
    assert.lengthOf([...bilibili.requests[0].title], 30)
    assert.isNull(bilibili.requests[0].scheduledAt)
    assert.equal(xigua.requests[0].title, TITLE)
    assert.equal(DateTime.fromISO(xigua.requests[0].scheduledAt!).toMillis(), booked.toMillis())
    assert.deepEqual(bilibili.requests[0].tags, ['studio', 'vlog'])
    assert.equal(bilibili.requests[0].category, '160')
    assert.equal(bilibili.requests[0].video.durationS, 40)
    assert.equal(bilibili.requests[0].video.path, join(folder, 'uploads/transfers', video))

    const polled = await client.get(`/api/uploads/${task.id}`).loginAs(given.staff)
    polled.assertStatus(200)
    assert.equal(polled.body().data.status, 'success')
    assert.deepEqual(
      polled.body().data.publications.map((row: any) => [row.platform, row.status, row.progress]),
      [
        ['bilibili', 'success', 1],
        ['xigua', 'success', 1],
      ]
    )
    assert.isTrue(polled.body().data.publications[1].scheduled)

    const records = await client.get('/api/video/upload_record').loginAs(given.staff)
    records.assertStatus(200)
    assert.equal(records.header('x-total-count'), '1')
    assert.deepEqual(
      records.body().data.items.map((row: any) => row.id),
      [task.id]
    )
    const ofCreator = await client
      .get('/api/video/creator_upload_list')
      .qs({ creator_id: creator.id })
      .loginAs(given.staff)
    assert.equal(ofCreator.header('x-total-count'), '1')
    const stats = await client
      .get('/api/creator/v2/uploads')
      .qs({ creator_id: creator.id })
      .loginAs(given.staff)
    stats.assertStatus(200)
    // the Xigua video waits for its time on the platform: only Bilibili's is in the video tables
    assert.deepEqual(stats.body().data, {
      total_uploads: 1,
      uploads_last_7_days: 1,
      deleted_videos: 0,
      average_views: 0,
      published_videos: 1,
    })
  })

  test('the same submission sent twice, at once or again later, writes one task and queues it once', async ({
    client,
    assert,
  }) => {
    const creator = await creatorWithAccounts(['bilibili', 'xigua'])
    const video = await sendFile(client, given.staff, tinyMp4(40), { name: 'walk.mp4' })
    const thumbnail = await sendFile(client, given.staff, await tinyPng(), { name: 'cover.png' })
    const body = { ...submission(creator.id, video, thumbnail), request_key: 'launch-7f3a9c21' }

    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post('/api/video/upload').json(body).loginAs(given.staff))
    )
    for (const answer of answers) answer.assertStatus(200)
    const ids = answers.map((answer) => answer.body().data.task.id)
    assert.lengthOf(new Set(ids), 1)
    const again = await client.post('/api/video/upload').json(body).loginAs(given.staff)
    again.assertStatus(200)
    assert.equal(again.body().data.task.id, ids[0])
    assert.lengthOf(again.body().data.task.publications, 2)

    const tasks = await UploadTask.query().where('creator_id', creator.id).preload('publications')
    assert.lengthOf(tasks, 1)
    assert.lengthOf(tasks[0].publications, 2)
    assert.notProperty(tasks[0].form, 'request_key')
    const queued = await queuedPublications()
    assert.sameMembers(
      queued.map((job) => job.publicationId),
      tasks[0].publications.map((row) => row.id)
    )

    // another launch of the same files (a new key) is a new upload
    const another = await client
      .post('/api/video/upload')
      .json({ ...body, request_key: 'launch-0b91d4e6' })
      .loginAs(given.staff)
    another.assertStatus(200)
    assert.notEqual(another.body().data.task.id, ids[0])
    const malformed = await client
      .post('/api/video/upload')
      .json({ ...body, request_key: 'no spaces!' })
      .header('lang', 'kr')
      .loginAs(given.staff)
    malformed.assertStatus(422)
    assert.equal(malformed.body().errors[0].field, 'request_key')
  })

  test('a creator account sees its own uploads only; a company none', async ({
    client,
    assert,
  }) => {
    const owner = await UserFactory.apply('creator').create()
    const stranger = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const creator = await creatorWithAccounts(['bilibili'])
    await creator.merge({ userId: owner.id }).save()
    const { UploadTaskFactory } = await import('#database/factories/upload_factory')
    const task = await UploadTaskFactory.merge({
      creatorId: creator.id,
      userId: given.staff.id,
    }).create()

    const mine = await client.get(`/api/uploads/${task.id}`).loginAs(owner)
    mine.assertStatus(200)
    const listed = await client.get('/api/video/upload_record').loginAs(owner)
    assert.equal(listed.header('x-total-count'), '1')
    const other = await client.get(`/api/uploads/${task.id}`).loginAs(stranger)
    other.assertStatus(404)
    const none = await client.get('/api/video/upload_record').loginAs(stranger)
    assert.equal(none.header('x-total-count'), '0')
    const refused = await client.get('/api/video/upload_record').loginAs(company)
    refused.assertStatus(403)
    const submit = await client.post('/api/video/upload').json({}).loginAs(owner)
    submit.assertStatus(403)
  })

  test('unfinished, foreign or wrong files and broken rules are refused, and nothing is written', async ({
    client,
    assert,
  }) => {
    const creator = await creatorWithAccounts(['bilibili'])
    const video = await sendFile(client, given.staff, tinyMp4(40))
    const thumbnail = await sendFile(client, given.staff, await tinyPng())
    const half = await sendFile(client, given.staff, tinyMp4(40), { sendBytes: 100 })
    const other = await userWithCode('staff', null)
    const theirs = await sendFile(client, other, tinyMp4(40))
    const text = await sendFile(client, given.staff, Buffer.from('not an image at all'))
    const post = (body: Record<string, unknown>) =>
      client.post('/api/video/upload').json(body).loginAs(given.staff)

    const noPlatform = await post(submission(creator.id, video, thumbnail, { platforms: [] }))
    noPlatform.assertStatus(422)
    assert.include(
      noPlatform.body().errors.map((row: any) => row.field),
      'platforms'
    )
    const unfinished = await post(submission(creator.id, half, thumbnail))
    unfinished.assertStatus(422)
    assert.equal(unfinished.body().data.kind, 'video')
    const foreign = await post(submission(creator.id, theirs, thumbnail))
    foreign.assertStatus(422)
    const notImage = await post(submission(creator.id, video, text, { platforms: ['bilibili'] }))
    notImage.assertStatus(422)
    assert.equal(notImage.body().data.kind, 'thumbnail')
    const noAccount = await post(submission(creator.id, video, thumbnail))
    noAccount.assertStatus(422)
    assert.equal(noAccount.body().data.platform, 'xigua')
    const noBilibiliCategory = await post(
      submission(creator.id, video, thumbnail, { platforms: ['bilibili'], category: null })
    )
    noBilibiliCategory.assertStatus(422)

    assert.equal(await rowCount('upload_tasks'), 0)
    assert.equal(await rowCount('upload_publications'), 0)
    assert.lengthOf(await queuedPublications(), 0)
  })

  test('a publication that cannot be written leaves no task and queues nothing', async ({
    client,
    assert,
  }) => {
    // a trigger refuses the second publication (SQLite's syntax)
    if (db.primaryConnectionName !== 'sqlite') return
    const creator = await creatorWithAccounts(['bilibili', 'xigua'])
    const video = await sendFile(client, given.staff, tinyMp4(40))
    const thumbnail = await sendFile(client, given.staff, await tinyPng())
    await db.rawQuery(
      `CREATE TRIGGER refuse_xigua BEFORE INSERT ON upload_publications
       WHEN NEW.platform = 'xigua' BEGIN SELECT RAISE(ABORT, 'refused'); END`
    )
    const response = await client
      .post('/api/video/upload')
      .json(submission(creator.id, video, thumbnail))
      .loginAs(given.staff)
    assert.equal(response.status(), 500)
    assert.equal(await rowCount('upload_tasks'), 0)
    assert.equal(await rowCount('upload_publications'), 0)
    assert.lengthOf(await queuedPublications(), 0)
  })
})
