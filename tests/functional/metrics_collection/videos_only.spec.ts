import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import { PlatformError, type VideoStats } from '#platforms/types'
import MetricCollectionService, { yesterday } from '#services/metrics/collection_service'
import PlatformBreaker from '#services/platform_breaker/platform_breaker'
import SnapshotWriter from '#services/metrics/snapshot_writer'
import { settleWork } from '#support/after_commit_work'
import { ACCESS_STATUS, COLLECT_STATUS } from '#shared/constants'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import {
  fakeAdapter,
  paged,
  seedAccounts,
  snapshotRow,
  snapshotsOf,
} from '#tests/helpers/collection'

/*
| Xigua's and iQiyi's adapters answer channelStats with not_supported (their
| APIs give no fan count): the daily run still reads their videos — the
| videos, the day's video snapshots and the new uploads' growth windows —
| and writes no channel snapshot (the creator-center export import gives the
| channel's figures). What the listing meets (a refused login, a rate limit)
| is then the account's outcome.
*/

const DAY = yesterday()

/** `count` uploads of the last hours (so that their growth windows are planned). */
function uploads(prefix: string, count: number): VideoStats[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${index}`,
    title: `${prefix} 视频 ${index}`,
    publishedAt: new Date(Date.now() - (index + 2) * 3_600_000).toISOString(),
    url: null,
    views: 100 + index,
    likes: 10,
    comments: 1,
    shares: 0,
    danmaku: 0,
    coins: 0,
    favorites: 0,
  }))
}

/** The days an account has channel snapshots of. */
async function daysOf(accountId: number) {
  const rows = await snapshotsOf(accountId)
  return rows.map((row) => row.snapshot_date)
}

const notSupported = (platform: string) => () =>
  new PlatformError(platform, 'not_supported', `${platform} gives no fans count`, {
    retryable: false,
  })

/** An adapter without channel counters whose listing answers `listing`. */
function videosOnlyAdapter(
  platform: 'xigua' | 'iqiyi',
  listing: Parameters<typeof fakeAdapter>[0]['listing']
) {
  return fakeAdapter({ name: platform, fail: notSupported(platform), listing })
}

test.group('metrics / collection of platforms without channel counters', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    const retry = { ...MetricCollectionService.retry }
    MetricCollectionService.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 }
    return async () => {
      MetricCollectionService.retry = retry
      platforms.restore()
      await PlatformBreaker.reset('xigua')
    }
  })

  test('their videos, video snapshots and growth windows are taken; no channel snapshot', async ({
    assert,
  }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['xigua', 'iqiyi', 'bilibili'] })
    const xigua = accounts.filter((account) => account.platform === 'xigua')
    const iqiyi = accounts.filter((account) => account.platform === 'iqiyi')
    // an imported day before: kept as it is, and not carried into the collected day
    await SnapshotWriter.upsertMany([
      { ...snapshotRow(xigua[0], '2026-01-05', { fans: 5000 }), source: 'imported' },
    ])
    platforms.fake(
      'xigua',
      videosOnlyAdapter('xigua', (account, page, size) =>
        paged(uploads(`x${account.id}-`, 60), page, size)
      )
    )
    platforms.fake(
      'iqiyi',
      videosOnlyAdapter('iqiyi', (account, page, size) =>
        paged(uploads(`q${account.id}-`, 3), page, size)
      )
    )
    platforms.fake('bilibili', fakeAdapter({}))

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    await settleWork()
    assert.equal(run.status, 'finished')
    assert.deepEqual([run.succeeded, run.failed, run.skipped, run.deferred], [6, 0, 0, 0])

    for (const account of [...xigua, ...iqiyi]) {
      const days = await daysOf(account.id)
      assert.notInclude(days, DAY, `no channel snapshot of ${account.platform}`)
      const videos = await db.from('videos').where('account_id', account.id).select('id')
      assert.lengthOf(videos, account.platform === 'xigua' ? 60 : 3)
      const snapshots = await db
        .from('video_snapshots')
        .whereIn(
          'video_id',
          videos.map((video) => video.id)
        )
        .count('* as total')
        .first()
      assert.equal(Number(snapshots.total), videos.length, 'each video has the day’s snapshot')
      const windows = await db
        .from('video_growth_points')
        .whereIn(
          'video_id',
          videos.map((video) => video.id)
        )
        .count('* as total')
        .first()
      assert.isAbove(Number(windows.total), 0, `growth windows of ${account.platform}`)
      const stored = await db.from('creator_platform_accounts').where('id', account.id).first()
      assert.equal(Number(stored.collect_status), COLLECT_STATUS.OK)
      assert.isNotNull(stored.last_collected_at)
    }
    // the imported day is as it was, and the account's fans are the imported ones
    const imported = await snapshotsOf(xigua[0].id)
    assert.deepEqual(
      imported.map((row) => [row.snapshot_date, row.source, row.fans]),
      [['2026-01-05', 'imported', 5000]]
    )
    const stored = await db.from('creator_platform_accounts').where('id', xigua[0].id).first()
    assert.equal(Number(stored.fans), 5000)
    for (const account of accounts.filter((row) => row.platform === 'bilibili')) {
      assert.include(await daysOf(account.id), DAY)
    }
  })

  test('a listing refused for its login marks the cookie; a rate limit defers the platform', async ({
    assert,
  }) => {
    const accounts = await seedAccounts({ creators: 2, platforms: ['xigua', 'iqiyi'] })
    platforms.fake(
      'xigua',
      videosOnlyAdapter('xigua', () => {
        throw new PlatformError('xigua', 'rate_limited', 'xigua: 2100004 too many requests')
      })
    )
    platforms.fake(
      'iqiyi',
      videosOnlyAdapter('iqiyi', (account) => {
        if (account.id === accounts[1].id) {
          throw new PlatformError('iqiyi', 'auth', 'iqiyi: A00001 signed out')
        }
        return paged(uploads(`q${account.id}-`, 2), 1, 50)
      })
    )

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.deepEqual([run.succeeded, run.failed, run.skipped, run.deferred], [1, 1, 0, 2])
    assert.deepEqual(
      run.failures!.map((failure) => [failure.account_id, failure.code]),
      [[accounts[1].id, 'cookie_expired']]
    )
    const refused = await db.from('creator_platform_accounts').where('id', accounts[1].id).first()
    assert.equal(Number(refused.collect_status), COLLECT_STATUS.FAILED)
    assert.equal(Number(refused.cookie_status), ACCESS_STATUS.CANNOT_ACCESS)
    assert.deepEqual(
      run.paused?.map((pause) => pause.platform),
      ['xigua']
    )
    for (const account of accounts) {
      assert.notInclude(await daysOf(account.id), DAY, 'no channel snapshot of zeros')
    }
  })

  test('an adapter that lists no videos either is skipped, as before', async ({ assert }) => {
    const [account] = await seedAccounts({ platforms: ['xigua'] })
    platforms.fake(
      'xigua',
      videosOnlyAdapter('xigua', () => {
        throw notSupported('xigua')()
      })
    )
    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    assert.deepEqual([run.succeeded, run.failed, run.skipped], [0, 0, 1])
    const stored = await db.from('creator_platform_accounts').where('id', account.id).first()
    assert.isNull(stored.last_collected_at)
  })
})
