import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { modelOf } from '#platforms/simulated_model'
import {
  simulatedVideo,
  simulatedVideoCounters,
  simulatedVideoNumber,
  uploadsAt,
} from '#platforms/simulated_videos'
import VideoBackfillService from '#services/videos/ingest/video_backfill'
import GrowthBackfill from '#services/videos/growth/growth_backfill'
import { GROWTH_WINDOWS } from '#shared/videos'
import { utcOf } from '#support/dates'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount } from '#tests/helpers/videos'
import { fakeClock, queuedMeasurements } from '#tests/helpers/growth'

const HOUR_MS = 3_600_000

/**
 * A bilibili account whose simulated channel uploaded between `fromHours` and
 * `toHours` before `now`, so that one of its videos has a window behind it and
 * one ahead. The simulator's cadence follows the account id, which depends on
 * what ran before on the database: about a third of channels are quiet for
 * days at a time.
 */
async function accountWithUploadBetween(now: DateTime, fromHours: number, toHours: number) {
  const at = (hours: number) => now.toMillis() - hours * HOUR_MS
  for (let attempt = 0; attempt < 50; attempt++) {
    const pair = await creatorWithAccount('bilibili')
    const model = modelOf(pair.account.id, 'bilibili')
    if (uploadsAt(model, at(toHours)) > uploadsAt(model, at(fromHours))) return pair
    await pair.account.delete()
    await pair.creator.delete()
  }
  throw new Error(`no simulated bilibili channel with an upload ${toHours}–${fromHours} h ago`)
}

test.group('videos / the demo history', (group) => {
  setupFunctionalGroup(group)

  test('the backfill writes no upload and no reading after now, even when the last day is not over', async ({
    assert,
  }) => {
    const { creator, account } = await creatorWithAccount('bilibili')
    // 02:00 UTC: the studio's day (Seoul) is the 20th, the UTC day of the 20th has barely begun
    const now = DateTime.fromISO('2026-11-20T02:00:00Z', { zone: 'utc' })
    const result = await VideoBackfillService.backfill({
      days: 10,
      uploadDays: 10,
      until: '2026-11-20',
      creatorIds: [creator.id],
      nowMs: now.toMillis(),
    })
    assert.isAbove(result.videos, 0)
    const videos = await db
      .from('videos')
      .where('creator_id', creator.id)
      .select('id', 'platform_video_id', 'published_at', 'views', 'first_seen_at', 'last_seen_at')
    const model = modelOf(account.id, 'bilibili')
    for (const row of videos) {
      assert.isTrue(utcOf(row.published_at)! <= now, `upload at ${row.published_at}`)
      assert.isTrue(utcOf(row.published_at)! >= now.minus({ days: 11 }))
      assert.isTrue(utcOf(row.last_seen_at)! <= now, `last seen at ${row.last_seen_at}`)
      assert.isTrue(utcOf(row.first_seen_at)! <= now, `first seen at ${row.first_seen_at}`)
      const video = simulatedVideo(
        model,
        simulatedVideoNumber(account.id, 'bilibili', row.platform_video_id)!
      )
      // the last day's reading is the one of now, not of the day's end
      assert.equal(
        Number(row.views),
        simulatedVideoCounters(model, video, now.toMillis()).views,
        row.platform_video_id
      )
    }
    const lastDay = await db
      .from('video_snapshots')
      .where('creator_id', creator.id)
      .max('snapshot_date as day')
    assert.equal(utcOf(lastDay[0].day)!.toISODate(), '2026-11-20')
    const collected = await db
      .from('video_snapshots')
      .where('creator_id', creator.id)
      .max('collected_at as at')
    assert.isTrue(utcOf(collected[0].at)! <= now, `collected at ${collected[0].at}`)
  })

  test("the demo videos' windows: past ones taken from the curve at their time, the rest pending and queued", async ({
    assert,
    cleanup,
  }) => {
    const now = DateTime.fromISO('2026-11-20T10:30:00Z', { zone: 'utc' })
    const { creator, account } = await accountWithUploadBetween(now, 48, 7)
    const clock = fakeClock(now)
    cleanup(() => clock.restore())
    await VideoBackfillService.backfill({
      days: 5,
      uploadDays: 5,
      until: '2026-11-20',
      creatorIds: [creator.id],
      nowMs: now.toMillis(),
    })
    const result = await GrowthBackfill.backfill({ days: 5, now })
    const videos = await db
      .from('videos')
      .where('creator_id', creator.id)
      .select('id', 'platform_video_id', 'published_at', 'deleted_on')
    assert.equal(result.videos, videos.length)
    assert.equal(
      result.taken + result.missed + result.pending,
      videos.length * GROWTH_WINDOWS.length
    )
    assert.isAbove(result.taken, 0)
    assert.isAbove(result.pending, 0, 'the newest uploads have windows ahead')

    const model = modelOf(account.id, 'bilibili')
    const measurements = await queuedMeasurements()
    const queued = new Set(measurements.map((job) => job.videoId))
    for (const row of videos) {
      const video = simulatedVideo(
        model,
        simulatedVideoNumber(account.id, 'bilibili', row.platform_video_id)!
      )
      const points = await db
        .from('video_growth_points')
        .where('video_id', row.id)
        .orderBy('window_hours')
      assert.deepEqual(
        points.map((point) => point.window_hours),
        [...GROWTH_WINDOWS]
      )
      for (const point of points) {
        const dueMs = video.publishedMs + point.window_hours * HOUR_MS
        assert.equal(utcOf(point.due_at)!.toMillis(), Math.floor(dueMs / 1000) * 1000)
        if (point.status === 'taken') {
          const takenMs = utcOf(point.taken_at)!.toMillis()
          assert.isAtMost(takenMs, now.toMillis())
          assert.isAtLeast(takenMs - dueMs, -1000)
          assert.isBelow(takenMs - dueMs, 5 * 60_000)
          // the simulator's counters at the moment it was taken (stored to the second)
          const views = Number(point.views)
          assert.isAtLeast(views, simulatedVideoCounters(model, video, takenMs).views)
          assert.isAtMost(views, simulatedVideoCounters(model, video, takenMs + 999).views)
        } else if (point.status === 'pending') {
          assert.isTrue(dueMs > now.toMillis() - 5 * 60_000, `window ${point.window_hours} h`)
          assert.isTrue(queued.has(Number(row.id)), 'its next window is queued')
        } else {
          assert.equal(point.status, 'missed')
          assert.isNotNull(video.deletedMs)
        }
      }
      // taken windows never go down
      const views = points.filter((p) => p.status === 'taken').map((p) => Number(p.views))
      assert.deepEqual(
        views,
        [...views].sort((a, b) => a - b)
      )
    }

    // a second run adds nothing
    const again = await GrowthBackfill.backfill({ days: 5, now })
    assert.equal(again.videos, 0)
  })
})
