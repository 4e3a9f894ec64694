import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import OutsideCreator from '#models/outside_creator'
import OutsideCrawlService, { CrawlInHand, nextVideoRun } from '#services/outside/crawl_service'
import { LEASE_OWNER } from '#support/lease'
import { sqlDateTime } from '#support/sql'
import { utcOf } from '#support/dates'
import {
  OutsideCrawlRunFactory,
  OutsideCreatorFactory,
  OutsideCreatorSnapshotFactory,
  OutsideVideoFactory,
  OutsideVideoPointFactory,
} from '#database/factories/outside_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeClock } from '#tests/helpers/growth'
import { crawlAdapter, quickRetries, runsOf, videoOf } from '#tests/helpers/outside_crawl'

/** 13:00 in Seoul, the studio's zone: the factory's daily slot. */
const SLOT = DateTime.fromISO('2026-12-07T13:00:00', { zone: 'Asia/Seoul' }).toUTC()

async function dueCreator(overrides: Partial<OutsideCreator> = {}) {
  return OutsideCreatorFactory.merge({ nextRunAt: SLOT, nextSlotAt: SLOT, ...overrides }).create()
}

test.group('outside crawl: one creator', (group) => {
  setupFunctionalGroup(group)
  let clock: ReturnType<typeof fakeClock>
  group.each.setup(() => {
    clock = fakeClock(SLOT.plus({ seconds: 30 }))
    const restoreRetries = quickRetries()
    return () => {
      clock.restore()
      restoreRetries()
      platforms.restore()
    }
  })

  test('a due crawl writes its run, the day snapshot, the figures, the growth and the next slot', async ({
    assert,
  }) => {
    const task = await dueCreator({ fans: 40_000 })
    // eight days ago it had 41,000 fans; yesterday's snapshot is within the week
    await OutsideCreatorSnapshotFactory.merge({
      outsideCreatorId: task.id,
      snapshotDate: '2026-11-29',
      fans: 41_000,
    }).create()
    await OutsideCreatorSnapshotFactory.merge({
      outsideCreatorId: task.id,
      snapshotDate: '2026-12-06',
      fans: 44_000,
    }).create()
    platforms.fake('bilibili', crawlAdapter({ fans: () => 45_500 }))

    const run = await OutsideCrawlService.crawlCreator(task.id, 'schedule')
    assert.equal(run?.status, 'succeeded')
    const [history] = await runsOf(task.id)
    assert.equal(history.trigger, 'schedule')
    assert.equal(history.status, 'succeeded')
    assert.equal(history.slotAt?.toUTC().toISO(), SLOT.toISO())
    assert.equal(history.fans, 45_500)
    assert.isNull(history.errorCode)
    assert.isAtLeast(history.durationMs!, 0)
    assert.isNotNull(history.finishedAt)

    await task.refresh()
    assert.equal(task.fans, 45_500)
    assert.equal(task.views, 45_500 * 60)
    assert.equal(task.fansGrowth7d, 45_500 - 41_000)
    assert.equal(task.lastStatus, 'succeeded')
    assert.isNull(task.leaseOwner)
    assert.equal(task.nextRunAt?.toUTC().toISO(), SLOT.plus({ days: 1 }).toISO())
    assert.equal(task.nextSlotAt?.toUTC().toISO(), SLOT.plus({ days: 1 }).toISO())

    const snapshots = await db
      .from('outside_creator_snapshots')
      .where('outside_creator_id', task.id)
      .where('snapshot_date', '2026-12-07')
    assert.lengthOf(snapshots, 1)
    assert.equal(Number(snapshots[0].fans), 45_500)

    // a manual crawl the same day updates that day's snapshot and leaves the schedule
    clock.set(SLOT.plus({ hours: 2 }))
    platforms.fake('bilibili', crawlAdapter({ fans: () => 45_800 }))
    const manual = await OutsideCrawlService.crawlNow(task.id)
    assert.equal(manual.trigger, 'manual')
    const again = await db.from('outside_creator_snapshots').where('outside_creator_id', task.id)
    assert.lengthOf(again, 3)
    const today = await db
      .from('outside_creator_snapshots')
      .where('outside_creator_id', task.id)
      .where('snapshot_date', '2026-12-07')
      .first()
    assert.equal(Number(today.fans), 45_800)
    await task.refresh()
    assert.equal(task.nextRunAt?.toUTC().toISO(), SLOT.plus({ days: 1 }).toISO())
  })

  test('auto video crawl upserts the first pages of uploads with a point per video and crawl', async ({
    assert,
  }) => {
    const task = await dueCreator({ autoVideoCrawl: true })
    const published = SLOT.minus({ hours: 6 })
    const uploads = (views: number) =>
      Array.from({ length: 25 }, (_, i) => videoOf(`BV1up${i}`, views + i, published))
    platforms.fake('bilibili', crawlAdapter({ uploads: () => uploads(1_000) }))

    const first = await OutsideCrawlService.crawlCreator(task.id, 'schedule')
    assert.equal(first?.videosRead, 25)
    const videos = await db.from('outside_videos').where('outside_creator_id', task.id)
    assert.lengthOf(videos, 25)
    assert.isTrue(videos.every((video) => video.origin === 'creator'))
    const points = await db.from('outside_video_points').whereIn(
      'outside_video_id',
      videos.map((video) => video.id)
    )
    assert.lengthOf(points, 25)
    assert.closeTo(Number(points[0].age_hours), 6.01, 0.02)

    // the next day: the same videos, new counters, a second point each
    clock.set(SLOT.plus({ days: 1, seconds: 10 }))
    platforms.fake('bilibili', crawlAdapter({ uploads: () => uploads(5_000) }))
    await OutsideCrawlService.crawlCreator(task.id, 'schedule')
    const after = await db.from('outside_videos').where('outside_creator_id', task.id)
    assert.lengthOf(after, 25)
    assert.equal(Number(after.find((video) => video.platform_video_id === 'BV1up3')?.views), 5_003)
    const morePoints = await db.from('outside_video_points').whereIn(
      'outside_video_id',
      videos.map((video) => video.id)
    )
    assert.lengthOf(morePoints, 50)
  })

  test('a platform that needs a login fails with the reason, and the task keeps its schedule', async ({
    assert,
  }) => {
    const task = await dueCreator({ platform: 'xiaohongshu' })
    platforms.fake('xiaohongshu', crawlAdapter({ fail: 'auth' }))
    const run = await OutsideCrawlService.crawlCreator(task.id, 'schedule')
    assert.equal(run?.status, 'failed')
    const [history] = await runsOf(task.id)
    assert.equal(history.errorCode, 'auth')
    assert.include(history.errorMessage!, 'no login for creators it does not manage')
    await task.refresh()
    assert.equal(task.lastStatus, 'failed')
    assert.equal(task.nextRunAt?.toUTC().toISO(), SLOT.plus({ days: 1 }).toISO())
  })

  test('a stopped or not yet due task is not crawled by the schedule', async ({ assert }) => {
    const stopped = await dueCreator({ state: 'stopped' })
    const later = await dueCreator({ nextRunAt: SLOT.plus({ hours: 1 }) })
    const adapter = crawlAdapter()
    platforms.fake('bilibili', adapter)
    assert.isNull(await OutsideCrawlService.crawlCreator(stopped.id, 'schedule'))
    assert.isNull(await OutsideCrawlService.crawlCreator(later.id, 'schedule'))
    assert.deepEqual(adapter.reads, [])
    assert.lengthOf(await runsOf(stopped.id), 0)
  })

  test('a slot missed by hours follows its replay strategy: skip moves on, late runs once', async ({
    assert,
  }) => {
    clock.set(SLOT.plus({ hours: 3 }))
    const adapter = crawlAdapter()
    platforms.fake('bilibili', adapter)
    const skipping = await dueCreator({ replayStrategy: 'skip' })
    assert.isNull(await OutsideCrawlService.crawlCreator(skipping.id, 'schedule'))
    await skipping.refresh()
    assert.equal(skipping.nextRunAt?.toUTC().toISO(), SLOT.plus({ days: 1 }).toISO())
    assert.isNull(skipping.leaseOwner)

    const late = await dueCreator({ replayStrategy: 'late' })
    const run = await OutsideCrawlService.crawlCreator(late.id, 'schedule')
    assert.equal(run?.trigger, 'late')
    assert.equal(run?.slotAt?.toUTC().toISO(), SLOT.toISO())
    assert.deepEqual(adapter.reads, [`channel:${late.uid}`])
  })

  test('crawl now answers CrawlInHand (409) while another live worker holds the task', async ({
    assert,
  }) => {
    const task = await dueCreator()
    platforms.fake('bilibili', crawlAdapter())
    // another process, alive (its heartbeat is fresh)
    await db
      .from('outside_creators')
      .where('id', task.id)
      .update({ lease_owner: 'other-host:1:1', heartbeat_at: sqlDateTime(DateTime.utc()) })
    const error = await OutsideCrawlService.crawlNow(task.id).catch((failure) => failure)
    assert.instanceOf(error, CrawlInHand)
    assert.equal(error.status, 409)
    assert.lengthOf(await runsOf(task.id), 0)
  })

  test('a lapsed lease is taken over: the dead worker’s run is closed as abandoned', async ({
    assert,
  }) => {
    const task = await dueCreator()
    await OutsideCrawlRunFactory.merge({
      outsideCreatorId: task.id,
      status: 'running',
      finishedAt: null,
      durationMs: null,
    }).create()
    await db
      .from('outside_creators')
      .where('id', task.id)
      .update({
        lease_owner: 'other-host:1:1',
        heartbeat_at: sqlDateTime(DateTime.utc().minus({ minutes: 5 })),
      })
    platforms.fake('bilibili', crawlAdapter())
    const run = await OutsideCrawlService.crawlCreator(task.id, 'schedule')
    assert.equal(run?.status, 'succeeded')
    const history = await runsOf(task.id)
    assert.deepEqual(
      history.map((row) => [row.status, row.errorCode]),
      [
        ['failed', 'abandoned'],
        ['succeeded', null],
      ]
    )
    await task.refresh()
    assert.notEqual(task.leaseOwner, LEASE_OWNER)
  })

  test('a video tracked by link is read by id, gets a point, and is due again near its next window', async ({
    assert,
  }) => {
    const published = SLOT.minus({ hours: 5 })
    const video = await OutsideVideoFactory.merge({ publishedAt: published, nextRunAt: SLOT })
      .with('points', 1, (point) => point.merge({ takenAt: SLOT.minus({ hours: 2 }), ageHours: 3 }))
      .create()
    const adapter = crawlAdapter({ byId: (ids) => ids.map((id) => videoOf(id, 7_777, published)) })
    platforms.fake('bilibili', adapter)
    const run = await OutsideCrawlService.crawlVideo(Number(video.id), 'schedule')
    assert.equal(run?.status, 'succeeded')
    assert.deepEqual(adapter.reads, [`byId:${video.platformVideoId}`])
    await video.refresh()
    assert.equal(video.views, 7_777)
    // five hours after upload: the 6 h window's mark comes before the 6-hourly read
    assert.equal(video.nextRunAt?.toUTC().toISO(), published.plus({ hours: 6 }).toUTC().toISO())
    assert.equal(
      nextVideoRun(published, published.plus({ hours: 61 })).toISO(),
      published.plus({ hours: 67 }).toISO()
    )
    const points = await db.from('outside_video_points').where('outside_video_id', video.id)
    assert.lengthOf(points, 2)
    const newest = points.sort(
      (a, b) => utcOf(b.taken_at)!.toMillis() - utcOf(a.taken_at)!.toMillis()
    )[0]
    assert.equal(Number(newest.views), 7_777)
    assert.closeTo(Number(newest.age_hours), 5.01, 0.02)

    const manual = await OutsideCrawlService.crawlVideoNow(Number(video.id))
    assert.equal(manual.trigger, 'manual')
    assert.equal(manual.outsideVideoId, Number(video.id))
  })

  test('the factories write each outside row with its relations', async ({ assert }) => {
    const creator = await OutsideCreatorFactory.with('runs', 2)
      .with('snapshots', 1)
      .with('outsideVideos', 1, (video) => video.merge({ origin: 'creator' }).with('points', 2))
      .create()
    const point = await OutsideVideoPointFactory.merge({
      outsideVideoId: Number(creator.outsideVideos[0].id),
    }).create()
    assert.lengthOf(creator.runs, 2)
    assert.lengthOf(creator.snapshots, 1)
    assert.equal(creator.outsideVideos[0].outsideCreatorId, creator.id)
    assert.isAbove(Number(point.id), 0)
  })
})
