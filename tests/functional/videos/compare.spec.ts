import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { VideoGrowthPointFactory, VideoSnapshotFactory } from '#database/factories/video_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, seedVideoDataset, videoOf } from '#tests/helpers/videos'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'
import Caches from '#services/caches'

test.group('videos / detail and compare', (group) => {
  setupFunctionalGroup(group)

  test('videos line up by hours since upload, daily points and growth windows', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    const upload = DateTime.fromISO('2026-05-01T00:00:00Z')
    const a = await videoOf(account, { title: 'A', publishedAt: upload })
    const b = await videoOf(account, { title: 'B', publishedAt: upload.plus({ days: 3 }) })
    // A: read 24 h and 48 h after upload, and its 6-hour window taken late at 7.5 h
    for (const [hours, views] of [
      [24, 1_000],
      [48, 1_800],
    ]) {
      const at = upload.plus({ hours })
      await VideoSnapshotFactory.merge({
        videoId: a.id,
        creatorId: a.creatorId,
        snapshotDate: at.toISODate()!,
        collectedAt: at,
        views,
      }).create()
    }
    await VideoGrowthPointFactory.merge({
      videoId: a.id,
      creatorId: a.creatorId,
      windowHours: 6,
      dueAt: upload.plus({ hours: 6 }),
      status: 'late',
      takenAt: upload.plus({ hours: 7.5 }),
      ageHours: 7.5,
      views: 300,
    }).create()
    // B: read 12 h after its upload only
    const bAt = upload.plus({ days: 3, hours: 12 })
    await VideoSnapshotFactory.merge({
      videoId: b.id,
      creatorId: b.creatorId,
      snapshotDate: bAt.toISODate()!,
      collectedAt: bAt,
      views: 700,
    }).create()

    const response = await client.get(`/api/videos/compare?ids=${a.id},${b.id}`).loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(
      body.videos[0].points.map((point: { age_hours: number; kind: string }) => [
        point.age_hours,
        point.kind,
      ]),
      [
        [7.5, 'window'],
        [24, 'daily'],
        [48, 'daily'],
      ]
    )
    const at = (hours: number) =>
      body.table
        .find((row: { hours: number }) => row.hours === hours)
        .values.map((value: { views: number } | null) => value?.views ?? null)
    assert.deepEqual(at(6), [null, null])
    assert.deepEqual(at(12), [300, 700])
    assert.deepEqual(at(24), [1_000, null])
    assert.deepEqual(at(48), [1_800, null])
    assert.deepEqual(at(60), [null, null])

    const detail = await client.get(`/api/video/detailData?id=${a.id}`).loginAs(staff)
    detail.assertStatus(200)
    assert.equal(detail.body().data.video.title, 'A')
    assert.deepEqual(
      detail.body().data.series.map((point: { age_hours: number }) => point.age_hours),
      [24, 48]
    )
    // kept per data version: a new reading shows once the writer clears the caches
    await VideoSnapshotFactory.merge({
      videoId: a.id,
      creatorId: a.creatorId,
      snapshotDate: upload.plus({ hours: 72 }).toISODate()!,
      collectedAt: upload.plus({ hours: 72 }),
      views: 2_400,
    }).create()
    const cached = await client.get(`/api/videos/${a.id}`).loginAs(staff)
    assert.lengthOf(cached.body().series, 2)
    Caches.clear('videos', 'growthAnswers')
    const fresh = await client.get(`/api/videos/${a.id}`).loginAs(staff)
    assert.deepEqual(
      fresh.body().series.map((point: { views: number }) => point.views),
      [1_000, 1_800, 2_400]
    )

    const download = await client
      .get(`/api/videos/compare/export?ids=${a.id},${b.id}`)
      .loginAs(staff)
      .header('lang', 'ch')
    download.assertStatus(200)
    const workbook = await loadWorkbook(download.body())
    const table = rowsOf(workbook.getWorksheet('Compare')!)
    assert.deepEqual(table[0], ['上传后小时数', 'A', 'B'])
    assert.deepEqual(table[2], [12, 300, 700])
    assert.lengthOf(rowsOf(workbook.getWorksheet('Points')!), 6)
  })

  test('at most five videos, visible ones only, and ids checked', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { videoIds } = await seedVideoDataset({ creators: 2, videosPerAccount: 4, days: 3 })
    const five = await client
      .get(`/api/videos/compare?ids=${videoIds.slice(0, 5).join(',')}`)
      .loginAs(staff)
    five.assertStatus(200)
    assert.lengthOf(five.body().videos, 5)
    const six = await client
      .get(`/api/videos/compare?ids=${videoIds.slice(0, 6).join(',')}`)
      .loginAs(staff)
      .header('lang', 'kr')
    six.assertStatus(422)
    assert.equal(six.body().errors[0].message, '한 번에 최대 5개 영상까지 비교할 수 있습니다.')
    const bad = await client.get('/api/videos/compare?ids=a,b').loginAs(staff)
    bad.assertStatus(422)
    const none = await client.get('/api/videos/compare').loginAs(staff)
    none.assertStatus(422)

    const creatorUser = await UserFactory.apply('creator').create()
    const own = await creatorWithAccount('bilibili', { userId: creatorUser.id })
    const mine = await videoOf(own.account)
    const mixed = await client
      .get(`/api/videos/compare?ids=${mine.id},${videoIds[0]}`)
      .loginAs(creatorUser)
      .header('lang', 'jp')
    mixed.assertStatus(404)
    assert.include(mixed.body().message, '閲覧権限')
    const alone = await client.get(`/api/videos/compare?ids=${mine.id}`).loginAs(creatorUser)
    alone.assertStatus(200)
    const company = await UserFactory.apply('company').create()
    await client
      .get(`/api/videos/compare?ids=${mine.id}`)
      .loginAs(company)
      .then((response) => response.assertStatus(403))
  })
})
