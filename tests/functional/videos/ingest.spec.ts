import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import platforms from '#platforms/main'
import { PlatformError, type VideoStats } from '#platforms/types'
import MetricCollectionService from '#services/metrics/collection_service'
import VideoIngestService from '#services/videos/ingest/video_ingest_service'
import { addDays } from '#services/metrics/metric_scope'
import { dayOf } from '#services/metrics/rollup_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, paged, seedAccounts, type SeededAccount } from '#tests/helpers/collection'

const DAY = '2026-02-10'
const NEXT_DAY = '2026-02-11'

/** A listed video with `views` and counters derived from them. */
function item(id: string, views: number, values: Partial<VideoStats> = {}): VideoStats {
  return {
    id,
    title: `视频 ${id}`,
    publishedAt: '2025-12-01T08:00:00.000Z',
    url: `https://www.bilibili.com/video/${id}`,
    views,
    likes: Math.floor(views / 10),
    comments: Math.floor(views / 100),
    shares: 1,
    danmaku: 2,
    coins: 3,
    favorites: 4,
    durationS: 200,
    category: '生活',
    thumbnailUrl: null,
    tags: ['首尔', 'vlog'],
    ...values,
  }
}

async function videosOf(accountId: number) {
  const rows = await db.from('videos').where('account_id', accountId).orderBy('platform_video_id')
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    views: Number(row.views),
    likes: Number(row.likes),
    coins: Number(row.coins),
    views_week: Number(row.views_week),
    views_month: Number(row.views_month),
    deleted_on: row.deleted_on ? dayOf(row.deleted_on) : null,
  }))
}

async function snapshotsOf(videoId: number) {
  const rows = await db.from('video_snapshots').where('video_id', videoId).orderBy('snapshot_date')
  return rows.map((row) => ({
    date: dayOf(row.snapshot_date),
    views: Number(row.views),
    likes: Number(row.likes),
    source: row.source,
    adapter: row.adapter,
  }))
}

/** Collects `date` with a fake Bilibili whose listing is `listing()` at that moment. */
async function collect(date: string, listing: () => VideoStats[], extra = {}) {
  platforms.fake(
    'bilibili',
    fakeAdapter({
      name: 'bili-fake',
      listing: (_account, page, pageSize) => paged(listing(), page, pageSize),
      ...extra,
    })
  )
  return MetricCollectionService.collect({ date, trigger: 'cli' })
}

test.group('videos / ingest through the collection', (group) => {
  setupFunctionalGroup(group)
  let account: SeededAccount
  group.each.setup(async () => {
    ;[account] = await seedAccounts({ platforms: ['bilibili'] })
    const retry = { ...MetricCollectionService.retry }
    MetricCollectionService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 }
    const events = emitter.fake(['video:first_seen'])
    return () => {
      MetricCollectionService.retry = retry
      emitter.restore()
      platforms.restore()
      void events
    }
  })

  test('writes every listed video and its snapshot of the day, announcing new ones', async ({
    assert,
  }) => {
    const events = emitter.fake(['video:first_seen'])
    const listed = Array.from({ length: 120 }, (_, index) =>
      item(`BV${String(index).padStart(4, '0')}`, 1000 + index)
    )
    const run = await collect(DAY, () => listed)
    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, 1)

    const videos = await videosOf(account.id)
    assert.lengthOf(videos, 120)
    const first = videos[0]
    assert.containsSubset(first, {
      platform: 'bilibili',
      platform_video_id: 'BV0000',
      creator_id: account.creator_id,
      title: '视频 BV0000',
      tags: '首尔,vlog',
      category: '生活',
      duration_s: 200,
      views: 1000,
      likes: 100,
      coins: 3,
      source: 'official',
      adapter: 'bili-fake',
      deleted_on: null,
    })
    assert.isNotNull(first.first_seen_at)
    assert.deepEqual(await snapshotsOf(first.id), [
      { date: DAY, views: 1000, likes: 100, source: 'official', adapter: 'bili-fake' },
    ])
    // every new video announced after the commit
    const announced = events.all().flatMap((event) => (event.data as any).videoIds)
    assert.sameMembers(
      announced,
      videos.map((video) => video.id)
    )
  })

  test('running the day again rewrites its snapshots; nothing is new twice', async ({ assert }) => {
    let views = 500
    await collect(DAY, () => [item('BV1', views), item('BV2', 7)])
    views = 650
    const events = emitter.fake(['video:first_seen'])
    await collect(DAY, () => [item('BV1', views), item('BV2', 7)])
    events.assertNotEmitted('video:first_seen')

    const [video] = await videosOf(account.id)
    assert.equal(video.views, 650)
    const snapshots = await snapshotsOf(video.id)
    assert.deepEqual(
      snapshots.map((row) => [row.date, row.views]),
      [[DAY, 650]]
    )
    const total = await db.from('video_snapshots').count('* as total').first()
    assert.equal(Number(total?.total), 2)
  })

  test('a video missing from a complete listing is marked deleted, and cleared when it returns', async ({
    assert,
  }) => {
    await collect(DAY, () => [item('BV1', 10), item('BV2', 20)])
    await collect(NEXT_DAY, () => [item('BV1', 11)])
    let [one, two] = await videosOf(account.id)
    assert.isNull(one.deleted_on)
    assert.equal(two.deleted_on, NEXT_DAY)
    assert.equal(two.views, 20, 'kept with its last counters, never dropped')
    assert.lengthOf(await snapshotsOf(two.id), 1)

    // deleted once: a later day keeps the first day it was missing
    const third = addDays(NEXT_DAY, 1)
    await collect(third, () => [item('BV1', 12)])
    ;[one, two] = await videosOf(account.id)
    assert.equal(two.deleted_on, NEXT_DAY)

    // it comes back
    await collect(addDays(third, 1), () => [item('BV1', 13), item('BV2', 25)])
    ;[one, two] = await videosOf(account.id)
    assert.isNull(two.deleted_on)
    assert.equal(two.views, 25)
  })

  test('a listing cut at the page limit marks nothing deleted', async ({ assert }) => {
    const many = Array.from({ length: 250 }, (_, index) => item(`BV${1000 + index}`, index))
    await collect(DAY, () => many)
    // read: the newest 4 pages of 50
    assert.lengthOf(await videosOf(account.id), 200)
    await collect(NEXT_DAY, () => many.slice(1))
    const videos = await videosOf(account.id)
    assert.isTrue(videos.every((video) => video.deleted_on === null))
  })

  test('a failing listing does not fail the channel', async ({ assert }) => {
    const run = await collect(DAY, () => {
      throw new PlatformError('bilibili', 'upstream', 'Bilibili answered -500', {
        retryable: false,
      })
    })
    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, 1)
    assert.equal(run.failed, 0)
    const snapshots = await db.from('metric_snapshots').where('account_id', account.id)
    assert.lengthOf(snapshots, 1)
    assert.lengthOf(await videosOf(account.id), 0)
  })

  test('a rate limit on the listing pauses the platform as for channel statistics', async ({
    assert,
  }) => {
    await seedAccounts({ creators: 2, platforms: ['bilibili'] })
    const concurrency = MetricCollectionService.concurrency
    MetricCollectionService.concurrency = 1
    try {
      const run = await collect(DAY, () => {
        throw new PlatformError('bilibili', 'rate_limited', 'Bilibili answered -412', {
          upstreamCode: -412,
        })
      })
      assert.equal(run.status, 'finished')
      assert.equal(run.succeeded, 1, 'the first account kept its channel statistics')
      assert.equal(run.deferred, 2)
      assert.equal(run.paused?.[0]?.platform, 'bilibili')
    } finally {
      MetricCollectionService.concurrency = concurrency
      await db.from('platform_pauses').delete()
    }
  })
})

test.group('videos / ingest', (group) => {
  setupFunctionalGroup(group)
  let account: SeededAccount
  group.each.setup(async () => {
    ;[account] = await seedAccounts({ platforms: ['bilibili'] })
    emitter.fake(['video:first_seen'])
    return () => emitter.restore()
  })

  const ingest = (date: string, items: VideoStats[], complete = false) =>
    VideoIngestService.ingestListing(account, items, {
      date,
      complete,
      collectedAt: new Date(`${date}T13:00:00Z`),
      adapter: { name: 'test', source: 'official' },
    })

  test('views_week and views_month: views now minus 7 and 30 days before', async ({ assert }) => {
    const day = '2026-03-31'
    const old = { publishedAt: '2025-01-01T00:00:00Z' }
    const recent = { publishedAt: '2026-03-28T10:00:00Z' }
    const thisMonth = { publishedAt: '2026-03-10T10:00:00Z' }
    await ingest(addDays(day, -30), [item('OLD', 100, old)])
    await ingest(addDays(day, -21), [item('OLD', 300, old), item('MONTH', 50, thisMonth)])
    await ingest(addDays(day, -7), [item('OLD', 500, old), item('MONTH', 400, thisMonth)])
    const created = await ingest(day, [
      item('OLD', 900, old),
      item('MONTH', 1000, thisMonth),
      item('NEW', 70, recent),
    ])
    assert.lengthOf(created, 1)

    const stored = await videosOf(account.id)
    const byId = Object.fromEntries(stored.map((video) => [video.platform_video_id, video]))
    assert.deepInclude(byId.OLD, { views: 900, views_week: 400, views_month: 800 })
    // published inside the month: all its views are the month's
    assert.deepInclude(byId.MONTH, { views: 1000, views_week: 600, views_month: 1000 })
    assert.deepInclude(byId.NEW, { views: 70, views_week: 70, views_month: 70 })

    // without a snapshot on the window's first day, the earliest later one stands in
    const later = addDays(day, 5)
    await ingest(later, [item('OLD', 1000, old)])
    const after = await videosOf(account.id)
    const oldVideo = after.find((video) => video.platform_video_id === 'OLD')!
    assert.equal(oldVideo.views_week, 100, '1000 − 900 (the stored day after the week began)')
    assert.equal(oldVideo.views_month, 700, '1000 − 300 (the first stored day in the month)')
  })

  test('counters a listing did not read keep their last values', async ({ assert }) => {
    await ingest(DAY, [item('BV1', 100, { likes: 40, coins: 9 })])
    await ingest(NEXT_DAY, [item('BV1', 150, { likes: 0, coins: 0, unread: ['likes', 'coins'] })])
    const [video] = await videosOf(account.id)
    assert.deepInclude(video, { views: 150, likes: 40, coins: 9 })
  })

  test('announces new videos after the commit, and only then', async ({ assert }) => {
    const events = emitter.fake(['video:first_seen'])
    await db.transaction(async (trx) => {
      await VideoIngestService.ingestListing(account, [item('BV9', 5)], {
        date: DAY,
        complete: true,
        collectedAt: new Date(),
        adapter: { name: 'test', source: 'official' },
        trx,
      })
      events.assertNotEmitted('video:first_seen')
    })
    events.assertEmitted('video:first_seen')
    const [video] = await videosOf(account.id)
    assert.deepEqual((events.all()[0].data as any).videoIds, [video.id])
  })
})
