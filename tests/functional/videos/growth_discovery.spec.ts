import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import platforms from '#platforms/main'
import GrowthDiscovery from '#services/videos/growth/growth_discovery'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { blocked412 } from '#tests/helpers/breaker'
import {
  creatorWithAccount,
  growthAdapter,
  loseQueuedMeasurements,
  pointsOf,
  videoStats,
} from '#tests/helpers/growth'
import { waitFor } from '#tests/helpers/queue'

/** An adapter whose listing holds `items` (newest first), or fails with `fail()`. */
function listingAdapter(items: { id: string; publishedAt: DateTime }[], fail?: () => Error) {
  const adapter = growthAdapter(() => 1000)
  const pages: number[] = []
  return Object.assign(adapter, {
    pages,
    async videos(_account: unknown, { page, pageSize }: { page: number; pageSize: number }) {
      pages.push(page)
      if (fail) throw fail()
      return {
        items: items.map((item) => ({
          ...videoStats(item.id, 500),
          publishedAt: item.publishedAt.toISO(),
        })),
        page,
        pageSize,
        total: items.length,
        hasMore: false,
      }
    },
  })
}

async function videoIdOf(platformVideoId: string) {
  const row = await db.from('videos').where('platform_video_id', platformVideoId).first()
  return row ? Number(row.id) : null
}

test.group('videos / growth discovery pass', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const retry = GrowthDiscovery.retry
    GrowthDiscovery.retry = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 }
    return () => {
      GrowthDiscovery.retry = retry
    }
  })
  group.each.teardown(async () => {
    platforms.restore()
    await loseQueuedMeasurements()
  })

  test('an upload after the daily collection is first seen within the hour and gets its windows', async ({
    assert,
  }) => {
    await creatorWithAccount()
    const now = DateTime.utc().startOf('minute')
    const adapter = listingAdapter([
      { id: 'BVfresh0001', publishedAt: now.minus({ hours: 2 }) },
      { id: 'BVold000001', publishedAt: now.minus({ days: 5 }) },
    ])
    platforms.fake('bilibili', adapter)

    const result = await GrowthDiscovery.run(now)
    assert.equal(result.read, 1)
    assert.equal(result.newVideos, 2)
    assert.deepEqual(adapter.pages, [1], 'only the first page')

    const fresh = (await videoIdOf('BVfresh0001'))!
    const old = (await videoIdOf('BVold000001'))!
    const planned = async () => {
      const points = await pointsOf(fresh)
      return points.length === 5
    }
    assert.isTrue(await waitFor(planned, 5_000))
    assert.lengthOf(await pointsOf(old), 0)

    // the next pass finds nothing new
    const again = await GrowthDiscovery.run(now.plus({ hours: 1 }))
    assert.equal(again.newVideos, 0)
    assert.lengthOf(await pointsOf(fresh), 5)
  })

  test('a paused platform is not asked; the pass defers its accounts', async ({ assert }) => {
    await creatorWithAccount()
    await creatorWithAccount()
    const adapter = listingAdapter([], blocked412)
    platforms.fake('bilibili', adapter)
    const first = await GrowthDiscovery.run()
    assert.equal(first.read, 0)
    assert.equal(first.deferred + first.failed, 2)
    const asked = adapter.pages.length
    const second = await GrowthDiscovery.run()
    assert.equal(second.deferred, 2)
    assert.equal(adapter.pages.length, asked, 'nobody asks a paused platform')
  })
})
