import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import CreatorMemo from '#models/creator_memo'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'

test.group('creators / memos', (group) => {
  setupFunctionalGroup(group)

  test('staff add memos; the history shows who wrote what, newest first', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const manager = await userWithCode('manager', null)
    const creator = await CreatorFactory.create()

    const first = await client
      .post(`/api/creators/${creator.id}/memos`)
      .loginAs(staff)
      .json({ body: '  Called about the March contract.  ' })
    first.assertStatus(201)
    assert.containsSubset(first.body(), {
      body: 'Called about the March contract.',
      user: { id: staff.id, name: staff.name },
    })
    assert.isString(first.body().created_at)

    await CreatorMemo.query()
      .where('id', first.body().id)
      .update({ created_at: DateTime.utc().minus({ days: 1 }).toFormat('yyyy-MM-dd HH:mm:ss') })
    const second = await client
      .post(`/api/creators/${creator.id}/memos`)
      .loginAs(manager)
      .form({ body: '두 번째 메모 — 계약 갱신 예정' })
    second.assertStatus(201)

    const history = await client.get(`/api/creators/${creator.id}/memos`).loginAs(staff)
    history.assertStatus(200)
    assert.equal(history.header('x-total-count'), '2')
    assert.deepEqual(
      history.body().map((memo: any) => [memo.body, memo.user.id]),
      [
        ['두 번째 메모 — 계약 갱신 예정', manager.id],
        ['Called about the March contract.', staff.id],
      ]
    )
    const detail = await client.get(`/api/creators/${creator.id}`).loginAs(staff)
    assert.equal(detail.body().memo_count, 2)
  })

  test('a memo is 1 to 2000 characters of text', async ({ client, assert }) => {
    const staff = await userWithCode('staff', null)
    const creator = await CreatorFactory.create()
    for (const body of [
      {},
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: ['a'] },
      { body: { a: 1 } },
    ]) {
      const response = await client
        .post(`/api/creators/${creator.id}/memos`)
        .loginAs(staff)
        .json(body)
      response.assertStatus(422)
    }
    const exact = await client
      .post(`/api/creators/${creator.id}/memos`)
      .loginAs(staff)
      .json({ body: 'x'.repeat(2000) })
    exact.assertStatus(201)
    const missing = await client
      .post('/api/creators/999999/memos')
      .loginAs(staff)
      .json({ body: 'x' })
    missing.assertStatus(404)
    assert.lengthOf(await db.from('creator_memos'), 1)
  })
})

test.group('creators / favorites', (group) => {
  setupFunctionalGroup(group)

  test('a user marks and unmarks favorites; each user has their own', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff', null)
    const other = await userWithCode('staff', null)
    const first = await CreatorFactory.create()
    const second = await CreatorFactory.create()

    const empty = await client.get('/api/user/favorites').loginAs(staff)
    empty.assertBody({ status: 0, data: { creator_ids: [] } })

    const added = await client
      .post('/api/user/favorites')
      .loginAs(staff)
      .json({ creator_id: first.id })
    added.assertBody({ status: 0, data: { favorite: true } })
    const twice = await client
      .post('/api/user/favorites')
      .loginAs(staff)
      .form({ creator_id: String(first.id) })
    twice.assertStatus(200)
    await client.post('/api/user/favorites').loginAs(staff).json({ creator_id: second.id })

    const list = await client.get('/api/user/favorites').loginAs(staff)
    assert.sameMembers(list.body().data.creator_ids, [first.id, second.id])
    const one = await client.get('/api/user/favorites').qs({ creator_id: first.id }).loginAs(staff)
    one.assertBody({ status: 0, data: { favorite: true } })
    const notOthers = await client
      .get('/api/user/favorites')
      .qs({ creator_id: first.id })
      .loginAs(other)
    notOthers.assertBody({ status: 0, data: { favorite: false } })

    const removed = await client.delete(`/api/user/favorites/${first.id}`).loginAs(staff)
    removed.assertBody({ status: 0, data: { favorite: false } })
    const after = await client.get('/api/user/favorites').loginAs(staff)
    assert.deepEqual(after.body().data.creator_ids, [second.id])
    const detail = await client.get(`/api/creators/${second.id}`).loginAs(staff)
    assert.isTrue(detail.body().favorite)
    assert.lengthOf(await db.from('user_favorites').where('user_id', staff.id), 1)
  })

  test('the cached list shows a change at once: favorite marks, edits and new creators', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const creator = await CreatorFactory.create()
    const row = async () => {
      const response = await client.get('/api/creators').loginAs(staff)
      return response.body().find((item: { id: number }) => item.id === creator.id)
    }
    const first = await row()
    assert.isFalse(first.favorite)
    await client.post('/api/user/favorites').loginAs(staff).json({ creator_id: creator.id })
    const marked = await row()
    assert.isTrue(marked.favorite, 'favorite shows at once')
    creator.channelName = 'Renamed Channel'
    await creator.save()
    const renamed = await row()
    assert.equal(renamed.channel_name, 'Renamed Channel', 'an edit shows at once')
    const before = await client.get('/api/creators/summary').loginAs(staff)
    await CreatorFactory.create()
    const after = await client.get('/api/creators/summary').loginAs(staff)
    assert.equal(
      after.body().data.total,
      before.body().data.total + 1,
      'a new creator counts at once'
    )
  })

  test('favorites of unknown creators or with garbage ids answer 4xx', async ({ client }) => {
    const staff = await userWithCode('staff', null)
    const missing = await client
      .post('/api/user/favorites')
      .loginAs(staff)
      .json({ creator_id: 999999 })
    missing.assertStatus(404)
    for (const creatorId of ['abc', -1, 1.5, null, { id: 1 }, '1 or 1=1']) {
      const response = await client
        .post('/api/user/favorites')
        .loginAs(staff)
        .json({ creator_id: creatorId })
      response.assertStatus(422)
    }
    const query = await client.get('/api/user/favorites?creator_id=x').loginAs(staff)
    query.assertStatus(422)
    const path = await client.delete('/api/user/favorites/abc').loginAs(staff)
    path.assertStatus(404)
  })
})
