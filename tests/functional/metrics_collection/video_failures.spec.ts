import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import platforms from '#platforms/main'
import type { VideoStats } from '#platforms/types'
import Caches from '#services/caches'
import MetricCollectionService from '#services/metrics/collection_service'
import VideoWriter from '#services/videos/ingest/video_writer'
import { tagsOf } from '#services/videos/video_presenter'
import { rebuildVideoWordCounts, searchWordsOf, wholeWordsOf } from '#services/videos/video_words'
import { settleWork } from '#support/after_commit_work'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { fakeAdapter, paged, seedAccounts, type SeededAccount } from '#tests/helpers/collection'

/*
| The videos of a collection's accounts, written by its workers at once
| (MetricCollectionService.concurrency), each account in its own
| transaction: on MySQL/MariaDB two of them must not deadlock and lose an
| account's videos, and an account whose videos still could not be written
| is counted in the run (videos_failed), never only logged.
*/

const DAY = '2026-04-21'
const ACCOUNTS = 32
/** Two pages of the listing per account (VIDEO_LISTING.pageSize is 50). */
const VIDEOS_PER_ACCOUNT = 60

const TOPICS = [
  '首尔 韩舞 翻跳',
  '东京 咖啡 探店',
  '吉他 弹唱 晴天',
  '游戏 实况 通关',
  '美食 街头 小吃',
]
const LATIN = ['vlog', 'minecraft', 'street food', 'cover dance', 'unboxing', 'travel diary']
const HANGUL = ['서울 먹방', '브이로그 일상', '여행 기록']

/** A new upload of `account`, numbered `index`, with words of several languages. */
function upload(account: { id: number }, index: number): VideoStats {
  const views = 1000 + account.id * 10 + index
  return {
    id: `BV${account.id}x${index}`,
    title: `${TOPICS[(account.id + index) % TOPICS.length]} ${LATIN[index % LATIN.length]} ${HANGUL[account.id % HANGUL.length]} 第${index}集`,
    publishedAt: '2026-04-01T08:00:00.000Z',
    url: `https://www.bilibili.com/video/BV${account.id}x${index}`,
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
    tags: [`标签${account.id % 7}`, LATIN[(account.id + index) % LATIN.length], `tag${index % 5}`],
  }
}

/** Every account lists VIDEOS_PER_ACCOUNT new uploads. */
function listingAdapter() {
  return fakeAdapter({
    name: 'bili-fake',
    listing: (account, page, pageSize) =>
      paged(
        Array.from({ length: VIDEOS_PER_ACCOUNT }, (_, index) => upload(account, index)),
        page,
        pageSize
      ),
  })
}

/** The stored videos of these accounts, and the (word, video, whole) rows their titles and tags should have. */
async function storedVideosAndWords(accountIds: number[]) {
  const videos = await db
    .from('videos')
    .whereIn('account_id', accountIds)
    .select('id', 'account_id', 'title', 'tags')
  const expected = new Set<string>()
  for (const video of videos) {
    const tags = tagsOf(video.tags)
    const whole = wholeWordsOf(video.title, tags)
    const all = searchWordsOf(video.title, tags)
    for (const word of whole) all.add(word)
    for (const word of all) expected.add(`${Number(video.id)}|${word}|${whole.has(word)}`)
  }
  const rows = await db
    .from('video_words')
    .whereIn('video_id', db.from('videos').whereIn('account_id', accountIds).select('id'))
    .select('video_id', 'word', 'whole')
  const stored = new Set(
    rows.map((row) => `${Number(row.video_id)}|${String(row.word)}|${Boolean(row.whole)}`)
  )
  return { videos, expected, stored }
}

test.group('metrics / videos written by concurrent workers (committed)', (group) => {
  // no global transaction: the workers' transactions are real ones, on several connections,
  // as in production; what the test commits is removed afterwards
  let accounts: SeededAccount[] = []
  let runId: number | null = null
  let sweepStored = false
  group.each.setup(async () => {
    Caches.clearAll()
    emitter.fake(['video:first_seen'])
    sweepStored = Boolean(
      await db.from('studio_settings').where('key', 'videos.word_sweep').first()
    )
    return async () => {
      emitter.restore()
      platforms.restore()
      await settleWork()
      const creatorIds = [...new Set(accounts.map((account) => account.creator_id))]
      const accountIds = accounts.map((account) => account.id)
      if (accountIds.length) {
        const videoIds = db.from('videos').whereIn('account_id', accountIds).select('id')
        await db.from('video_words').whereIn('video_id', videoIds).delete()
        await db.from('video_snapshots').whereIn('video_id', videoIds).delete()
        await db.from('video_growth_points').whereIn('video_id', videoIds).delete()
        await db.from('videos').whereIn('account_id', accountIds).delete()
        await db.from('video_tallies').whereIn('account_id', accountIds).delete()
        await db.from('metric_snapshots').whereIn('account_id', accountIds).delete()
        await db.from('creator_platform_accounts').whereIn('id', accountIds).delete()
        await db.from('creators').whereIn('id', creatorIds).delete()
      }
      if (runId) await db.from('metric_collection_runs').where('id', runId).delete()
      await db.from('metric_daily_totals').where('snapshot_date', DAY).delete()
      if (!sweepStored) await db.from('studio_settings').where('key', 'videos.word_sweep').delete()
      // the suggestion counts the run wrote, recounted from what is left
      await rebuildVideoWordCounts()
      Caches.clearAll()
      accounts = []
      runId = null
    }
  })

  test('every account’s new videos and their words are written; none is lost to a deadlock', async ({
    assert,
  }) => {
    // the workers as production (and CI's MariaDB) runs them: several accounts at once
    assert.isAbove(MetricCollectionService.concurrency, 1)
    accounts = await seedAccounts({ creators: ACCOUNTS, platforms: ['bilibili'] })
    platforms.fake('bilibili', listingAdapter())

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })
    runId = run.id

    assert.equal(run.status, 'finished')
    assert.equal(run.succeeded, ACCOUNTS)
    assert.equal(run.videosFailed, 0, 'no account lost its videos')
    const stored = await db.from('metric_collection_runs').where('id', run.id).first()
    assert.equal(Number(stored.videos_failed), 0)

    const accountIds = accounts.map((account) => account.id)
    const { videos, expected, stored: words } = await storedVideosAndWords(accountIds)
    assert.equal(videos.length, ACCOUNTS * VIDEOS_PER_ACCOUNT, 'every listed video is written')
    for (const account of accounts) {
      assert.equal(
        videos.filter((video) => Number(video.account_id) === account.id).length,
        VIDEOS_PER_ACCOUNT,
        `account ${account.id}`
      )
    }
    const snapshots = await db
      .from('video_snapshots')
      .whereIn('video_id', db.from('videos').whereIn('account_id', accountIds).select('id'))
      .where('snapshot_date', DAY)
      .count('* as total')
      .first()
    assert.equal(Number(snapshots?.total), ACCOUNTS * VIDEOS_PER_ACCOUNT)
    assert.isAbove(expected.size, videos.length)
    assert.equal(words.size, expected.size, 'every word of every video')
    assert.deepEqual([...expected].filter((row) => !words.has(row)).slice(0, 5), [])
  })
})

test.group('metrics / a video write that fails', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(() => platforms.restore())
  let write: typeof VideoWriter.write
  group.each.setup(() => {
    write = VideoWriter.write
    emitter.fake(['video:first_seen'])
    return () => {
      VideoWriter.write = write
      emitter.restore()
    }
  })

  /** A deadlock as MySQL reports it. */
  const deadlock = () =>
    Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
      code: 'ER_LOCK_DEADLOCK',
      errno: 1213,
    })

  /** Makes VideoWriter.write throw `error(attempt)` for `account` while it returns an error. */
  function failWritesOf(account: SeededAccount, error: (attempt: number) => Error | null) {
    let attempts = 0
    VideoWriter.write = async (client, listings, options) => {
      if (listings.some((listing) => listing.account.id === account.id)) {
        const failure = error(++attempts)
        if (failure) throw failure
      }
      return write.call(VideoWriter, client, listings, options)
    }
    return () => attempts
  }

  async function videoCount(accountId: number) {
    const row = await db.from('videos').where('account_id', accountId).count('* as total').first()
    return Number(row?.total ?? 0)
  }

  test('an account whose videos cannot be written is counted in the run and its answer', async ({
    assert,
    client,
  }) => {
    const accounts = await seedAccounts({ creators: 3, platforms: ['bilibili'] })
    const failing = accounts[1]
    const attempts = failWritesOf(failing, () => deadlock())
    platforms.fake('bilibili', listingAdapter())

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })

    assert.equal(run.status, 'finished', 'the channel statistics were collected')
    assert.equal(run.succeeded, 3)
    assert.equal(run.failed, 0)
    assert.equal(run.videosFailed, 1)
    assert.equal(attempts(), 3, 'a deadlock is tried again, three attempts in all')
    assert.equal(await videoCount(failing.id), 0)
    assert.equal(await videoCount(accounts[0].id), VIDEOS_PER_ACCOUNT)
    assert.equal(await videoCount(accounts[2].id), VIDEOS_PER_ACCOUNT)

    const staff = await userWithCode('staff')
    const detail = await client.get(`/api/metrics/runs/${run.id}`).loginAs(staff)
    detail.assertStatus(200)
    assert.containsSubset(detail.body().data, {
      status: 'finished',
      succeeded: 3,
      failed: 0,
      videos_failed: 1,
    })
  })

  test('a write that loses a deadlock once is written by its next attempt', async ({ assert }) => {
    const [account] = await seedAccounts({ creators: 1, platforms: ['bilibili'] })
    const attempts = failWritesOf(account, (attempt) => (attempt === 1 ? deadlock() : null))
    platforms.fake('bilibili', listingAdapter())

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })

    assert.equal(run.videosFailed, 0)
    assert.equal(attempts(), 2)
    assert.equal(await videoCount(account.id), VIDEOS_PER_ACCOUNT)
  })

  test('another error is not tried again: the account is counted at once', async ({ assert }) => {
    const [account] = await seedAccounts({ creators: 1, platforms: ['bilibili'] })
    const attempts = failWritesOf(account, () => new Error('disk full'))
    platforms.fake('bilibili', listingAdapter())

    const run = await MetricCollectionService.collect({ date: DAY, trigger: 'cli' })

    assert.equal(run.status, 'finished')
    assert.equal(run.videosFailed, 1)
    assert.equal(attempts(), 1)
    assert.equal(await videoCount(account.id), 0)
  })
})
