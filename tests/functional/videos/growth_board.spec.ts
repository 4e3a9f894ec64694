import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import AlertScanService from '#services/alerts/alert_scan_service'
import AlertRulesService from '#services/alerts/alert_rules_service'
import GrowthMedians from '#services/videos/growth/growth_medians'
import GrowthRunner from '#services/videos/growth/growth_runner'
import GrowthWindows from '#services/videos/growth/growth_windows'
import { UserFactory } from '#database/factories/user_factory'
import { VIDEO_METRICS } from '#shared/videos'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import {
  creatorWithHistory,
  growthAdapter,
  loseQueuedMeasurements,
  videoOf,
} from '#tests/helpers/growth'

const NOW = DateTime.utc().startOf('hour')
import { userWithCode } from '#tests/helpers/users'

test.group('videos / creator medians, flags and video alerts', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(async () => {
    platforms.restore()
    await loseQueuedMeasurements()
  })

  test('the median of each counter at each window over the previous videos, with their number', async ({
    assert,
  }) => {
    const { surge, under, earlier } = await creatorWithHistory()
    const medians = await GrowthMedians.of([surge, under, earlier[0]])
    const at = (videoId: number, hours: number) =>
      medians.get(videoId)!.find((row) => row.window_hours === hours)!

    assert.deepInclude(at(surge.id, 24), { views: 250, videos: 4 })
    assert.deepInclude(at(surge.id, 6), { views: 20, videos: 3 })
    assert.deepInclude(at(surge.id, 48), { views: 500, videos: 4 })
    // likes follow the helper's views / 10, rounded per video: 10, 30, 20, 100 → 25
    assert.equal(at(surge.id, 24).likes, 25)
    assert.deepInclude(at(under.id, 24), { views: 300, videos: 5 })
    assert.deepInclude(at(under.id, 12), { views: 125, videos: 4 })
    // the first video has nothing before it
    assert.deepInclude(at(earlier[0].id, 24), { views: null, videos: 0 })

    const rules = { videoSurgeMultiplier: 5, videoUnderRatio: 0.2 }
    const flags = GrowthMedians.flags(
      [
        { window_hours: 6, status: 'taken', views: 200 },
        { window_hours: 24, status: 'late', views: 1300 },
        { window_hours: 48, status: 'pending', views: null },
      ],
      medians.get(surge.id)!,
      rules
    )
    assert.deepEqual(flags, [
      {
        window_hours: 6,
        metric: 'views',
        flag: 'out',
        value: 200,
        median: 20,
        ratio: 10,
        videos: 3,
      },
      {
        window_hours: 24,
        metric: 'views',
        flag: 'out',
        value: 1300,
        median: 250,
        ratio: 5.2,
        videos: 4,
      },
    ])
  })

  test('a video at 24 h at 5× its creator’s median raises video_surge, at 0.2× video_under', async ({
    assert,
  }) => {
    await userWithCode('manager', null)
    const { creator, surge, under } = await creatorWithHistory()
    await AlertScanService.scan()
    const alerts = await db
      .from('alerts')
      .whereIn('kind', ['video_surge', 'video_under'])
      .orderBy('kind')
    assert.deepEqual(
      alerts.map((row) => [row.kind, Number(row.creator_id), JSON.parse(row.figures)]),
      [
        [
          'video_surge',
          creator.id,
          {
            video_id: surge.id,
            title: 'Breakout',
            window_hours: 24,
            views: 1300,
            median: 250,
            ratio: 5.2,
            videos: 4,
          },
        ],
        [
          'video_under',
          creator.id,
          {
            video_id: under.id,
            title: 'Quiet one',
            window_hours: 24,
            views: 40,
            median: 300,
            ratio: 0.13,
            videos: 5,
          },
        ],
      ]
    )
    // a second scan adds nothing
    await AlertScanService.scan()
    assert.lengthOf(await db.from('alerts').whereIn('kind', ['video_surge', 'video_under']), 2)
    const notes = await db.from('notifications').where('kind', 'video_alert')
    assert.lengthOf(notes, 2)
  })

  test('a stricter multiplier raises no surge; the rules keep values a client does not send', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await creatorWithHistory()
    const current = await AlertRulesService.get()
    await AlertRulesService.set({ ...current, videoSurgeMultiplier: 6 }, admin.id)
    const withoutVideoRules: Partial<typeof current> = { ...current }
    delete withoutVideoRules.videoSurgeMultiplier
    await AlertRulesService.set(withoutVideoRules, admin.id)
    const stored = await AlertRulesService.get()
    assert.equal(stored.videoSurgeMultiplier, 6)
    await AlertScanService.scan()
    assert.lengthOf(await db.from('alerts').where('kind', 'video_surge'), 0)
    assert.lengthOf(await db.from('alerts').where('kind', 'video_under'), 1)
  })

  test('the 24-hour window measured by its job raises the alert at once', async ({ assert }) => {
    const { creator } = await creatorWithHistory()
    const fresh = await videoOf(creator, NOW.minus({ hours: 24, minutes: 5 }))
    await GrowthWindows.plan([fresh.id], NOW.minus({ hours: 23 }))
    await db
      .from('video_growth_points')
      .where('video_id', fresh.id)
      .whereIn('window_hours', [6, 12])
      .update({ status: 'missed' })
    platforms.fake(
      'bilibili',
      growthAdapter(() => 9000)
    )
    await GrowthRunner.measureVideo(fresh.id, NOW)
    const [alert] = await db.from('alerts').where('dedupe_key', `video-surge:${fresh.id}`)
    assert.exists(alert)
    assert.equal(JSON.parse(alert.figures).views, 9000)
  })
})

test.group('videos / growth API', (group) => {
  setupFunctionalGroup(group)

  test('GET /api/videos/:id/growth answers the points, the median and the flags', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const { surge } = await creatorWithHistory()
    const response = await client.get(`/api/videos/${surge.id}/growth`).loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(Object.keys(body), ['points', 'median', 'flags'])
    assert.deepEqual(
      body.points.map((point: any) => [point.window_hours, point.status, point.views]),
      [
        [6, 'taken', 200],
        [24, 'taken', 1300],
      ]
    )
    assert.sameMembers(Object.keys(body.points[0]), [
      'window_hours',
      'status',
      'due_at',
      'taken_at',
      'age_hours',
      ...VIDEO_METRICS,
    ])
    assert.deepEqual(
      body.median.map((row: any) => [row.window_hours, row.views, row.videos]),
      [
        [6, 20, 3],
        [12, 125, 4],
        [24, 250, 4],
        [48, 500, 4],
        [60, 750, 4],
      ]
    )
    assert.deepEqual(
      body.flags.map((flag: any) => [flag.window_hours, flag.flag]),
      [
        [6, 'out'],
        [24, 'out'],
      ]
    )
  })

  test('the board lists new videos with their growth, filtered by flag and creator', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const { creator, surge, under } = await creatorWithHistory()
    const other = await creatorWithHistory()

    const all = await client.get('/api/growth-board').loginAs(staff)
    all.assertStatus(200)
    assert.equal(all.header('x-total-count'), '4')
    assert.deepEqual(
      all
        .body()
        .map((row: any) => row.id)
        .sort(),
      [surge.id, under.id, other.surge.id, other.under.id].sort()
    )
    assert.property(all.body()[0].growth, 'median')

    const out = await client
      .get('/api/growth-board')
      .qs({ flag: 'out', creator_id: creator.id })
      .loginAs(staff)
    assert.deepEqual(
      out.body().map((row: any) => row.id),
      [surge.id]
    )
    assert.equal(out.header('x-total-count'), '1')
    const olderToo = await client.get('/api/growth-board').qs({ days: 30 }).loginAs(staff)
    assert.equal(olderToo.header('x-total-count'), '12')

    const bad = await client
      .get('/api/growth-board')
      .qs({ days: 0, flag: 'sideways' })
      .header('lang', 'kr')
      .loginAs(staff)
    bad.assertStatus(422)
    assert.lengthOf(bad.body().errors, 2)
  })

  test('a creator account sees only its own videos’ growth; a company none', async ({
    client,
    assert,
  }) => {
    const owner = await userWithCode('creator', null)
    const company = await userWithCode('company', null)
    const mine = await creatorWithHistory({ userId: owner.id })
    const theirs = await creatorWithHistory()

    const own = await client.get(`/api/videos/${mine.surge.id}/growth`).loginAs(owner)
    own.assertStatus(200)
    const foreign = await client.get(`/api/videos/${theirs.surge.id}/growth`).loginAs(owner)
    foreign.assertStatus(404)
    const board = await client.get('/api/growth-board').loginAs(owner)
    board.assertStatus(200)
    assert.sameMembers(
      board.body().map((row: any) => row.id),
      [mine.surge.id, mine.under.id]
    )
    const refused = await client.get(`/api/videos/${mine.surge.id}/growth`).loginAs(company)
    refused.assertStatus(403)
    const refusedBoard = await client.get('/api/growth-board').loginAs(company)
    refusedBoard.assertStatus(403)
  })
})
