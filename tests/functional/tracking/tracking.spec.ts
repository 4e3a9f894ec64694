import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type Creator from '#models/creator'
import { MemoFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { VideoFactory } from '#database/factories/video_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { usersOfEveryRole } from '#tests/helpers/users'
import { seedTracking, type TrackingSeed } from '#tests/helpers/tracking'
import {
  accountOf,
  creatorWithAccount,
  daily,
  insertSnapshots,
  march,
  snapshotRows,
  type AccountRef,
} from '#tests/helpers/metrics'

/*
| The list runs on seedTracking's March 2025 (tests/helpers/tracking.ts):
| A +1,000 fans (10 %), B +500 (50 %), C +800 (0.8 %) over 4–10 March.
| The detail's creator M has bilibili + youtube, totals 800, 900, 950,
| 1,010, 2,500, 5,000, 4,900, 10,100, 10,000, 11,000: 1k on 4 March, 5k on
| the 6th, 10k on the 8th.
*/

interface Given extends TrackingSeed {
  users: Awaited<ReturnType<typeof usersOfEveryRole>>
}

async function seed(): Promise<Given> {
  const users = await usersOfEveryRole()
  return { users, ...(await seedTracking(users.creator)) }
}

const ids = (rows: { creator_id: number }[]) => rows.map((row) => row.creator_id)

test.group('creator tracking / list', (group) => {
  const given = setupGroupWith(group, seed)

  test('sorts by growth as a count or as a rate, by fans and views, with ranks', async ({
    client,
    assert,
  }) => {
    const { a, b, c, users } = given
    const byCount = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'growth', mode: 'count' })
      .loginAs(users.staff)
    byCount.assertStatus(200)
    assert.equal(byCount.header('x-total-count'), '3')
    assert.deepEqual(ids(byCount.body()), [a.id, c.id, b.id])
    const alpha = byCount.body()[0]
    assert.include(alpha, {
      channel_name: 'Alpha Kitchen',
      fans: 11_000,
      fans_diff: 1_000,
      views: 150_000,
      views_diff: 50_000,
      increase_fans: 1_000,
      increase_views: 50_000,
      week_rank: 1,
      month_rank: 1,
      favorite: false,
      pending: 0,
    })
    assert.closeTo(alpha.fans_rate, 0.1, 1e-9)
    assert.closeTo(alpha.views_rate, 0.5, 1e-9)
    assert.deepEqual(alpha.platforms, ['bilibili'])

    const byRate = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'growth', mode: 'rate' })
      .loginAs(users.staff)
    assert.deepEqual(ids(byRate.body()), [b.id, a.id, c.id])
    assert.closeTo(byRate.body()[0].increase_fans, 0.5, 1e-9)
    assert.closeTo(byRate.body()[0].increase_views, 0.02, 1e-9)

    const byFans = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'fans' })
      .loginAs(users.staff)
    assert.deepEqual(ids(byFans.body()), [c.id, a.id, b.id])
    const byViews = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'views', order: 'asc' })
      .loginAs(users.staff)
    assert.deepEqual(ids(byViews.body()), [c.id, a.id, b.id])
    const byWeekRank = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'week_rank' })
      .loginAs(users.staff)
    assert.deepEqual(
      byWeekRank.body().map((row: any) => [row.creator_id, row.week_rank]),
      [
        [a.id, 1],
        [c.id, 2],
        [b.id, 3],
      ]
    )
    const byMonthRank = await client
      .get('/api/creator-tracking')
      .qs({ sort: 'month_rank', order: 'desc' })
      .loginAs(users.staff)
    assert.deepEqual(ids(byMonthRank.body()), [b.id, c.id, a.id])
  })

  test('pages with _start/_end, searches by name', async ({ client, assert }) => {
    const { a, c, users } = given
    const page = await client
      .get('/api/creator-tracking')
      .qs({ _start: 1, _end: 2 })
      .loginAs(users.staff)
    assert.equal(page.header('x-total-count'), '3')
    assert.deepEqual(ids(page.body()), [c.id])
    const found = await client.get('/api/creator-tracking').qs({ q: 'alpha' }).loginAs(users.staff)
    assert.deepEqual(ids(found.body()), [a.id])
  })

  test('the fav tab lists only the user’s favourites', async ({ client, assert }) => {
    const { c, users } = given
    await client.post('/api/user/favorites').json({ creator_id: c.id }).loginAs(users.staff)
    const fav = await client.get('/api/creator-tracking').qs({ tab: 'fav' }).loginAs(users.staff)
    fav.assertStatus(200)
    assert.deepEqual(ids(fav.body()), [c.id])
    assert.isTrue(fav.body()[0].favorite)
    // another user's favourites are their own
    const other = await client
      .get('/api/creator-tracking')
      .qs({ tab: 'fav' })
      .loginAs(users.manager)
    assert.deepEqual(other.body(), [])
  })

  test('a creator account sees only its own creator; a company nothing', async ({
    client,
    assert,
  }) => {
    const { a, b, users } = given
    const own = await client.get('/api/creator-tracking').loginAs(users.creator)
    own.assertStatus(200)
    assert.deepEqual(ids(own.body()), [b.id])
    assert.equal(own.body()[0].week_rank, 1)
    const spec = await client.get('/api/creator/v2').loginAs(users.creator)
    assert.deepEqual(ids(spec.body().data.items), [b.id])

    const otherDetail = await client.get(`/api/creator-tracking/${a.id}`).loginAs(users.creator)
    otherDetail.assertStatus(404)
    const otherAchievements = await client
      .get('/api/creator')
      .qs({ id: a.id })
      .loginAs(users.creator)
    otherAchievements.assertStatus(404)
    const otherMonth = await client
      .get('/api/creator/dashboard/month')
      .qs({ id: a.id })
      .loginAs(users.creator)
    otherMonth.assertStatus(404)

    const ownDetail = await client.get(`/api/creator-tracking/${b.id}`).loginAs(users.creator)
    ownDetail.assertStatus(200)
    // the agency's memos are not the creator's to read
    assert.isNull(ownDetail.body().data.memos)

    for (const url of [
      '/api/creator-tracking',
      '/api/creator/v2',
      `/api/creator-tracking/${b.id}`,
    ]) {
      const refused = await client.get(url).loginAs(users.company)
      refused.assertStatus(403)
    }
  })

  test('the SPEC §7 list answers the envelope with the list’s choices', async ({
    client,
    assert,
  }) => {
    const { a, c, b, users } = given
    const response = await client
      .get('/api/creator/v2/')
      .qs({ tab: 'all', sort: 'growth', mode: 'rate', limit: 2 })
      .loginAs(users.staff)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.status, 0)
    assert.include(body.data, {
      total: 3,
      tab: 'all',
      sort: 'growth',
      mode: 'rate',
      period: 'week',
    })
    assert.deepEqual(body.data.range, { start: march(4), end: march(10), days: 7 })
    assert.deepEqual(ids(body.data.items), [b.id, a.id])
    assert.notInclude(ids(body.data.items), c.id)
  })

  test('bad input is a 422 in the caller’s language, never a 5xx', async ({ client, assert }) => {
    const { users, a } = given
    for (const qs of [
      { sort: 'likes' },
      { mode: 'percent' },
      { tab: 'mine' },
      { period: 'year' },
      { order: 'up' },
      { limit: 1000 },
      { _start: -1 },
      { q: 'x'.repeat(101) },
    ]) {
      const response = await client.get('/api/creator-tracking').qs(qs).loginAs(users.staff)
      response.assertStatus(422)
      assert.isString(response.body().message, JSON.stringify(qs))
    }
    for (const [url, qs] of [
      ['/api/creator', {}],
      ['/api/creator', { id: 'abc' }],
      ['/api/creator/dashboard/month', { id: a.id, month: '2025-13' }],
      ['/api/creator/dashboard/month', { id: a.id, month: '2025-3' }],
      ['/api/creator/v2', { sort: 'x' }],
    ] as [string, Record<string, unknown>][]) {
      const response = await client.get(url).qs(qs).loginAs(users.staff)
      response.assertStatus(422)
    }
    const korean = await client
      .get('/api/creator-tracking')
      .qs({ mode: 'percent' })
      .header('lang', 'kr')
      .loginAs(users.staff)
    assert.equal(korean.body().message, '증가 표시는 count 또는 rate여야 합니다')
    const japanese = await client
      .get('/api/creator/dashboard/month')
      .qs({ id: a.id, month: 'march' })
      .header('lang', 'jp')
      .loginAs(users.staff)
    assert.equal(japanese.body().message, '月は YYYY-MM の形式で入力してください')
    const missing = await client.get('/api/creator-tracking/999999').loginAs(users.staff)
    missing.assertStatus(404)
  })
})

test.group('creator tracking / detail', (group) => {
  const given = setupGroupWith(group, async () => {
    const users = await usersOfEveryRole()
    const { creator, account } = await creatorWithAccount(
      'bilibili',
      { lastCollectedAt: DateTime.utc() },
      { channelName: 'Milestone Studio' }
    )
    return { users, creator, account }
  })

  /** Another account of the creator (YouTube unless `fields` say otherwise), collected today. */
  async function withYoutube(creator: Creator, fields: Record<string, unknown> = {}) {
    const account = await PlatformAccountFactory.merge({
      creatorId: creator.id,
      platform: 'youtube',
      lastCollectedAt: DateTime.utc(),
      ...fields,
    }).create()
    return accountOf(creator, account.platform)
  }

  function milestoneRows(bilibili: AccountRef, youtube: AccountRef) {
    const bili = [800, 900, 950, 980, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000]
    const yt = [0, 0, 0, 30, 500, 3_000, 2_900, 8_100, 8_000, 9_000]
    return [
      ...snapshotRows(
        bilibili,
        daily(1, 10, (d) => ({ fans: bili[d - 1], views: 1_000 * d }))
      ),
      ...snapshotRows(
        youtube,
        daily(1, 10, (d) => ({ fans: yt[d - 1], views: 3_000 * d }))
      ),
    ]
  }

  test('milestones are dated from the daily history of the summed fans', async ({
    client,
    assert,
  }) => {
    const { users, creator, account } = given
    const youtube = await withYoutube(creator)
    await insertSnapshots(milestoneRows(account, youtube))

    const response = await client.get('/api/creator/').qs({ id: creator.id }).loginAs(users.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.include(data, {
      creator_id: creator.id,
      first_day: march(1),
      last_day: march(10),
      fans: 11_000,
    })
    assert.deepEqual(
      data.milestones.map((m: any) => [m.tier, m.reached_on, m.fans, m.before_history]),
      [
        [1_000, march(4), 1_010, false],
        [5_000, march(6), 5_000, false],
        [10_000, march(8), 10_100, false],
        [30_000, null, null, false],
        [50_000, null, null, false],
        [100_000, null, null, false],
        [300_000, null, null, false],
        [500_000, null, null, false],
        [1_000_000, null, null, false],
      ]
    )
  })

  test('the detail: milestones, daily records, platform share, memos, keywords, pending items', async ({
    client,
    assert,
  }) => {
    const { users, creator, account } = given
    const youtube = await withYoutube(creator)
    await insertSnapshots(milestoneRows(account, youtube))
    await MemoFactory.merge({
      creatorId: creator.id,
      userId: users.staff.id,
      body: 'Call on Monday',
    }).create()
    // a Douyin account never collected and a Weibo account whose collection failed
    await withYoutube(creator, { platform: 'douyin', lastCollectedAt: null })
    await withYoutube(creator, {
      platform: 'weibo',
      collectStatus: 1,
      collectError: 'network: timed out',
      collectFailedAt: DateTime.utc(),
    })
    const bilibili = { accountId: account.id, creatorId: creator.id, platform: 'bilibili' as const }
    for (const title of [
      '成都火锅探店',
      '重庆 火锅 vlog',
      '東京でラーメンを食べる',
      '서울 라면 먹방',
      'Best ramen vlog',
    ]) {
      await VideoFactory.merge({ ...bilibili, title }).create()
    }

    const response = await client.get(`/api/creator-tracking/${creator.id}`).loginAs(users.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.creator.channel_name, 'Milestone Studio')
    assert.equal(data.milestones[0].reached_on, march(4))
    assert.lengthOf(data.daily, 10)
    assert.deepEqual(data.daily[0], {
      date: march(10),
      fans: 11_000,
      fans_diff: 1_000,
      views: 40_000,
      views_diff: 4_000,
      likes_diff: 0,
      comments_diff: 0,
      videos_diff: 0,
    })
    assert.deepEqual(
      data.platforms.items.map((item: any) => [item.platform, item.fans, item.views]),
      [
        ['bilibili', 2_000, 10_000],
        ['youtube', 9_000, 30_000],
      ]
    )
    assert.closeTo(data.platforms.items[1].fans_share, 9 / 11, 1e-9)
    assert.closeTo(data.platforms.items[0].views_share, 0.25, 1e-9)
    assert.deepEqual(
      data.memos.map((memo: any) => memo.body),
      ['Call on Monday']
    )
    const words = Object.fromEntries(data.keywords.words.map((k: any) => [k.word, k.count]))
    assert.equal(data.keywords.titles, 5)
    assert.equal(words['火锅'], 2)
    assert.equal(words['vlog'], 2)
    assert.equal(words['ramen'], 1)
    assert.equal(words['ラーメン'], 1)
    assert.equal(words['라면'], 1)
    assert.deepEqual(
      data.pending.map((item: any) => [item.platform, item.reasons]),
      [
        ['weibo', ['collect']],
        ['douyin', ['never_collected']],
      ]
    )
    assert.equal(data.pending[0].collect_error_code, 'network')

    const list = await client.get('/api/creator-tracking').loginAs(users.staff)
    const row = list.body().find((item: any) => item.creator_id === creator.id)
    assert.equal(row.pending, 2)
  })

  test('a creator’s month figures (SPEC §7 /api/creator/dashboard/month/)', async ({
    client,
    assert,
  }) => {
    const { users, creator, account } = given
    const youtube = await withYoutube(creator)
    await insertSnapshots(milestoneRows(account, youtube))
    const response = await client
      .get('/api/creator/dashboard/month/')
      .qs({ id: creator.id, month: '2025-03' })
      .loginAs(users.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(data.month, '2025-03')
    assert.deepEqual(data.range, { start: march(1), end: march(10), days: 10 })
    assert.include(data.total, { fans: 11_000, fans_diff: 10_200, views: 40_000 })
    // the default month is the newest collected day's
    const latest = await client
      .get('/api/creator/dashboard/month')
      .qs({ id: creator.id })
      .loginAs(users.staff)
    assert.equal(latest.body().data.month, '2025-03')
  })
})
