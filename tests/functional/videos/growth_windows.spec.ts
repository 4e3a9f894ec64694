import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import GrowthMeasure from '#services/videos/growth/growth_measure'
import GrowthRunner from '#services/videos/growth/growth_runner'
import GrowthSweep from '#services/videos/growth/growth_sweep'
import GrowthWindows from '#services/videos/growth/growth_windows'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { blocked412 } from '#tests/helpers/breaker'
import {
  creatorWithAccount,
  fakeClock,
  growthAdapter,
  loseQueuedMeasurements,
  pointsOf,
  queuedMeasurements,
  videoOf,
} from '#tests/helpers/growth'

async function statusesOf(videoId: number) {
  const points = await pointsOf(videoId)
  return points.map((point) => point.status)
}

async function statusAt(videoId: number, window: number) {
  const points = await pointsOf(videoId)
  return points.find((point) => point.window === window)?.status
}

async function queuedVideoIds() {
  const queued = await queuedMeasurements()
  return queued.map((job) => job.videoId)
}

/** Upload time of the test videos: a round moment, so that ages read as whole hours. */
const T0 = DateTime.utc().startOf('hour').minus({ days: 1 })
/** Views grow by 1,000 an hour after upload. */
const hourly = (published: DateTime) => (_id: string, at: DateTime) =>
  Math.round(at.diff(published, 'hours').hours * 1000)

test.group('videos / growth-hacking windows', (group) => {
  setupFunctionalGroup(group)
  let clock: ReturnType<typeof fakeClock>
  group.each.setup(() => {
    clock = fakeClock(T0.plus({ hours: 1 }))
    const retry = { ...GrowthMeasure.retry }
    GrowthMeasure.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 }
    return async () => {
      clock.restore()
      GrowthMeasure.retry = retry
      platforms.restore()
      await loseQueuedMeasurements()
    }
  })

  test('a video first seen an hour after upload gets its five windows, each measured at its hour', async ({
    assert,
  }) => {
    const { creator } = await creatorWithAccount()
    const video = await videoOf(creator, T0)
    platforms.fake('bilibili', growthAdapter(hourly(T0)))

    await emitter.emit('video:first_seen', { videoIds: [video.id] })
    const planned = await pointsOf(video.id)
    assert.deepEqual(
      planned.map((point) => [point.window, point.status, point.due.toISO()]),
      [6, 12, 24, 48, 60].map((hours) => [hours, 'pending', T0.plus({ hours }).toISO()])
    )
    // one delayed job, carrying only the id, due at the 6-hour window
    let queued = await queuedMeasurements()
    assert.lengthOf(queued, 1)
    assert.equal(queued[0].videoId, video.id)
    assert.isAtMost(Math.abs(queued[0].dueAt.diff(T0.plus({ hours: 6 }), 'seconds').seconds), 2)

    // each window's job runs a minute after it is due, except the 48-hour one (2 h late)
    const runs = [
      [6, 6 * 60 + 1],
      [12, 12 * 60 + 1],
      [24, 24 * 60 + 1],
      [48, 50 * 60],
      [60, 60 * 60 + 1],
    ]
    for (const [window, minutes] of runs) {
      await loseQueuedMeasurements()
      clock.set(T0.plus({ minutes }))
      const result = await GrowthRunner.measureVideo(video.id)
      assert.equal(result.taken + result.late, 1, `window ${window}`)
      queued = await queuedMeasurements()
      const next = [6, 12, 24, 48, 60].find((hours) => hours > window)
      if (next) {
        assert.lengthOf(queued, 1)
        assert.isAtMost(
          Math.abs(queued[0].dueAt.diff(T0.plus({ hours: next }), 'seconds').seconds),
          2
        )
      } else {
        assert.lengthOf(queued, 0, 'nothing queued after the last window')
      }
    }

    const points = await pointsOf(video.id)
    assert.deepEqual(
      points.map((point) => [point.window, point.status, point.age, point.views]),
      [
        [6, 'taken', 6.02, 6017],
        [12, 'taken', 12.02, 12017],
        [24, 'taken', 24.02, 24017],
        [48, 'late', 50, 50000],
        [60, 'taken', 60.02, 60017],
      ]
    )
  })

  test('only videos uploaded within 60 hours get windows; past windows are due at once', async ({
    assert,
  }) => {
    const { creator } = await creatorWithAccount()
    clock.set(T0.plus({ hours: 30 }))
    const recent = await videoOf(creator, T0)
    const old = await videoOf(creator, T0.minus({ hours: 31 }))
    const planned = await GrowthWindows.plan([recent.id, old.id, recent.id])
    assert.deepEqual(planned, [recent.id])
    assert.lengthOf(await pointsOf(old.id), 0)
    assert.lengthOf(await pointsOf(recent.id), 5)
    const queued = await queuedMeasurements()
    assert.lengthOf(queued, 1)
    assert.isAtMost(Math.abs(queued[0].dueAt.diff(clock.now, 'seconds').seconds), 2)
    // planning again (a second instance, a second event) adds nothing
    assert.deepEqual(await GrowthWindows.plan([recent.id]), [])
    assert.lengthOf(await pointsOf(recent.id), 5)

    platforms.fake('bilibili', growthAdapter(hourly(T0)))
    await GrowthRunner.measureVideo(recent.id)
    const points = await pointsOf(recent.id)
    assert.deepEqual(
      points.map((point) => [point.window, point.status, point.age]),
      [
        [6, 'late', 30],
        [12, 'late', 30],
        [24, 'late', 30],
        [48, 'pending', null],
        [60, 'pending', null],
      ]
    )
  })

  test('restart recovery: the jobs are lost, the sweep takes the overdue windows late with their real age', async ({
    assert,
  }) => {
    const { creator } = await creatorWithAccount()
    const video = await videoOf(creator, T0)
    await GrowthWindows.plan([video.id])
    await loseQueuedMeasurements()
    platforms.fake('bilibili', growthAdapter(hourly(T0)))

    // every process was down until 26.5 hours after upload
    clock.set(T0.plus({ minutes: 26 * 60 + 30 }))
    const swept = await GrowthSweep.run()
    assert.equal(swept.late, 3)
    const recovered = await pointsOf(video.id)
    assert.deepEqual(
      recovered.map((point) => [point.window, point.status, point.age, point.views]),
      [
        [6, 'late', 26.5, 26500],
        [12, 'late', 26.5, 26500],
        [24, 'late', 26.5, 26500],
        [48, 'pending', null, null],
        [60, 'pending', null, null],
      ]
    )
    // a window 5 minutes past due is still the delayed job's; 15 minutes past, the sweep takes it on time
    clock.set(T0.plus({ minutes: 48 * 60 + 5 }))
    const early = await GrowthSweep.run()
    assert.equal(early.videos, 0)
    clock.set(T0.plus({ minutes: 48 * 60 + 15 }))
    const next = await GrowthSweep.run()
    assert.equal(next.taken, 1)
    assert.equal(await statusAt(video.id, 48), 'taken')
    // a window pending 48 hours past due is given up
    await db
      .from('video_growth_points')
      .where('video_id', video.id)
      .where('window_hours', 60)
      .update({
        due_at: T0.minus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      })
    clock.set(T0.plus({ hours: 50 }))
    platforms.fake('bilibili', growthAdapter(hourly(T0), { fail: () => new Error('down') }))
    await GrowthSweep.run()
    assert.equal(await statusAt(video.id, 60), 'missed')
  })

  test('two takers at once record a window once', async ({ assert }) => {
    const { creator } = await creatorWithAccount()
    const video = await videoOf(creator, T0)
    await GrowthWindows.plan([video.id])
    const adapter = growthAdapter(hourly(T0))
    platforms.fake('bilibili', adapter)
    clock.set(T0.plus({ minutes: 6 * 60 + 2 }))

    const results = await Promise.all([
      GrowthMeasure.measure([video.id]),
      GrowthMeasure.measure([video.id]),
      GrowthSweep.run(),
    ])
    const recorded = results.reduce(
      (sum, result) => sum + ('recorded' in result ? result.taken + result.late : 0),
      0
    )
    assert.equal(recorded, 1)
    const [point] = await pointsOf(video.id)
    assert.equal(point.status, 'taken')

    // the row itself refuses a second recording
    const [row] = await db
      .from('video_growth_points')
      .where('video_id', video.id)
      .where('window_hours', 6)
    const again = await GrowthMeasure.record(
      { id: Number(row.id), dueAt: T0.plus({ hours: 6 }), publishedAt: T0 },
      { views: 1, likes: 1, comments: 1, favorites: 1, shares: 1, danmaku: 1, coins: 1 },
      'official',
      clock.now
    )
    assert.isNull(again)
    const [first] = await pointsOf(video.id)
    assert.equal(first.views, 6033)
  })

  test('a video the platform no longer has, or one marked deleted, has its windows missed', async ({
    assert,
  }) => {
    const { creator } = await creatorWithAccount()
    const gone = await videoOf(creator, T0)
    const deleted = await videoOf(creator, T0)
    const kept = await videoOf(creator, T0)
    await GrowthWindows.plan([gone.id, deleted.id, kept.id])
    await db.from('videos').where('id', deleted.id).update({ deleted_on: T0.toISODate() })
    const adapter = growthAdapter((id, at) =>
      id === gone.platformVideoId ? null : hourly(T0)(id, at)
    )
    platforms.fake('bilibili', adapter)
    await loseQueuedMeasurements()
    clock.set(T0.plus({ minutes: 6 * 60 + 1 }))

    for (const video of [gone, deleted, kept]) await GrowthRunner.measureVideo(video.id)
    assert.deepEqual(await statusesOf(gone.id), ['missed', 'missed', 'missed', 'missed', 'missed'])
    assert.deepEqual(await statusesOf(deleted.id), [
      'missed',
      'missed',
      'missed',
      'missed',
      'missed',
    ])
    assert.deepEqual(await statusesOf(kept.id), [
      'taken',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    // the deleted one was not asked about
    assert.notInclude(adapter.calls.flat(), deleted.platformVideoId)
    const queued = await queuedVideoIds()
    assert.notInclude(queued, gone.id)
    assert.notInclude(queued, deleted.id)
  })

  test('a paused platform defers the window to the end of the pause', async ({ assert }) => {
    const { creator } = await creatorWithAccount()
    const video = await videoOf(creator, T0)
    await GrowthWindows.plan([video.id])
    await loseQueuedMeasurements()
    platforms.fake('bilibili', growthAdapter(hourly(T0), { fail: () => blocked412() }))
    clock.set(T0.plus({ minutes: 6 * 60 + 1 }))

    const result = await GrowthRunner.measureVideo(video.id)
    assert.isTrue(result.deferred)
    const pause = await db.from('platform_pauses').where('platform', 'bilibili').first()
    assert.exists(pause)
    const queued = await queuedMeasurements()
    assert.lengthOf(queued, 1)
    assert.equal(await statusAt(video.id, 6), 'pending')

    // while paused, the sweep does not ask the platform
    const quiet = growthAdapter(hourly(T0))
    platforms.fake('bilibili', quiet)
    clock.set(T0.plus({ minutes: 6 * 60 + 12 }))
    const swept = await GrowthSweep.run()
    assert.equal(swept.deferred, 1)
    assert.lengthOf(quiet.calls, 0)
  })
})
