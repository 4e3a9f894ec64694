import { test } from '@japa/runner'
import type { ApiRequest } from '@japa/api-client'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import OutsideVideo from '#models/outside_video'
import type User from '#models/user'
import platforms from '#platforms/main'
import { setupFunctionalGroup, rowCount } from '#tests/helpers/functional'
import { growthAdapter } from '#tests/helpers/growth'
import { outsideCreator, outsideVideo, pointsAt } from '#tests/helpers/outside_videos'

/*
| Outside videos (/api/outside_videos): the list's word search, filters and
| sorts, adding a video by its link, starting and stopping, crawl now,
| deleting, and who may do what (OutsidePolicy).
*/
test.group('outside videos / list, add and tracking', (group) => {
  setupFunctionalGroup(group)
  group.each.teardown(() => platforms.restore())

  test('the search finds words of titles and channels the way the managed videos search', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    await outsideVideo({ title: '数据分析入门 第一集' })
    await outsideVideo({ title: '数据可视化 实战教程', views: 90_000 })
    await outsideVideo({
      title: '서울 먹방 브이로그',
      platform: 'youtube',
      platformVideoId: 'aaaaaaaaaa1',
    })
    await outsideVideo({
      title: 'Street food tour in Seoul',
      channelName: 'Seoul Eats',
      platform: 'youtube',
      platformVideoId: 'aaaaaaaaaa2',
    })
    await outsideVideo({ title: 'concatenate strings fast' })

    const search = async (q: string, extra = '') => {
      const response = await client
        .get(`/api/outside_videos?q=${encodeURIComponent(q)}${extra}`)
        .loginAs(staff)
      response.assertStatus(200)
      return (response.body() as { title: string }[]).map((row) => row.title)
    }
    assert.sameMembers(await search('数据'), ['数据分析入门 第一集', '数据可视化 实战教程'])
    assert.deepEqual(await search('数据分析'), ['数据分析入门 第一集'])
    assert.deepEqual(await search('브이로그'), ['서울 먹방 브이로그'])
    assert.deepEqual(await search('stre'), ['Street food tour in Seoul'])
    assert.deepEqual(await search('eats'), ['Street food tour in Seoul'], 'the channel name')
    assert.deepEqual(await search('seoul', '&platform=bilibili'), [])
    // a word, not a piece of one: "cat" is inside "concatenate" but is not its word
    assert.deepEqual(await search('cat'), [])
    assert.deepEqual(await search('concat'), ['concatenate strings fast'])
    assert.deepEqual(await search('nothing-like-this'), [])
  })

  test('filters: platform, origin, state, outside creator, upload days; totals in the header', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const creator = await outsideCreator()
    const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    const a = await outsideVideo({ publishedAt: day('2026-11-01T10:00:00') })
    const b = await outsideVideo({
      origin: 'creator',
      outsideCreatorId: creator.id,
      publishedAt: day('2026-11-02T23:59:00'),
    })
    const c = await outsideVideo({
      platform: 'douyin',
      platformVideoId: '7300000000000000001',
      state: 'stopped',
      publishedAt: day('2026-11-03T00:00:00'),
    })

    const ids = async (query: string) => {
      const response = await client.get(`/api/outside_videos?${query}`).loginAs(staff)
      response.assertStatus(200)
      return {
        ids: (response.body() as { id: number }[]).map((row) => row.id),
        total: Number(response.header('x-total-count')),
      }
    }
    const only = async (query: string) => {
      const { ids: found } = await ids(query)
      return found
    }
    assert.deepEqual(await ids('platform=douyin'), { ids: [c.id], total: 1 })
    assert.sameMembers(await only('platform=douyin,bilibili'), [a.id, b.id, c.id])
    assert.deepEqual(await only('origin=creator'), [b.id])
    assert.deepEqual(await only('state=stopped'), [c.id])
    assert.deepEqual(await only(`outside_creator_id=${creator.id}`), [b.id])
    assert.deepEqual(
      await only('published_from=2026-11-02&published_to=2026-11-02'),
      [b.id],
      'the last day is whole, the next one excluded'
    )
    assert.deepEqual(
      await ids('_sort=published_at&_order=asc&_start=0&_end=2'),
      { ids: [a.id, b.id], total: 3 },
      'one page of the oldest first, the total of all'
    )
    const listed = await client.get('/api/outside_videos?origin=creator').loginAs(staff)
    assert.deepEqual(listed.body()[0].outside_creator, {
      id: creator.id,
      name: creator.name,
      uid: creator.uid,
      platform: 'bilibili',
    })

    const bad = await client
      .get('/api/outside_videos?platform=myspace&window=7&published_from=2026-02-30')
      .header('lang', 'en')
      .loginAs(staff)
    bad.assertStatus(422)
    const fields = (bad.body().errors as { field: string; message: string }[]).map(
      (error) => error.field
    )
    assert.includeMembers(fields, ['platform', 'window', 'published_from'])
    const errors = bad.body().errors as { field: string; message: string }[]
    const window = errors.find((error) => error.field === 'window')!
    assert.equal(window.message, 'The growth window is one of 6, 12, 24, 48 or 60 hours.')
  })

  test('sorted by the views at a growth window: the point nearest the window, videos without one last', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const published = DateTime.utc().minus({ hours: 80 }).startOf('second')
    const a = await outsideVideo({ publishedAt: published, views: 9_000 })
    const b = await outsideVideo({ publishedAt: published, views: 100 })
    const c = await outsideVideo({ publishedAt: published, views: 50_000 })
    // a: 11.0 h and 13.0 h are as near 12 h: the earlier one (900) is read
    await pointsAt(a, [
      [11, 900],
      [13, 1_100],
    ])
    await pointsAt(b, [
      [12, 5_000],
      [20, 6_000],
    ])
    // c: only a point of the 24 h range (18–36 h)
    await pointsAt(c, [[19, 40_000]])

    const order = async (query: string) => {
      const response = await client.get(`/api/outside_videos?${query}`).loginAs(staff)
      response.assertStatus(200)
      return (response.body() as { id: number; window_views: number | null }[]).map((row) => [
        row.id,
        row.window_views,
      ])
    }
    assert.deepEqual(await order('_sort=growth&window=12'), [
      [b.id, 5_000],
      [a.id, 900],
      [c.id, null],
    ])
    assert.deepEqual(await order('_sort=growth&window=12&_order=asc'), [
      [a.id, 900],
      [b.id, 5_000],
      [c.id, null],
    ])
    assert.deepEqual(await order('_sort=growth&window=24'), [
      [c.id, 40_000],
      [b.id, 6_000],
      [a.id, null],
    ])
    const byViews = await order('_sort=views')
    assert.deepEqual(
      byViews.map(([id]) => id),
      [c.id, a.id, b.id]
    )
  })

  test('adding by link: a video of a supported platform, refused links in the reader’s language, a duplicate', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const added = await client
      .post('/api/outside_videos')
      .json({ link: '看这个 https://www.bilibili.com/video/BV1xx411c7mD?p=1 ' })
      .loginAs(staff)
    added.assertStatus(201)
    assert.containsSubset(added.body(), {
      origin: 'link',
      platform: 'bilibili',
      platform_video_id: 'BV1xx411c7mD',
      state: 'running',
      outside_creator: null,
    })
    assert.isNotNull(added.body().next_run_at, 'due at once, for the crawl engine')
    const stored = await OutsideVideo.findOrFail(added.body().id)
    assert.equal(stored.userId, staff.id)

    const bare = await client
      .post('/api/outside_videos')
      .json({ link: 'dQw4w9WgXcQ', platform: 'youtube' })
      .loginAs(staff)
    bare.assertStatus(201)
    assert.equal(bare.body().platform, 'youtube')

    const twice = await client
      .post('/api/outside_videos')
      .header('lang', 'kr')
      .json({ link: 'https://www.bilibili.com/video/BV1xx411c7mD' })
      .loginAs(staff)
    twice.assertStatus(409)
    assert.equal(twice.body().message, '이미 추적 중인 영상입니다.')

    const refused = async (body: object, lang: string) => {
      const response = await client
        .post('/api/outside_videos')
        .header('lang', lang)
        .json(body)
        .loginAs(staff)
      response.assertStatus(422)
      return response.body().errors as { field: string; message: string }[]
    }
    const foreign = await refused({ link: 'https://example.com/watch?v=1' }, 'kr')
    assert.lengthOf(foreign, 1)
    assert.containsSubset(foreign[0], {
      field: 'link',
      message: '지원하는 플랫폼의 영상 링크가 아닙니다(또는 선택한 플랫폼의 링크가 아닙니다).',
    })
    const short = await refused({ link: 'https://b23.tv/abcd12' }, 'ch')
    assert.equal(short[0].message, '短链接无法识别视频：请打开它，粘贴跳转后的地址。')
    const wrongPlatform = await refused(
      { link: 'https://www.bilibili.com/video/BV1xx411c7mD', platform: 'douyin' },
      'jp'
    )
    assert.equal(wrongPlatform[0].field, 'link')
    const empty = await refused({ link: '   ' }, 'en')
    assert.equal(empty[0].field, 'link')
    assert.equal(await rowCount('outside_videos'), 2)
  })

  test('stop and start; crawl now reads the platform and answers the run', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const published = DateTime.utc().minus({ hours: 5 })
    const video = await outsideVideo({ platformVideoId: 'BV1crawl0001', publishedAt: published })

    const stopped = await client
      .patch(`/api/outside_videos/${video.id}`)
      .json({ state: 'stopped' })
      .loginAs(staff)
    stopped.assertStatus(200)
    assert.equal(stopped.body().state, 'stopped')
    assert.isNull(stopped.body().next_run_at, 'a stopped video is never due')
    const started = await client
      .patch(`/api/outside_videos/${video.id}`)
      .json({ state: 'running' })
      .loginAs(staff)
    assert.equal(started.body().state, 'running')
    assert.isNotNull(started.body().next_run_at)
    const bad = await client
      .patch(`/api/outside_videos/${video.id}`)
      .json({ state: 'paused' })
      .loginAs(staff)
    bad.assertStatus(422)

    const adapter = growthAdapter((id) => (id === 'BV1crawl0001' ? 777 : null))
    platforms.fake('bilibili', adapter)
    const crawled = await client.post(`/api/outside_videos/${video.id}/crawl`).loginAs(staff)
    crawled.assertStatus(200)
    assert.containsSubset(crawled.body(), { trigger: 'manual', status: 'succeeded', views: 777 })
    assert.deepEqual(adapter.calls, [['BV1crawl0001']])

    const detail = await client.get(`/api/outside_videos/${video.id}`).loginAs(staff)
    assert.equal(detail.body().views, 777)
    assert.lengthOf(detail.body().points, 1)
    assert.equal(detail.body().points[0].views, 777)
    assert.equal(detail.body().runs[0].status, 'succeeded')

    const missing = await client.get('/api/outside_videos/999999').loginAs(staff)
    missing.assertStatus(404)
    const notNumber = await client.get('/api/outside_videos/abc').loginAs(staff)
    notNumber.assertStatus(422)
  })

  test('who may: the staff side reads, adds and crawls; managers delete; creators and companies see nothing', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const manager = await UserFactory.apply('manager').create()
    const creator = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    const video = await outsideVideo({ publishedAt: DateTime.utc().minus({ hours: 30 }) })
    await pointsAt(video, [[6, 10]])

    const status = async (request: ApiRequest, user: User) => {
      const response = await request.loginAs(user)
      return response.status()
    }
    for (const outsider of [creator, company]) {
      const asked = [
        client.get('/api/outside_videos'),
        client.get(`/api/outside_videos/${video.id}`),
        client.get(`/api/outside_videos/${video.id}/comparison`),
        client
          .post('/api/outside_videos')
          .json({ link: 'https://www.bilibili.com/video/BV1xx411c7mD' }),
        client.post(`/api/outside_videos/${video.id}/crawl`),
        client.patch(`/api/outside_videos/${video.id}`).json({ state: 'stopped' }),
      ]
      for (const request of asked) assert.equal(await status(request, outsider), 403)
    }
    assert.equal(await status(client.delete(`/api/outside_videos/${video.id}`), staff), 403)
    assert.equal(await status(client.get(`/api/outside_videos/${video.id}`), staff), 200)

    const removed = await client.delete(`/api/outside_videos/${video.id}`).loginAs(manager)
    removed.assertStatus(204)
    assert.isNull(await OutsideVideo.find(video.id))
    assert.equal(await rowCount('outside_video_points', { outside_video_id: video.id }), 0)
  })
})
