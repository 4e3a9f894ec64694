import { test } from '@japa/runner'
import { modelOf, uploadsOn, dayOf } from '#platforms/simulated_model'
import {
  listedAt,
  simulatedVideo,
  simulatedVideoStats,
  uploadsAt,
  viewsAtAge,
} from '#platforms/simulated_videos'
import SimulatedAdapter from '#platforms/simulated'

const HOUR = 3_600_000
const DAY = 86_400_000

const curve: Parameters<typeof viewsAtAge>[0] = {
  publishedMs: 0,
  scale: 1_000_000,
  tauHours: 36,
  breakout: null,
  deletedMs: null,
}

test.group('simulated video curves', () => {
  test('a fast start decaying over days, a long tail, never decreasing', ({ assert }) => {
    assert.equal(viewsAtAge(curve, 0), 0)
    assert.equal(viewsAtAge(curve, -5), 0)
    const at = (hours: number) => viewsAtAge(curve, hours)
    // 1 − e^{−6/36} = 15 % of the first rise after 6 hours, 49 % after a day, 96 % after 5 days
    assert.approximately(
      at(6),
      1_000_000 * (1 - Math.exp(-6 / 36) + 0.25 * (1 - Math.exp(-6 / 1080))),
      1
    )
    const gains = [0, 24, 48, 72, 96, 120].map((hours) => at(hours + 24) - at(hours))
    for (let day = 1; day < gains.length; day++) assert.isBelow(gains[day], gains[day - 1])
    // after the first rise the tail still adds views
    assert.isAbove(at(60 * 24), at(10 * 24))
    let previous = 0
    for (let hours = 0; hours < 24 * 90; hours += 7) {
      assert.isAtLeast(at(hours), previous)
      previous = at(hours)
    }
  })

  test('a breakout rises again days later', ({ assert }) => {
    const breakout = { ...curve, breakout: { startHours: 240, size: 2, tauHours: 24 } }
    const gain = (video: typeof curve, from: number) =>
      viewsAtAge(video, from + 24) - viewsAtAge(video, from)
    assert.equal(viewsAtAge(breakout, 200), viewsAtAge(curve, 200))
    assert.isAbove(gain(breakout, 240), 20 * gain(curve, 240))
    assert.isAbove(viewsAtAge(breakout, 24 * 30), 2.5 * viewsAtAge(curve, 24 * 30))
  })

  test('a few breakouts and deletions, uploads in order, counters from views', ({ assert }) => {
    let breakouts = 0
    let deleted = 0
    let videos = 0
    for (let account = 1; account <= 40; account++) {
      const model = modelOf(account, 'bilibili')
      const count = uploadsOn(model, dayOf('2026-11-20'))
      let previous = -Infinity
      for (let n = Math.max(0, count - 100); n < count; n++) {
        const video = simulatedVideo(model, n)
        assert.isAtLeast(video.publishedMs, previous)
        previous = video.publishedMs
        videos++
        if (video.breakout) breakouts++
        if (video.deletedMs !== null) deleted++
      }
    }
    assert.isAbove(breakouts / videos, 0.02)
    assert.isBelow(breakouts / videos, 0.07)
    assert.isAbove(deleted, 0)
    assert.isBelow(deleted / videos, 0.02)

    const model = modelOf(3, 'bilibili')
    const video = simulatedVideo(model, uploadsOn(model, dayOf('2026-11-01')))
    const later = simulatedVideoStats(
      { id: 3, platform: 'bilibili' },
      model,
      video,
      video.publishedMs + 48 * HOUR
    )
    const earlier = simulatedVideoStats(
      { id: 3, platform: 'bilibili' },
      model,
      video,
      video.publishedMs + 6 * HOUR
    )
    for (const metric of ['views', 'likes', 'comments', 'coins', 'danmaku', 'favorites'] as const) {
      assert.isAtLeast(later[metric], earlier[metric])
    }
    assert.isAbove(later.views, earlier.views)
    assert.isAbove(later.coins, 0)
    assert.match(later.title, /[\u4e00-\u9fff]/)
    assert.isAtLeast(later.tags!.length, 2)
    assert.isAtMost(later.tags!.length, 4)
  })

  test('the listing at a moment holds what was published by then', async ({ assert }) => {
    const adapter = new SimulatedAdapter({})
    const ref = { id: 11, creatorId: 1, platform: 'youtube' as const, uid: 'UC11' }
    const model = modelOf(11, 'youtube')
    const day = dayOf('2026-10-10')
    // the end of a day lists the channel's count of that day
    assert.equal(uploadsAt(model, (day + 1) * DAY - 1), uploadsOn(model, day))
    const newest = simulatedVideo(model, uploadsOn(model, day) - 1)
    const justBefore = new Date(newest.publishedMs - 1).toISOString()
    const justAfter = new Date(newest.publishedMs).toISOString()
    const before = await adapter.videos(ref, { page: 1, pageSize: 5, at: justBefore })
    const after = await adapter.videos(ref, { page: 1, pageSize: 5, at: justAfter })
    assert.equal(after.total, before.total + 1)
    assert.equal(after.items[0].publishedAt, justAfter)
    assert.equal(after.items[0].views, 0)

    const ids = after.items.map((item) => item.id)
    const byId = await adapter.videosById(ref, [...ids, 'sim-youtube-12-1', 'nope'], {
      at: justAfter,
    })
    assert.deepEqual(
      byId.map((item) => item.id),
      ids
    )
    const dayLater = await adapter.videosById(ref, ids.slice(0, 1), {
      at: new Date(newest.publishedMs + DAY).toISOString(),
    })
    assert.isAbove(dayLater[0].views, 0)
    assert.isTrue(listedAt(newest, newest.publishedMs))
  })
})
