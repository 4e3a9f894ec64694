import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import Team from '#models/team'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, seedVideoDataset, videoOf } from '#tests/helpers/videos'
import { VIDEO_VIEW_TIERS } from '#shared/videos'

test.group('videos / list', (group) => {
  setupFunctionalGroup(group)

  test('pages with x-total-count, sorts and filters', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { videoIds } = await seedVideoDataset({ creators: 3, videosPerAccount: 10 })

    const first = await client.get('/api/videos?_start=0&_end=7&_sort=views').loginAs(staff)
    first.assertStatus(200)
    assert.equal(first.header('x-total-count'), String(videoIds.length))
    const rows = first.body() as { views: number; id: number }[]
    assert.lengthOf(rows, 7)
    for (let index = 1; index < rows.length; index++) {
      assert.isAtLeast(rows[index - 1].views, rows[index].views)
    }
    const second = await client.get('/api/videos?_start=7&_end=14&_sort=views').loginAs(staff)
    const ids = new Set([...rows, ...second.body()].map((row: { id: number }) => row.id))
    assert.equal(ids.size, 14)

    const asc = await client
      .get('/api/videos?_sort=published_at&_order=asc&_end=100')
      .loginAs(staff)
    const days = asc.body().map((row: { published_at: string }) => row.published_at)
    assert.deepEqual(days, [...days].sort())

    const youtube = await client.get('/api/videos?platform=youtube&_end=100').loginAs(staff)
    assert.isAbove(youtube.body().length, 0)
    assert.isTrue(youtube.body().every((row: { platform: string }) => row.platform === 'youtube'))

    const all = await client.get('/api/videos?_end=100').loginAs(staff)
    const tier = all.body().find((row: { tier: number }) => row.tier >= 1).tier as number
    const bucket = await client.get(`/api/videos?tier=${tier}&_end=100`).loginAs(staff)
    assert.isAbove(bucket.body().length, 0)
    for (const row of bucket.body()) {
      assert.isAtLeast(row.views, VIDEO_VIEW_TIERS[tier])
      if (tier + 1 < VIDEO_VIEW_TIERS.length) assert.isBelow(row.views, VIDEO_VIEW_TIERS[tier + 1])
      assert.equal(row.tier, tier)
    }

    const deleted = await client.get('/api/videos?deleted=true&_end=100').loginAs(staff)
    assert.isAbove(deleted.body().length, 0)
    assert.isTrue(deleted.body().every((row: { deleted_on: string }) => row.deleted_on !== null))
    const listed = await client.get('/api/videos?deleted=false').loginAs(staff)
    assert.equal(
      Number(listed.header('x-total-count')) + Number(deleted.header('x-total-count')),
      videoIds.length
    )
  })

  test('filters by creator, team, category and upload days', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { account, creator } = await creatorWithAccount('bilibili')
    const other = await creatorWithAccount('youtube')
    const day = DateTime.fromISO('2026-03-10T12:00:00Z')
    await videoOf(account, { publishedAt: day, category: 'game', title: 'Inside' })
    await videoOf(account, { publishedAt: day.minus({ days: 3 }), title: 'Before' })
    await videoOf(other.account, { publishedAt: day, title: 'Other' })

    const mine = await client.get(`/api/videos?creator_id=${creator.id}`).loginAs(staff)
    assert.equal(mine.header('x-total-count'), '2')
    assert.equal(mine.body()[0].creator.brand_no, creator.brandNo)

    const range = await client
      .get(`/api/videos?published_from=2026-03-10&published_to=2026-03-10`)
      .loginAs(staff)
    assert.sameMembers(
      range.body().map((row: { title: string }) => row.title),
      ['Inside', 'Other']
    )
    const game = await client.get('/api/videos?category=game').loginAs(staff)
    assert.deepEqual(
      game.body().map((row: { title: string }) => row.title),
      ['Inside']
    )
    const team = await Team.findByOrFail('key', 'cp1')
    creator.cpTeamId = team.id
    await creator.save()
    const teamed = await client.get('/api/videos?team=cp1').loginAs(staff)
    assert.equal(teamed.header('x-total-count'), '2')
    const none = await client.get('/api/videos?team=cp2').loginAs(staff)
    assert.equal(none.header('x-total-count'), '0')
  })

  test('a creator account sees only its own videos; a company is refused', async ({
    client,
    assert,
  }) => {
    const creatorUser = await UserFactory.apply('creator').create()
    const own = await creatorWithAccount('bilibili', { userId: creatorUser.id })
    const other = await creatorWithAccount('bilibili')
    const mine = await videoOf(own.account, { title: 'Mine' })
    const theirs = await videoOf(other.account, { title: 'Theirs' })

    const list = await client.get('/api/videos').loginAs(creatorUser)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().map((row: { id: number }) => row.id),
      [mine.id]
    )
    await client
      .get(`/api/videos/${mine.id}`)
      .loginAs(creatorUser)
      .then((r) => r.assertStatus(200))
    await client
      .get(`/api/videos/${theirs.id}`)
      .loginAs(creatorUser)
      .then((r) => r.assertStatus(404))

    const company = await UserFactory.apply('company').create()
    const refused = await client.get('/api/videos').loginAs(company)
    refused.assertStatus(403)
  })

  test('bad input is a 422 in the caller language', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const sort = await client.get('/api/videos?_sort=password').loginAs(staff).header('lang', 'kr')
    sort.assertStatus(422)
    assert.match(sort.body().errors[0].message, /[\uac00-\ud7a3]/)
    const tier = await client.get('/api/videos?tier=9').loginAs(staff)
    tier.assertStatus(422)
    const day = await client.get('/api/videos?published_from=2026-02-30').loginAs(staff)
    day.assertStatus(422)
    const platform = await client.get('/api/videos?platform=myspace').loginAs(staff)
    platform.assertStatus(422)
    const id = await client.get('/api/videos/99999999').loginAs(staff).header('lang', 'ch')
    id.assertStatus(404)
  })
})
