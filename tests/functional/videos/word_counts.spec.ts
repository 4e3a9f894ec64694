import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import platforms from '#platforms/main'
import type { VideoStats } from '#platforms/types'
import MetricCollectionService from '#services/metrics/collection_service'
import {
  WORD_SWEEP,
  indexVideoWords,
  rebuildVideoWordCounts,
  sweepVideoWordCounts,
  wholeWordsOf,
} from '#services/videos/video_words'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { fakeAdapter, paged, seedAccounts, type SeededAccount } from '#tests/helpers/collection'
import { creatorWithAccount, videoOf } from '#tests/helpers/videos'

/** A word no video carries: a full recount would remove its row. */
const SENTINEL = 'zzsentinel'

function item(id: string, title: string, views: number, tags: string[] = []): VideoStats {
  return {
    id,
    title,
    tags,
    publishedAt: '2025-12-01T08:00:00.000Z',
    url: `https://www.bilibili.com/video/${id}`,
    views,
    likes: 1,
    comments: 1,
    shares: 1,
    danmaku: 1,
    coins: 1,
    favorites: 1,
    durationS: 100,
    category: '生活',
    thumbnailUrl: null,
  }
}

async function collect(date: string, items: VideoStats[]) {
  platforms.fake(
    'bilibili',
    fakeAdapter({
      name: 'bili-fake',
      listing: (_account, page, pageSize) => paged(items, page, pageSize),
    })
  )
  return MetricCollectionService.collect({ date, trigger: 'cli' })
}

async function storedCounts() {
  const rows = await db.from('video_word_counts').orderBy('word')
  return new Map(
    rows.map((row) => [String(row.word), { videos: Number(row.videos), views: Number(row.views) }])
  )
}

/** The counts of the listed videos' whole words, counted here. */
function expectedCounts(items: VideoStats[]) {
  const counts = new Map<string, { videos: number; views: number }>()
  for (const video of items) {
    for (const word of wholeWordsOf(video.title ?? '', video.tags ?? [])) {
      const entry = counts.get(word) ?? { videos: 0, views: 0 }
      entry.videos++
      entry.views += Number(video.views)
      counts.set(word, entry)
    }
  }
  return counts
}

test.group('videos / suggestion word counts kept by the collection', (group) => {
  setupFunctionalGroup(group)
  let account: SeededAccount
  group.each.setup(async () => {
    ;[account] = await seedAccounts({ platforms: ['bilibili'] })
    const sweep = { ...WORD_SWEEP }
    emitter.fake(['video:first_seen'])
    return () => {
      Object.assign(WORD_SWEEP, sweep)
      emitter.restore()
      platforms.restore()
    }
  })

  test("a run's new, retitled and deleted videos show in the counts without a full recount", async ({
    assert,
    client,
  }) => {
    // no sweep after the runs: only the words the runs changed may be recounted
    WORD_SWEEP.rowsPerRun = 0
    await db.table('video_word_counts').insert({ word: SENTINEL, videos: 7, views: 7 })

    const first = [
      item('BV1', '数据分析 入门', 100),
      item('BV2', '美食 探店', 200, ['探店']),
      item('BV3', '数据分析 进阶', 50),
    ]
    const firstRun = await collect('2026-02-10', first)
    assert.equal(firstRun.status, 'finished')
    let counts = await storedCounts()
    for (const [word, expected] of expectedCounts(first)) {
      assert.deepEqual(counts.get(word), expected, word)
    }
    assert.deepEqual(counts.get('数据分析'), { videos: 2, views: 150 })
    assert.deepEqual(counts.get(SENTINEL), { videos: 7, views: 7 })

    // the next day: BV1 retitled, BV3 gone (a complete listing), BV4 new, BV2 unchanged
    const second = [
      item('BV1', 'Seoul travel vlog', 110),
      item('BV2', '美食 探店', 300, ['探店']),
      item('BV4', '数据分析 实战', 10),
    ]
    const secondRun = await collect('2026-02-11', second)
    assert.equal(secondRun.status, 'finished')
    const deleted = await db
      .from('videos')
      .where('account_id', account.id)
      .where('platform_video_id', 'BV3')
      .first()
    assert.isNotNull(deleted.deleted_on)

    counts = await storedCounts()
    assert.deepEqual(counts.get('数据分析'), { videos: 1, views: 10 })
    assert.deepEqual(counts.get('seoul'), { videos: 1, views: 110 })
    assert.deepEqual(counts.get('vlog'), { videos: 1, views: 110 })
    for (const word of ['入门', '进阶']) assert.isUndefined(counts.get(word), word)
    // untouched words keep their last counts (their views follow with the sweep) …
    assert.deepEqual(counts.get('美食'), { videos: 1, views: 200 })
    // … and nothing else was recounted
    assert.deepEqual(counts.get(SENTINEL), { videos: 7, views: 7 })
    const left = await db.from('video_word_changes').count('* as n').first()
    assert.equal(Number(left.n), 0)

    const staff = await UserFactory.create()
    const response = await client.get('/api/video/suggest_words?q=数据').loginAs(staff)
    response.assertStatus(200)
    const words = (response.body().data.words as { word: string; videos: number }[]).filter(
      (row) => row.word === '数据分析'
    )
    assert.deepEqual(
      words.map((row) => row.videos),
      [1]
    )

    // the sweep then recounts the rest: the views follow, the stray row goes
    const swept = await sweepVideoWordCounts(1_000_000)
    assert.deepEqual(swept, { after: null })
    counts = await storedCounts()
    assert.deepEqual(
      [...counts.entries()].sort(byWord),
      [...expectedCounts(second).entries()].sort(byWord)
    )
  })

  test('the sweep recounts the table a slice at a time, then starts over', async ({ assert }) => {
    const { account: other } = await creatorWithAccount('bilibili')
    for (const [title, views] of [
      ['alpha beta', 10],
      ['gamma delta', 20],
      ['epsilon zeta', 30],
      ['alpha omega', 40],
    ] as const) {
      await videoOf(other, { title, tags: null, views })
    }
    await rebuildVideoWordCounts(2)
    const rebuilt = await storedCounts()
    const exact = [...rebuilt.entries()]
    assert.deepEqual(Object.fromEntries(exact).alpha, { videos: 2, views: 50 })

    // every count wrong, and one word no video carries
    await db.from('video_word_counts').update({ videos: 99, views: 99 })
    await db.table('video_word_counts').insert({ word: SENTINEL, videos: 7, views: 7 })
    WORD_SWEEP.batchRows = 3
    const first = await sweepVideoWordCounts(3)
    assert.isNotNull(first)
    assert.isString(first!.after)
    let counts = await storedCounts()
    // the words up to where it stopped are right, those after it untouched
    for (const [word, value] of counts) {
      if (word <= first!.after!) {
        assert.deepEqual(value, Object.fromEntries(exact)[word], word)
      } else {
        assert.equal(value.videos, word === SENTINEL ? 7 : 99, word)
      }
    }

    let next = first
    for (let run = 0; run < 10 && next?.after; run++) next = await sweepVideoWordCounts(3)
    assert.deepEqual(next, { after: null })
    counts = await storedCounts()
    assert.deepEqual([...counts.entries()], exact)

    // the next sweep starts from the first word again
    const again = await sweepVideoWordCounts(3)
    assert.equal(again!.after, first!.after)
  })

  test('words of videos indexed outside a run wait in the changes until the next run', async ({
    assert,
  }) => {
    const { account: other } = await creatorWithAccount('bilibili')
    const video = await videoOf(other, { title: 'lonely words', tags: null, views: 5 })
    const changes = await db.from('video_word_changes').orderBy('word').select('word')
    assert.includeMembers(
      changes.map((row) => row.word),
      ['lonely', 'words']
    )
    // retitled: only the words gained and lost are appended
    await db.from('video_word_changes').delete()
    video.title = 'lonely planet'
    await indexVideoWords(db.connection(), [video])
    const retitled = await db.from('video_word_changes').orderBy('word').select('word')
    assert.deepEqual(
      retitled.map((row) => row.word),
      ['planet', 'words']
    )
  })
})

function byWord(a: [string, unknown], b: [string, unknown]) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0
}
