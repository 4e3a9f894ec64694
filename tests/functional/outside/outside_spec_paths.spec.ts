import { test } from '@japa/runner'
import OutsideCreator from '#models/outside_creator'
import OutsideVideo from '#models/outside_video'
import { DateTime } from 'luxon'
import { setupGroupWith } from '#tests/helpers/functional'
import { usersOfEveryRole } from '#tests/helpers/users'

/*
| The SPEC §7 crawler service paths (/creator/task, /scheduler/api/task/,
| /scheduler/api/time/, /scheduler/parse/) and the owner service's, on the
| outside creators: the `{status: 0, data}` envelope, form-encoded bodies,
| the 0/5 rule, and OutsidePolicy (creators and companies refused).
*/

async function seed() {
  const users = await usersOfEveryRole()
  const task = await OutsideCreator.create({
    platform: 'bilibili',
    uid: '546195',
    name: 'Rival',
    purpose: 'competitor',
    state: 'running',
    intervalDays: 1,
    intervalHours: 0,
    replayStrategy: 'late',
    autoVideoCrawl: true,
  })
  const now = DateTime.utc()
  await OutsideVideo.create({
    outsideCreatorId: task.id,
    origin: 'creator',
    platform: 'bilibili',
    platformVideoId: 'BV1bg4y137R6',
    title: 'An upload',
    views: 900,
    firstSeenAt: now,
    lastSeenAt: now,
  })
  return { users, task }
}

test.group('outside creators / SPEC §7 crawler and owner paths', (group) => {
  const given = setupGroupWith(group, seed)

  test('/creator/task lists and adds in the envelope, form-encoded', async ({ client, assert }) => {
    const added = await client
      .post('/api/creator/task')
      .form({
        link: 'https://www.kuaishou.com/profile/3x84qugg4ch9zhs',
        custom_times: '08:00,20:15',
      })
      .loginAs(given.users.staff)
    added.assertStatus(200)
    assert.equal(added.body().status, 0)
    assert.include(added.body().data, { platform: 'kwai', uid: '3x84qugg4ch9zhs' })
    assert.deepEqual(added.body().data.custom_times, ['08:00', '20:15'])

    const listed = await client.get('/api/creator/task').loginAs(given.users.staff)
    assert.equal(listed.body().data.total, 2)
    assert.lengthOf(listed.body().data.items, 2)
    const owners = await client
      .get('/api/owner/owner_list')
      .qs({ platform: 'kwai' })
      .loginAs(given.users.staff)
    assert.equal(owners.body().data.total, 1)
  })

  test('/scheduler/api/task/ reads one or all and changes a state; /time/ keeps the 0/5 rule', async ({
    client,
    assert,
  }) => {
    const { task } = given
    const one = await client
      .get('/api/scheduler/api/task/')
      .qs({ id: task.id })
      .loginAs(given.users.staff)
    assert.include(one.body().data, { id: task.id, state: 'running' })
    const all = await client.get('/api/scheduler/api/task/').loginAs(given.users.staff)
    assert.equal(all.body().data.total, 1)

    const stopped = await client
      .post('/api/scheduler/api/task/')
      .form({ id: task.id, state: 'stopped' })
      .loginAs(given.users.staff)
    assert.include(stopped.body().data, { state: 'stopped', next_run_at: null })

    const refused = await client
      .post('/api/scheduler/api/time/')
      .header('accept-language', 'ja')
      .form({ id: task.id, custom_times: '09:03' })
      .loginAs(given.users.staff)
    refused.assertStatus(422)
    assert.include(refused.body().errors[0].message, '0 か 5')
    const set = await client
      .post('/api/scheduler/api/time/')
      .form({ id: task.id, custom_times: '09:05', interval_days: 2, state: 'running' })
      .loginAs(given.users.staff)
    set.assertStatus(200)
    assert.deepEqual(set.body().data.custom_times, ['09:05'])
    assert.equal(set.body().data.interval_days, 2)
    const times = await client
      .get('/api/owner/task/time')
      .qs({ id: task.id })
      .loginAs(given.users.staff)
    assert.deepEqual(times.body().data.custom_times, ['09:05'])
  })

  test('/scheduler/parse/ names the platform and uid, or says why not', async ({
    client,
    assert,
  }) => {
    const parsed = await client
      .post('/api/scheduler/parse/')
      .form({ link: 'https://weibo.com/u/5529945701' })
      .loginAs(given.users.staff)
    assert.deepEqual(parsed.body(), {
      status: 0,
      data: { platform: 'weibo', uid: '5529945701', url: 'https://weibo.com/u/5529945701' },
    })
    const refused = await client
      .post('/api/scheduler/parse/')
      .form({ link: 'https://example.com' })
      .loginAs(given.users.staff)
    refused.assertStatus(422)
    assert.isString(refused.body().message)
  })

  test('the owner service: owner, video, task, cookie and platform', async ({ client, assert }) => {
    const { task } = given
    const owner = await client
      .get('/api/owner/owner')
      .qs({ id: task.id })
      .loginAs(given.users.staff)
    assert.include(owner.body().data, { id: task.id, opened_count: 1 })
    const videos = await client
      .get('/api/owner/video')
      .qs({ id: task.id })
      .loginAs(given.users.staff)
    assert.equal(videos.body().data.total, 1)
    assert.include(videos.body().data.items[0], { platform_video_id: 'BV1bg4y137R6', views: 900 })
    const detail = await client
      .get('/api/owner/task')
      .qs({ id: task.id })
      .loginAs(given.users.staff)
    assert.deepEqual(detail.body().data.runs, [])
    const platformsList = await client.get('/api/owner/platform').loginAs(given.users.staff)
    const youtube = platformsList
      .body()
      .data.find((row: { platform: string }) => row.platform === 'youtube')
    assert.include(youtube, { without_login: true, crawlable: true })
    const cookie = await client
      .post('/api/owner/cookie')
      .form({ platform: 'bilibili', cookie: '{"SESSDATA":"abc","bili_jct":"x","DedeUserID":"1"}' })
      .loginAs(given.users.staff)
    assert.include(cookie.body().data, { cookie_usable: true })
    const cookies = await client.get('/api/owner/cookie').loginAs(given.users.staff)
    assert.notInclude(cookies.text(), 'abc"')
    const missing = await client
      .get('/api/owner/owner')
      .qs({ id: 999_999 })
      .loginAs(given.users.staff)
    missing.assertStatus(404)
  })

  test('creators and companies are refused every path', async ({ client, assert }) => {
    const paths: [string, string][] = [
      ['get', '/api/creator/task'],
      ['post', '/api/creator/task'],
      ['get', '/api/scheduler/api/task/'],
      ['post', '/api/scheduler/api/time/'],
      ['post', '/api/scheduler/parse/'],
      ['get', '/api/owner/owner_list'],
      ['get', '/api/owner/cookie'],
      ['get', '/api/owner/platform'],
    ]
    for (const role of ['creator', 'company'] as const) {
      for (const [method, path] of paths) {
        const response = await client[method as 'get' | 'post'](path)
          .form({ id: given.task.id, link: 'x' })
          .loginAs(given.users[role])
        assert.equal(response.status(), 403, `${role} ${method} ${path}`)
      }
    }
  })
})
