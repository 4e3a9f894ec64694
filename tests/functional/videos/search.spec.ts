import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorWithAccount, videoOf } from '#tests/helpers/videos'
import { rebuildVideoWordCounts, wholeWordsOf } from '#services/videos/video_words'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'
import { videoQuery } from '#services/videos/video_query'
import { countUpTo } from '#support/pagination'
import { VIDEO_SEARCH_COUNT_CAP } from '#shared/videos'
import type { VideoListParams } from '#validators/video'

test.group('videos / search and suggestions', (group) => {
  setupFunctionalGroup(group)

  test('whole words of Chinese, Korean, Japanese and English titles', ({ assert }) => {
    assert.includeMembers([...wholeWordsOf('数据分析入门 第一集')], ['数据分析', '入门'])
    assert.includeMembers([...wholeWordsOf('서울 먹방 브이로그')], ['서울', '먹방', '브이로그'])
    assert.includeMembers([...wholeWordsOf('東京カフェ巡り vlog')], ['vlog'])
    assert.includeMembers(
      [...wholeWordsOf('Street Food tour', ['Seoul Eats'])],
      ['street', 'food', 'tour', 'seoul eats']
    )
  })

  test('search finds titles and tags in every language, narrowed by the filters', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    const youtube = await creatorWithAccount('youtube')
    await videoOf(account, { title: '数据分析入门 第一集', views: 5_000 })
    await videoOf(account, { title: '数据可视化 实战教程', views: 90_000 })
    await videoOf(account, { title: '서울 먹방 브이로그', tags: '맛집,food' })
    await videoOf(youtube.account, { title: 'Street food tour in Seoul', tags: 'travel' })
    await videoOf(youtube.account, { title: '東京カフェ巡り vlog' })

    const search = async (q: string, extra = '') => {
      const response = await client
        .get(`/api/videos?q=${encodeURIComponent(q)}${extra}`)
        .loginAs(staff)
      response.assertStatus(200)
      return response.body().map((row: { title: string }) => row.title) as string[]
    }
    assert.sameMembers(await search('数据'), ['数据分析入门 第一集', '数据可视化 实战教程'])
    assert.deepEqual(await search('数据分析'), ['数据分析入门 第一集'])
    assert.deepEqual(await search('브이로그'), ['서울 먹방 브이로그'])
    assert.deepEqual(await search('맛집'), ['서울 먹방 브이로그'])
    assert.sameMembers(await search('food'), ['서울 먹방 브이로그', 'Street food tour in Seoul'])
    assert.deepEqual(await search('food', '&platform=youtube'), ['Street food tour in Seoul'])
    assert.deepEqual(await search('stre'), ['Street food tour in Seoul'])
    assert.deepEqual(await search('カフェ'), ['東京カフェ巡り vlog'])
    assert.deepEqual(await search('nothing-like-this'), [])

    const spec = await client.get('/api/video/search?q=数据&_sort=views').loginAs(staff)
    spec.assertStatus(200)
    assert.equal(spec.body().data.total, 2)
    assert.equal(spec.body().data.items[0].title, '数据可视化 实战教程')
  })

  test('a word search counts its matches up to the cap: below it exactly, past it one more', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    for (const n of [1, 2, 3, 4, 5]) await videoOf(account, { title: `料理 第${n}集` })
    await videoOf(account, { title: '旅行 日记' })

    const listed = await client.get('/api/videos?q=料理').loginAs(staff)
    listed.assertStatus(200)
    assert.equal(listed.header('x-total-count'), '5')
    const spec = await client.get('/api/video/search?q=料理').loginAs(staff)
    assert.equal(spec.body().data.total, 5)

    // the count a search uses, with a small cap: it reads no further than the cap
    const query = () => videoQuery(staff, { q: '料理' } as VideoListParams)
    assert.equal(await countUpTo(query(), 3, 'videos.id'), 3)
    assert.equal(await countUpTo(query(), 6, 'videos.id'), 5)
    assert.equal(await countUpTo(query(), VIDEO_SEARCH_COUNT_CAP + 1, 'videos.id'), 5)
  })

  test('suggestions rank words by use then views, titles by views; a creator sees its own', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const creatorUser = await UserFactory.apply('creator').create()
    const own = await creatorWithAccount('bilibili', { userId: creatorUser.id })
    const other = await creatorWithAccount('bilibili')
    await videoOf(other.account, { title: '数据分析入门', views: 1_000 })
    await videoOf(other.account, { title: '数据分析进阶', views: 50_000 })
    await videoOf(other.account, { title: '数据库 教程', views: 900_000 })
    await videoOf(own.account, { title: '数据库 设计', views: 10 })
    await rebuildVideoWordCounts()

    const response = await client.get('/api/videos/suggest?q=数据').loginAs(staff)
    response.assertStatus(200)
    const words = response.body().words.map((row: { word: string }) => row.word)
    assert.deepEqual(words.slice(0, 2), ['数据库', '数据分析'])
    assert.equal(response.body().words[0].videos, 2)
    assert.deepEqual(
      response.body().titles.map((row: { title: string }) => row.title),
      ['数据库 教程', '数据库 设计']
    )

    const mine = await client.get('/api/video/suggest_words?q=数据').loginAs(creatorUser)
    mine.assertStatus(200)
    assert.deepEqual(
      mine.body().data.words.map((row: { word: string }) => row.word),
      ['数据库']
    )
    assert.deepEqual(
      mine.body().data.titles.map((row: { title: string }) => row.title),
      ['数据库 设计']
    )

    const empty = await client.get('/api/videos/suggest?q=').loginAs(staff).header('lang', 'ch')
    empty.assertStatus(422)
    assert.match(empty.body().errors[0].message, /搜索词/)
  })

  test('the filtered list downloads as a real workbook', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const { account } = await creatorWithAccount('bilibili')
    await videoOf(account, { title: '吉他弹唱 晴天', views: 12_345 })
    await videoOf(account, { title: 'Other', views: 1 })
    const response = await client
      .get(`/api/videos/export?q=${encodeURIComponent('吉他')}`)
      .loginAs(staff)
      .header('lang', 'kr')
    response.assertStatus(200)
    assert.include(response.header('content-disposition'), 'videos-')
    const workbook = await loadWorkbook(response.body())
    const rows = rowsOf(workbook.getWorksheet('Videos')!)
    assert.equal(rows[0][0], '제목')
    assert.lengthOf(rows, 2)
    assert.equal(rows[1][0], '吉他弹唱 晴天')
    assert.equal(rows[1][5], 12_345)

    const company = await UserFactory.apply('company').create()
    const refused = await client.get('/api/videos/export').loginAs(company)
    refused.assertStatus(403)
  })
})
