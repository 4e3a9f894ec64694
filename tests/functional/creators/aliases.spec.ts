import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import Creator from '#models/creator'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'
import { creatorPayload } from '#tests/helpers/creators'

/** SPEC §7 paths: the same controllers and policies, `{status: 0, data}` envelopes. */
test.group('creators / SPEC §7 paths', (group) => {
  setupFunctionalGroup(group)

  test('list, search, info and panel answer envelopes', async ({ client, assert }) => {
    const staff = await userWithCode('staff', null)
    const alpha = await CreatorFactory.merge({ channelName: 'Alpha Kitchen' }).create()
    await CreatorFactory.merge({ channelName: 'Bravo Games' }).create()

    const list = await client.get('/api/creator/list').qs({ _start: 0, _end: 1 }).loginAs(staff)
    list.assertStatus(200)
    assert.equal(list.body().status, 0)
    assert.equal(list.body().data.total, 2)
    assert.lengthOf(list.body().data.items, 1)

    const search = await client.get('/api/creator/search').qs({ q: 'alpha' }).loginAs(staff)
    assert.deepEqual(search.body().data.total, 1)
    assert.equal(search.body().data.items[0].id, alpha.id)

    const info = await client.get('/api/creator/info').qs({ id: alpha.id }).loginAs(staff)
    info.assertStatus(200)
    assert.containsSubset(info.body(), {
      status: 0,
      data: { id: alpha.id, channel_name: 'Alpha Kitchen' },
    })
    const rest = await client.get(`/api/creators/${alpha.id}`).loginAs(staff)
    assert.deepEqual(info.body().data, rest.body())

    const panel = await client.get('/api/creator/panel').loginAs(staff)
    assert.containsSubset(panel.body(), { status: 0, data: { total: 2 } })

    const noId = await client.get('/api/creator/info').loginAs(staff)
    noId.assertStatus(422)
    const unknown = await client.get('/api/creator/info?id=999999').loginAs(staff)
    unknown.assertStatus(404)
  })

  test('add, update (PUT and POST, form-encoded) and delete with the id in the body', async ({
    client,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const added = await client.post('/api/creator/add').loginAs(admin).form(creatorPayload())
    added.assertStatus(200)
    assert.equal(added.body().status, 0)
    const id = added.body().data.id

    const put = await client
      .put('/api/creator/update')
      .loginAs(admin)
      .form({
        id: String(id),
        channel_name: 'Via PUT',
        min_monthly_videos: '3',
        security_code: SECURITY_CODE,
      })
    put.assertStatus(200)
    assert.containsSubset(put.body(), {
      status: 0,
      data: { id, channel_name: 'Via PUT', min_monthly_videos: 3 },
    })

    const post = await client
      .post('/api/creator/update')
      .loginAs(admin)
      .json({ id, channel_name: 'Via POST', security_code: SECURITY_CODE })
    assert.equal(post.body().data.channel_name, 'Via POST')

    const negative = await client
      .post('/api/creator/update')
      .loginAs(admin)
      .form({ id: String(id), min_monthly_videos: '-2', security_code: SECURITY_CODE })
    negative.assertStatus(422)
    assert.equal(negative.body().message, 'Minimum monthly videos cannot be negative')

    const wrongCode = await client
      .post('/api/creator/delete')
      .loginAs(admin)
      .form({ id: String(id), security_code: '000000' })
    wrongCode.assertStatus(422)
    const deleted = await client
      .delete('/api/creator/delete')
      .loginAs(admin)
      .json({ id, security_code: SECURITY_CODE })
    deleted.assertBody({ status: 0 })
    assert.isNull(await Creator.find(id))

    const another = await CreatorFactory.create()
    const viaPost = await client
      .post('/api/creator/delete')
      .loginAs(admin)
      .form({ id: String(another.id), security_code: SECURITY_CODE })
    viaPost.assertBody({ status: 0 })
  })

  test('privacy reveals with the id in the body (with or without the trailing slash)', async ({
    client,
    assert,
  }) => {
    const staff = await userWithCode('staff')
    const creator = await CreatorFactory.tap(withPrivate({ phone: '010-5555-6666' })).create()
    for (const path of ['/api/creator/privacy/', '/api/creator/privacy']) {
      const response = await client
        .post(path)
        .loginAs(staff)
        .form({ id: String(creator.id), level: 'L1', code: SECURITY_CODE })
      response.assertStatus(200)
      assert.equal(response.body().data.fields.phone, '010-5555-6666')
    }
    const forbidden = await client
      .post('/api/creator/privacy/')
      .loginAs(staff)
      .form({ id: String(creator.id), level: 'L3', code: SECURITY_CODE })
    forbidden.assertStatus(403)
    assert.lengthOf(await AuditLog.query().where('action', 'creator.reveal'), 2)
  })

  test('remark list and add, and modifiy_baidu_token', async ({ client, assert }) => {
    const admin = await userWithCode('admin')
    const creator = await CreatorFactory.create()

    const added = await client
      .post('/api/creator/remark/add')
      .loginAs(admin)
      .form({ creator_id: String(creator.id), body: 'A memo by the spec path' })
    added.assertStatus(200)
    assert.containsSubset(added.body(), { status: 0, data: { body: 'A memo by the spec path' } })

    const list = await client
      .get('/api/creator/remark/list')
      .qs({ creator_id: creator.id })
      .loginAs(admin)
    assert.containsSubset(list.body(), {
      status: 0,
      data: { total: 1, items: [{ body: 'A memo by the spec path', user: { id: admin.id } }] },
    })

    const baidu = await client
      .post('/api/creator/modifiy_baidu_token')
      .loginAs(admin)
      .form({
        id: String(creator.id),
        baidu_app_id: 'spec-app',
        baidu_token: 'spec-baidu-token-1',
        security_code: SECURITY_CODE,
      })
    baidu.assertStatus(200)
    assert.containsSubset(baidu.body(), {
      status: 0,
      data: { baidu_app_id: 'spec-app', baidu_token_present: true },
    })
    assert.notInclude(baidu.text(), 'spec-baidu-token-1')
  })
})
