import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Alert from '#models/alert'
import UploadTask from '#models/upload_task'
import DemoUploadsSeeder from '#database/seeders/10_demo_uploads_seeder'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { VideoFactory } from '#database/factories/video_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'

/**
 * The demo's upload history: the newest videos of the station's platforms
 * as the staff's uploads, each published and linked to its video, every
 * fifth also failed on another platform of its creator (a partial upload
 * on the alert dashboard), dated when it happened; the station's stats
 * read them; a second run writes nothing.
 */
test.group('uploads / demo history', (group) => {
  setupFunctionalGroup(group)

  test('the newest station-platform videos become finished uploads; stats and alerts follow', async ({
    client,
    assert,
  }) => {
    const uploader = await UserFactory.merge({
      email: 'staff.cp1@mcn.local',
      role: 'staff',
    }).create()
    const creator = await CreatorFactory.merge({ contractStatus: 'valid' }).create()
    const bilibili = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'bilibili',
    }).create()
    const xigua = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'xigua',
    }).create()
    const youtube = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'youtube',
    }).create()
    const now = DateTime.utc().startOf('minute')
    // published 1, 3, 5, 7 and 9 days and an hour ago: none on the edge of the stats' last
    // 7 days (one published exactly 7 days before the minute began counted when the stats
    // were read within that minute's first second)
    const publishedAt = (n: number) => now.minus({ days: n * 2 + 1, hours: 1 })
    for (let n = 0; n < 5; n++) {
      await VideoFactory.merge({
        accountId: bilibili.id,
        creatorId: creator.id,
        platform: 'bilibili',
        views: 1000 * (n + 1),
        publishedAt: publishedAt(n),
        deletedOn: n === 0 ? now.toISODate() : null,
      }).create()
    }
    await VideoFactory.merge({
      accountId: youtube.id,
      creatorId: creator.id,
      platform: 'youtube',
      publishedAt: now.minus({ hours: 3 }),
    }).create()

    assert.equal(await DemoUploadsSeeder.seed(), 5)
    const tasks = await UploadTask.query()
      .preload('publications', (query) => query.orderBy('id'))
      .orderBy('created_at', 'desc')
    assert.lengthOf(tasks, 5)
    assert.isTrue(tasks.every((task) => task.userId === uploader.id))
    // the youtube video is not a station upload; the fifth newest also went to Xigua and failed
    assert.deepEqual(
      tasks.map((task) => task.status),
      ['success', 'success', 'success', 'success', 'partial']
    )
    const partial = tasks[4]
    assert.deepEqual(
      partial.publications.map((row) => [row.platform, row.status, row.accountId]),
      [
        ['bilibili', 'success', bilibili.id],
        ['xigua', 'failure', xigua.id],
      ]
    )
    assert.equal(partial.publications[1].errorCode, 'auth_expired')
    assert.isTrue(tasks.every((task) => task.publications[0].videoId !== null))
    // dated when it happened: the oldest was sent nine days ago
    assert.equal(partial.createdAt.toISODate(), publishedAt(4).toISODate())
    const alert = await Alert.findByOrFail('dedupe_key', `upload_failed:${partial.id}`)
    assert.equal(alert.day, publishedAt(4).toISODate())
    assert.equal(alert.status, 'resolved')

    const stats = await client
      .get('/api/creator/v2/uploads')
      .qs({ creator_id: creator.id })
      .loginAs(uploader)
    stats.assertStatus(200)
    assert.deepEqual(stats.body().data, {
      total_uploads: 5,
      uploads_last_7_days: 3,
      deleted_videos: 1,
      average_views: 3000,
      published_videos: 5,
    })

    assert.equal(await DemoUploadsSeeder.seed(), 0)
    assert.lengthOf(await UploadTask.all(), 5)
  })
})
