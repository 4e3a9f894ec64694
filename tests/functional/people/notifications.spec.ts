import { test } from '@japa/runner'
import NotificationService from '#services/notifications/notification_service'
import { UserFactory } from '#database/factories/user_factory'
import { NotificationFactory } from '#database/factories/notification_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'

async function unreadOf(request: PromiseLike<{ body(): any }>) {
  const response = await request
  return response.body().data.unread
}

test.group('headline notifications', (group) => {
  setupFunctionalGroup(group)

  test('pages 20 at a time from offset 0, newest first, only my own', async ({
    client,
    assert,
  }) => {
    const me = await UserFactory.create()
    const other = await UserFactory.create()
    const notices = Array.from({ length: 21 }, (_, index) => ({
      userId: me.id,
      params: { title: `Notice ${index + 1}` },
    }))
    await NotificationFactory.merge(notices).createMany(21)
    await NotificationFactory.merge({
      kind: 'letter',
      userId: other.id,
      params: { name: 'x' },
    }).create()

    const first = await client.get('/api/headline-notifications').loginAs(me)
    first.assertStatus(200)
    const data = first.body().data
    assert.lengthOf(data.items, 20)
    assert.include(data, { total: 21, unread: 21, offset: 0, limit: 20 })
    assert.equal(data.items[0].params.title, 'Notice 21')
    const second = await client
      .get('/api/headline-notifications')
      .qs({ offset: 20, limit: 20 })
      .loginAs(me)
    assert.deepEqual(
      second.body().data.items.map((item: any) => item.params.title),
      ['Notice 1']
    )
    for (const qs of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { offset: 'x' }]) {
      await expectStatus(client.get('/api/headline-notifications').qs(qs).loginAs(me), 422)
    }
  })

  test('unread count, read one, read all; another person’s ids do nothing', async ({
    client,
    assert,
  }) => {
    const me = await UserFactory.create()
    const other = await UserFactory.create()
    await NotificationFactory.merge([
      { kind: 'alert', userId: me.id, params: { creator: 'A' } },
      { kind: 'alert', userId: other.id, params: { creator: 'A' } },
      { kind: 'alert', userId: me.id, params: { creator: 'B' } },
    ]).createMany(3)
    const unread = await client.get('/api/headline-notifications/unread').loginAs(me)
    assert.equal(unread.body().data.unread, 2)
    const list = await client.get('/api/headline-notifications').loginAs(other)
    const theirs = list.body().data.items[0].id
    const poke = await client.post(`/api/headline-notifications/${theirs}/read`).loginAs(me)
    assert.equal(poke.body().data.unread, 2)
    const listed = await client.get('/api/headline-notifications').loginAs(me)
    const mine = listed.body().data.items[0].id
    const one = await client.post(`/api/headline-notifications/${mine}/read`).loginAs(me)
    assert.equal(one.body().data.unread, 1)
    await client.post('/api/headline-notifications/read-all').loginAs(me)
    assert.equal(await unreadOf(client.get('/api/headline-notifications/unread').loginAs(me)), 0)
    assert.equal(await unreadOf(client.get('/api/headline-notifications/unread').loginAs(other)), 1)
  })

  test('a dedupe key notifies each person once; roles reach active users only', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await UserFactory.apply('admin').apply('disabled').create()
    const input = {
      kind: 'token_expiring' as const,
      roles: ['admin' as const],
      dedupeKey: 'token:1:2026-11-22',
    }
    assert.equal(await NotificationService.notify(input), 1)
    assert.equal(await NotificationService.notify(input), 0)
    assert.isNumber(admin.id)
  })
})
