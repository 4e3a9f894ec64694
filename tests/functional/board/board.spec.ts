import { test } from '@japa/runner'
import BoardPost from '#models/board_post'
import Notification from '#models/notification'
import { UserFactory } from '#database/factories/user_factory'
import { BoardPostFactory } from '#database/factories/board_factory'
import { fakeDrive, setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus, NO_PERMISSION } from '#tests/helpers/requests'
import { sanitizeBoardHtml } from '#services/board/board_text'

function post(overrides: Record<string, unknown> = {}) {
  return {
    category: 'cp_analysis',
    title: 'Weekly numbers',
    content: '<p>Fans grew this week.</p>',
    status: 'published',
    ...overrides,
  }
}

test.group('board / sanitising', () => {
  test('hostile HTML loses scripts, handlers, javascript: and data: URLs', ({ assert }) => {
    const cases: [string, string][] = [
      ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
      ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
      [
        '<a href="javascript:alert(1)">x</a>',
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      ],
      [
        '<a href="JaVaScRiPt&#58;alert(1)">x</a>',
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      ],
      ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
      ['<svg onload="alert(1)"><circle /></svg>ok', 'ok'],
      ['<iframe src="https://evil.example"></iframe>f', 'f'],
      ['<p>a<img src="data:image/svg+xml;base64,PHN2Zz4=">b</p>', '<p>ab</p>'],
      // Pictures from other sites would track readers: dropped; the studio's own stay.
      ['<p>a<img src="https://tracker.example/p.gif?u=1">b</p>', '<p>ab</p>'],
      ['<p>a<img src="//tracker.example/p.gif">b</p>', '<p>ab</p>'],
      ['<img src="/api/board/attachments/1">', '<img src="/api/board/attachments/1" />'],
      [
        '<p onclick="steal()" class="ql-align-center evil">c</p>',
        '<p class="ql-align-center">c</p>',
      ],
      ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
      ['<form action="/x"><input value="y"></form>z', 'z'],
    ]
    for (const [input, expected] of cases) assert.equal(sanitizeBoardHtml(input), expected, input)
    assert.equal(
      sanitizeBoardHtml('<h2>T</h2><ul><li><a href="https://mcn.example/a">a</a></li></ul>'),
      '<h2>T</h2><ul><li><a href="https://mcn.example/a" target="_blank" rel="noopener noreferrer nofollow">a</a></li></ul>'
    )
  })
})

test.group('board / posts', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(fakeDrive)

  test('stored HTML is the sanitised one, whatever was sent', async ({ client, assert }) => {
    const staff = await UserFactory.create()
    const response = await client
      .post('/api/board/posts')
      .loginAs(staff)
      .json(post({ content: '<p onmouseover="x()">hello<script>alert(1)</script></p>' }))
    response.assertStatus(201)
    assert.equal(response.body().content, '<p>hello</p>')
    const row = await BoardPost.findOrFail(response.body().id)
    assert.equal(row.contentHtml, '<p>hello</p>')
    assert.notInclude(row.contentHtml, 'script')
    const empty = await client
      .post('/api/board/posts')
      .loginAs(staff)
      .json(post({ content: '<script>x</script>' }))
    empty.assertStatus(422)
  })

  test('search finds Chinese words inside sentences, Korean with particles, and English', async ({
    client,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const titles = [
      ['本周抖音数据分析报告', '<p>粉丝增长主要来自短视频。</p>'],
      ['유튜브 성장 보고서', '<p>이번 주 구독자가 크게 늘었습니다.</p>'],
      ['Bilibili contract renewal', '<p>Negotiation notes.</p>'],
    ]
    for (const [title, content] of titles) {
      await expectStatus(
        client.post('/api/board/posts').loginAs(staff).json(post({ title, content })),
        201
      )
    }
    const find = async (q: string) => {
      const response = await client.get('/api/board/posts').qs({ q }).loginAs(staff)
      response.assertStatus(200)
      return response.body().map((row: { title: string }) => row.title)
    }
    assert.deepEqual(await find('数据'), ['本周抖音数据分析报告'])
    assert.deepEqual(await find('分析报告'), ['本周抖音数据分析报告'])
    assert.deepEqual(await find('短视频'), ['本周抖音数据分析报告'])
    assert.deepEqual(await find('구독자'), ['유튜브 성장 보고서'])
    assert.deepEqual(await find('성장'), ['유튜브 성장 보고서'])
    assert.deepEqual(await find('RENEWAL'), ['Bilibili contract renewal'])
    assert.deepEqual(await find('小红书'), [])
    assert.deepEqual(await find('%'), [])
  })

  test('drafts are seen by their author only; a published post is not un-published', async ({
    client,
    assert,
  }) => {
    const author = await UserFactory.create()
    const other = await UserFactory.create()
    const { id } = await BoardPostFactory.apply('draft')
      .merge({ authorId: author.id, title: 'Half done' })
      .create()
    const mine = await client.get('/api/board/posts').qs({ status: 'draft' }).loginAs(author)
    assert.deepEqual(
      mine.body().map((row: { id: number }) => row.id),
      [id]
    )
    const theirs = await client.get('/api/board/posts').qs({ status: 'draft' }).loginAs(other)
    assert.lengthOf(theirs.body(), 0)
    await expectStatus(client.get(`/api/board/posts/${id}`).loginAs(other), 404)
    const published = await client.get('/api/board/posts').loginAs(other)
    assert.lengthOf(published.body(), 0)

    const publish = await client
      .put(`/api/board/posts/${id}`)
      .loginAs(author)
      .json(post({ title: 'Done' }))
    publish.assertStatus(200)
    assert.isNotNull(publish.body().published_at)
    await expectStatus(
      client
        .put(`/api/board/posts/${id}`)
        .loginAs(author)
        .json(post({ status: 'draft' })),
      422
    )
  })

  test('authors edit their own posts, admins every post, others nobody’s', async ({ client }) => {
    const author = await UserFactory.create()
    const colleague = await UserFactory.create()
    const manager = await UserFactory.apply('manager').create()
    const admin = await UserFactory.apply('admin').create()
    const { id } = await BoardPostFactory.merge({ authorId: author.id }).create()
    const denied = await client
      .put(`/api/board/posts/${id}`)
      .loginAs(colleague)
      .json(post({ title: 'Mine now' }))
    denied.assertStatus(403)
    denied.assertBodyContains({ message: NO_PERMISSION })
    await expectStatus(client.put(`/api/board/posts/${id}`).loginAs(manager).json(post()), 403)
    await expectStatus(client.delete(`/api/board/posts/${id}`).loginAs(colleague), 403)
    await expectStatus(
      client
        .put(`/api/board/posts/${id}`)
        .loginAs(author)
        .json(post({ title: 'Edited' })),
      200
    )
    await expectStatus(
      client
        .put(`/api/board/posts/${id}`)
        .loginAs(admin)
        .json(post({ title: 'By admin' })),
      200
    )
    await expectStatus(client.delete(`/api/board/posts/${id}`).loginAs(admin), 200)
  })

  test('who writes which category and who pins', async ({ client }) => {
    const staff = await UserFactory.create()
    const manager = await UserFactory.apply('manager').create()
    const admin = await UserFactory.apply('admin').create()
    const creator = await UserFactory.apply('creator').create()
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(staff)
        .json(post({ category: 'notice' })),
      403
    )
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(staff)
        .json(post({ pinned: true })),
      403
    )
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(manager)
        .json(post({ category: 'ceo_column' })),
      403
    )
    await expectStatus(client.post('/api/board/posts').loginAs(creator).json(post()), 403)
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(manager)
        .json(post({ category: 'notice', pinned: true })),
      201
    )
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(admin)
        .json(post({ category: 'ceo_column' })),
      201
    )
    await expectStatus(
      client
        .post('/api/board/posts')
        .loginAs(staff)
        .json(post({ category: 'gossip' })),
      422
    )
    await expectStatus(client.post('/api/board/posts').loginAs(staff).json({}), 422)
  })

  test('creators read notices only; a published notice notifies everybody once', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const creator = await UserFactory.apply('creator').create()
    const staff = await UserFactory.create()
    const notice = await client
      .post('/api/board/posts')
      .loginAs(manager)
      .json(post({ category: 'notice', title: '휴무 안내', pinned: true }))
    await client
      .post('/api/board/posts')
      .loginAs(staff)
      .json(post({ title: 'Internal analysis' }))
    const seen = await client.get('/api/board/posts').loginAs(creator)
    assert.deepEqual(
      seen.body().map((row: { title: string }) => row.title),
      ['휴무 안내']
    )
    const categories = await client.get('/api/board/categories').loginAs(creator)
    assert.deepEqual(categories.body().data, [{ key: 'notice', can_write: false }])

    const notes = await Notification.query().where('kind', 'board_notice')
    assert.sameMembers(
      notes.map((row) => row.userId),
      [creator.id, staff.id]
    )
    assert.equal(notes[0].link, `/app/board?id=${notice.body().id}`)
    await client
      .put(`/api/board/posts/${notice.body().id}`)
      .loginAs(manager)
      .json(post({ category: 'notice', title: '휴무 안내 (수정)' }))
    assert.lengthOf(await Notification.query().where('kind', 'board_notice'), 2)
  })

  test('pinned posts come first', async ({ client, assert }) => {
    const manager = await UserFactory.apply('manager').create()
    await BoardPostFactory.apply('pinned')
      .merge({ title: 'Old pinned', authorId: manager.id })
      .create()
    await BoardPostFactory.merge({ title: 'Newer', authorId: manager.id }).create()
    const list = await client.get('/api/board/posts').loginAs(manager)
    assert.deepEqual(
      list.body().map((row: { title: string }) => row.title),
      ['Old pinned', 'Newer']
    )
    assert.equal(list.header('x-total-count'), '2')
  })

  test('attachments: allowed types only, joined on save, downloaded by readers only', async ({
    client,
    assert,
  }) => {
    const author = await UserFactory.create()
    const reader = await UserFactory.create()
    const creator = await UserFactory.apply('creator').create()
    const bad = await client
      .post('/api/board/attachments')
      .loginAs(author)
      .file('file', Buffer.from('MZ'), { filename: 'tool.exe' })
    bad.assertStatus(422)
    const upload = await client
      .post('/api/board/attachments')
      .loginAs(author)
      .file('file', Buffer.from('name,fans\nA,10\n'), { filename: '周报.csv' })
    upload.assertStatus(201)
    const attachment = upload.body().data
    await expectStatus(client.get(`/api/board/attachments/${attachment.id}`).loginAs(reader), 404)
    const created = await client
      .post('/api/board/posts')
      .loginAs(author)
      .json(post({ attachment_ids: [attachment.id] }))
    created.assertStatus(201)
    assert.deepEqual(
      created.body().attachments.map((row: { name: string }) => row.name),
      ['周报.csv']
    )
    const download = await client.get(`/api/board/attachments/${attachment.id}`).loginAs(reader)
    download.assertStatus(200)
    assert.include(download.header('content-disposition'), 'attachment;')
    assert.equal(Buffer.from(download.body()).toString('utf8'), 'name,fans\nA,10\n')
    await expectStatus(client.get(`/api/board/attachments/${attachment.id}`).loginAs(creator), 404)
    const foreign = await client
      .post('/api/board/posts')
      .loginAs(reader)
      .json(post({ attachment_ids: [attachment.id] }))
    foreign.assertStatus(422)
  })
})
