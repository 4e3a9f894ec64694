import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import OutsideVideoReadService from '#services/outside/outside_video_read_service'
import { quantile, windowRange } from '#shared/outside_videos'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, measuredPoint, videoOf } from '#tests/helpers/growth'
import { outsideVideo, pointsAt } from '#tests/helpers/outside_videos'

/*
| An outside video's 6/12/24/48/60 h growth windows, read from the points
| its crawls took (the nearest to each window within its range, with its
| real age), and its comparison with the agency's own videos of the same
| platform at the same windows. The figures are worked by hand in comments.
*/
test.group('outside videos / growth windows and comparison', (group) => {
  setupFunctionalGroup(group)

  test('each window reads the point nearest it within its range, with its real age', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    // the ranges: half-way to the windows beside each
    assert.deepEqual(
      [6, 12, 24, 48, 60].map((hours) => windowRange(hours)),
      [
        { from: 3, to: 9 },
        { from: 9, to: 18 },
        { from: 18, to: 36 },
        { from: 36, to: 54 },
        { from: 54, to: 66 },
      ]
    )
    const published = DateTime.utc().minus({ hours: 70 }).startOf('second')
    const video = await outsideVideo({ publishedAt: published })
    await pointsAt(video, [
      [2, 50], // before the 6 h range
      [5.5, 300],
      [6.2, 400], // 6 h: 0.2 h off, the nearest → on time
      [11, 900], // 12 h: 11 and 13 are as near → the earlier, 0.5 h+ early
      [13, 1_100],
      [30, 2_500], // 24 h: the only one in 18–36 → late (6 h after)
      [40, 3_000],
      [47.9, 3_400], // 48 h: 0.1 h off → on time
      [69.5, 4_000], // past the 60 h range (54–66): 60 h has none and the video is 70 h old → missed
    ])

    const response = await client.get(`/api/outside_videos/${video.id}`).loginAs(staff)
    response.assertStatus(200)
    const windows = response.body().windows as Record<string, unknown>[]
    assert.deepEqual(
      windows.map((window) => [
        window.window_hours,
        window.status,
        window.age_hours,
        window.views,
        window.views_gain,
      ]),
      [
        [6, 'taken', 6.2, 400, 400], // gained since upload
        [12, 'early', 11, 900, 500], // 900 − 400
        [24, 'late', 30, 2_500, 1_600], // 2,500 − 900
        [48, 'taken', 47.9, 3_400, 900], // 3,400 − 2,500
        [60, 'missed', null, null, null],
      ]
    )
    assert.equal(windows[0].due_at, published.plus({ hours: 6 }).toISO())
    assert.equal(windows[0].taken_at, published.plus({ minutes: 372 }).toISO())
    assert.lengthOf(response.body().points, 9, 'the counters over time: every point')
    assert.equal(response.body().points[0].age_hours, 2)
  })

  test('a young video’s later windows are pending; a video without an upload time has none', async ({
    assert,
  }) => {
    const now = DateTime.fromISO('2026-12-01T12:00:00Z', { zone: 'utc' })
    const young = await outsideVideo({ publishedAt: now.minus({ hours: 10 }) })
    const detail = await OutsideVideoReadService.detail(young.id, now)
    // 10 h old: the 6 h range (3–9 h) is over without a point, 12 h's (9–18 h) is not
    assert.deepEqual(
      detail.windows.map((window) => window.status),
      ['missed', 'pending', 'pending', 'pending', 'pending']
    )
    const undated = await outsideVideo({ publishedAt: null })
    const none = await OutsideVideoReadService.detail(undated.id, now)
    assert.isTrue(none.windows.every((window) => window.status === 'undated'))
    assert.isTrue(none.windows.every((window) => window.due_at === null))
  })

  test('the comparison: quartiles of our videos of the platform at each window, and where this one stands', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { creator } = await creatorWithAccount()
    const day = DateTime.utc().minus({ days: 10 })
    const ours = async (views6: number | null, views24: number | null, status = 'taken') => {
      const video = await videoOf(creator, day)
      if (views6 !== null) await measuredPoint(video, 6, views6, { status })
      if (views24 !== null) await measuredPoint(video, 24, views24, { status })
    }
    await ours(10, 100)
    await ours(20, 200)
    await ours(30, 300)
    await ours(40, 400, 'late') // a late window counts, with its value
    await ours(50, null)
    await ours(9_999, 9_999, 'pending') // not measured: left out
    // another platform's video is left out
    const youtube = await creatorWithAccount()
    await youtube.account.merge({ platform: 'youtube' }).save()
    await youtube.creator.load('accounts')
    await measuredPoint(await videoOf(youtube.creator, day), 24, 1_000_000)

    const published = DateTime.utc().minus({ hours: 40 })
    const video = await outsideVideo({ publishedAt: published })
    await pointsAt(video, [
      [6, 15],
      [24, 250],
    ])

    const response = await client.get(`/api/outside_videos/${video.id}/comparison`).loginAs(staff)
    response.assertStatus(200)
    const byWindow = Object.fromEntries(
      (response.body().windows as { window_hours: number }[]).map((row) => [row.window_hours, row])
    )
    // 6 h: [10, 20, 30, 40, 50] → quartiles 20, 30, 40; 15 is above 1 of 5 → 20 %, bottom quarter
    assert.deepEqual(byWindow[6], {
      window_hours: 6,
      videos: 5,
      p25: 20,
      median: 30,
      p75: 40,
      views: 15,
      percentile: 20,
      standing: 'bottom',
    })
    // 24 h: [100, 200, 300, 400] → 175, 250, 325 (between ranks); 250 is above 2 of 4 → 50 %,
    // at the median → above it
    assert.deepEqual(byWindow[24], {
      window_hours: 24,
      videos: 4,
      p25: 175,
      median: 250,
      p75: 325,
      views: 250,
      percentile: 50,
      standing: 'upper',
    })
    // 12 h: none of ours measured, and this video has no 12 h point
    assert.deepEqual(byWindow[12], {
      window_hours: 12,
      videos: 0,
      p25: null,
      median: null,
      p75: null,
      views: null,
      percentile: null,
      standing: null,
    })
    assert.equal(quantile([1, 2], 0.25), 1.3, 'rounded to one decimal (1.25)')
  })
})
