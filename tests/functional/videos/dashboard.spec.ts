import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, seedVideoDataset, videoOf } from '#tests/helpers/videos'
import { VIDEO_VIEW_TIERS } from '#shared/videos'

/** Titles of a dashboard list, in order. */
const titles = (rows: { title: string }[]) => rows.map((row) => row.title)

test.group('videos / dashboard', (group) => {
  setupFunctionalGroup(group)

  test('rapid-rise tops by gain and by rate on a hand-computed set', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    // views, views_week → views before the week and the rate
    // A: 100,000 total, 60,000 this week → before 40,000, rate 1.5
    // B: 30,000, 25,000 → before 5,000, rate 5
    // C: 2,000,000, 200,000 → before 1,800,000, rate 0.111
    // D: 5,500, 5,000 → before 500 (< 1,000: no rate)
    // E: 12,000, 9,000 → before 3,000, rate 3
    // F: 8,000, 0 → no gain
    const set = [
      ['A', 100_000, 60_000, 70_000],
      ['B', 30_000, 25_000, 30_000],
      ['C', 2_000_000, 200_000, 900_000],
      ['D', 5_500, 5_000, 5_500],
      ['E', 12_000, 9_000, 12_000],
      ['F', 8_000, 0, 100],
    ] as const
    for (const [title, views, week, month] of set) {
      await videoOf(account, { title, views, viewsWeek: week, viewsMonth: month })
    }
    const response = await client.get('/api/videos/dashboard').loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(titles(body.weekly_top), ['C', 'A', 'B', 'E', 'D'])
    assert.deepEqual(titles(body.weekly_rate_top), ['B', 'E', 'A', 'C'])
    assert.closeTo(body.weekly_rate_top[0].rate, 5, 1e-9)
    assert.closeTo(body.weekly_rate_top[2].rate, 1.5, 1e-9)
    assert.deepEqual(titles(body.monthly_top), ['C', 'A', 'B', 'E', 'D', 'F'])
    assert.equal(body.total, 6)
  })

  test('counts videos per view tier and filters every panel', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    const youtube = await creatorWithAccount('youtube')
    const counts = [9_999, 10_000, 49_999, 50_000, 100_000, 499_999, 500_000, 1_000_000, 5_000_000]
    for (const views of counts) await videoOf(account, { views, title: `V${views}` })
    await videoOf(youtube.account, { views: 60_000, title: 'YT' })
    await videoOf(account, {
      views: 70_000,
      title: 'Gone',
      deletedOn: DateTime.utc().toISODate(),
    })

    const all = await client.get('/api/videos/dashboard').loginAs(staff)
    const tiers = all.body().tiers.map((tier: { videos: number }) => tier.videos)
    // [10k,50k) [50k,100k) [100k,500k) [500k,1M) [1M,5M) [5M,∞)
    assert.deepEqual(tiers, [2, 2, 2, 1, 1, 1])
    assert.equal(all.body().tiers[5].min, VIDEO_VIEW_TIERS[5])
    assert.isNull(all.body().tiers[5].max)
    assert.equal(all.body().total, 10)
    assert.notInclude(titles(all.body().recent), 'Gone')

    const bilibili = await client.get('/api/videos/dashboard?platform=bilibili').loginAs(staff)
    assert.deepEqual(
      bilibili.body().tiers.map((tier: { videos: number }) => tier.videos),
      [2, 1, 2, 1, 1, 1]
    )
    const tier1 = await client.get('/api/videos/dashboard?tier=1').loginAs(staff)
    assert.sameMembers(titles(tier1.body().recent), ['V50000', 'YT'])
    const deleted = await client.get('/api/videos/dashboard?deleted=true').loginAs(staff)
    assert.deepEqual(titles(deleted.body().recent), ['Gone'])

    const spec = await client.get('/api/video/dashboard?platform=youtube').loginAs(staff)
    spec.assertStatus(200)
    assert.equal(spec.body().status, 0)
    assert.deepEqual(titles(spec.body().data.recent), ['YT'])
  })

  test('a bulk dataset answers every panel and the cached answer is the same', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    await seedVideoDataset({ creators: 4, videosPerAccount: 12 })
    const first = await client.get('/api/videos/dashboard').loginAs(staff)
    first.assertStatus(200)
    assert.lengthOf(first.body().weekly_top, 10)
    assert.lengthOf(first.body().recent, 10)
    const again = await client.get('/api/videos/dashboard').loginAs(staff)
    assert.deepEqual(again.body(), first.body())
  })

  test('a creator sees its own videos only; a company is refused; bad filters are 422', async ({
    client,
    assert,
  }) => {
    const creatorUser = await UserFactory.apply('creator').create()
    const own = await creatorWithAccount('bilibili', { userId: creatorUser.id })
    const other = await creatorWithAccount('bilibili')
    await videoOf(own.account, { title: 'Mine', viewsWeek: 10 })
    await videoOf(other.account, { title: 'Theirs', viewsWeek: 100 })
    const mine = await client.get('/api/videos/dashboard').loginAs(creatorUser)
    assert.deepEqual(titles(mine.body().weekly_top), ['Mine'])
    assert.equal(mine.body().total, 1)

    const company = await UserFactory.apply('company').create()
    const refused = await client.get('/api/video/dashboard').loginAs(company)
    refused.assertStatus(403)

    const staff = await UserFactory.create()
    const bad = await client
      .get('/api/videos/dashboard?published_from=yesterday')
      .loginAs(staff)
      .header('lang', 'jp')
    bad.assertStatus(422)
    assert.match(bad.body().errors[0].message, /投稿開始日/)
  })
})
