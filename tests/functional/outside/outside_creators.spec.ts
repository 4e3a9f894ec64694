import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import platforms from '#platforms/main'
import type { PlatformAdapter } from '#platforms/types'
import OutsideCreator from '#models/outside_creator'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import { sqlDateTime } from '#support/sql'
import { rowCount, setupGroupWith } from '#tests/helpers/functional'
import { fakeClock } from '#tests/helpers/growth'
import { usersOfEveryRole } from '#tests/helpers/users'

/*
| The clock stands at 2026-12-07 10:02 in Seoul (the studio's zone, UTC+9):
| a task scraping at 09:05 and 21:30 is next due at 21:30 today, 12:30 UTC.
*/
const NOW = DateTime.fromISO('2026-12-07T10:02:00', { zone: 'Asia/Seoul' }).toUTC()

/** A channel adapter answering fixed figures (the platform of a crawl now). */
function channelAdapter(fans: number): PlatformAdapter {
  return {
    name: 'fake',
    source: 'official',
    async channelStats() {
      return {
        fans,
        views: fans * 10,
        likes: fans * 2,
        comments: 30,
        shares: 4,
        danmaku: 0,
        coins: 0,
        forwards: 0,
        recommends: 0,
        videos: 12,
      }
    },
    async videos(_ref, { page, pageSize }) {
      return { items: [], page, pageSize, total: 0, hasMore: false }
    },
    async fanPortrait() {
      return []
    },
  }
}

async function tracked(overrides: Partial<OutsideCreator> = {}) {
  return OutsideCreator.create({
    platform: 'bilibili',
    uid: String(Math.floor(Math.random() * 1e9)),
    name: 'Someone',
    purpose: 'prospect',
    state: 'running',
    intervalDays: 1,
    intervalHours: 0,
    replayStrategy: 'late',
    autoVideoCrawl: false,
    ...overrides,
  })
}

test.group('outside creators / add, schedule and the 0/5 rule', (group) => {
  const given = setupGroupWith(group, usersOfEveryRole)
  group.each.setup(() => {
    const clock = fakeClock(NOW)
    return () => clock.restore()
  })

  test('a pasted channel link is read as platform + uid and the due time computed', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/outside_creators')
      .json({
        link: '看看 https://space.bilibili.com/2267573?spm_id_from=333',
        name: 'Rival Kitchen',
        purpose: 'competitor',
        custom_times: ['21:30', '09:05'],
        replay_by_hour: { '9': 'skip' },
        auto_video_crawl: true,
      })
      .loginAs(given.staff)
    response.assertStatus(201)
    assert.include(response.body(), {
      platform: 'bilibili',
      uid: '2267573',
      channel_url: 'https://space.bilibili.com/2267573',
      name: 'Rival Kitchen',
      purpose: 'competitor',
      state: 'running',
      auto_video_crawl: true,
      next_run_at: '2026-12-07T12:30:00.000Z',
    })
    assert.deepEqual(response.body().custom_times, ['09:05', '21:30'])
    assert.deepEqual(response.body().replay_by_hour, { 9: 'skip' })
    const audit = await db.from('audit_logs').where('action', 'outside.create').first()
    assert.equal(audit.subject_id, String(response.body().id))
  })

  test('a minute not ending in 0 or 5 is refused in the reader’s language', async ({
    client,
    assert,
  }) => {
    for (const [language, words] of [
      ['en', 'minutes ending in 0 or 5'],
      ['ko', '0 또는 5로 끝나야'],
      ['zh', '以 0 或 5 结尾'],
      ['ja', '0 か 5 で終わる'],
    ]) {
      const response = await client
        .post('/api/outside_creators')
        .header('accept-language', language)
        .json({ platform: 'bilibili', uid: '546195', custom_times: ['09:05', '10:07'] })
        .loginAs(given.staff)
      response.assertStatus(422)
      const error = response.body().errors[0]
      assert.equal(error.field, 'custom_times')
      assert.include(error.message, words)
      assert.include(error.message, '10:07')
    }
    assert.equal(await rowCount('outside_creators'), 0)
  })

  test('a link of nothing, a short link and a creator tracked already are told apart', async ({
    client,
    assert,
  }) => {
    const unknown = await client
      .post('/api/outside_creators')
      .json({ link: 'https://example.com/user/1' })
      .loginAs(given.staff)
    unknown.assertStatus(422)
    assert.include(unknown.body().message, 'not understood')
    const short = await client
      .post('/api/outside_creators')
      .header('accept-language', 'zh')
      .json({ link: 'https://v.douyin.com/6kAoWvc/' })
      .loginAs(given.staff)
    short.assertStatus(422)
    assert.include(short.body().message, '短链接')

    const first = await client
      .post('/api/outside_creators')
      .json({ platform: 'youtube', uid: '@SomeChannel' })
      .loginAs(given.staff)
    first.assertStatus(201)
    const again = await client
      .post('/api/outside_creators')
      .json({ link: 'https://www.youtube.com/@SomeChannel/videos' })
      .loginAs(given.staff)
    again.assertStatus(409)
    assert.include(again.body().message, 'already tracked')
  })

  test('an edit of the schedule moves the due time; stop clears it, start sets it again', async ({
    client,
    assert,
  }) => {
    const task = await tracked()
    const edited = await client
      .patch(`/api/outside_creators/${task.id}`)
      .json({ interval_hours: 6, note: 'sign in spring' })
      .loginAs(given.staff)
    edited.assertStatus(200)
    // 00:00, 06:00, 12:00, 18:00 Seoul: 12:00 today is next
    assert.equal(edited.body().next_run_at, '2026-12-07T03:00:00.000Z')
    assert.equal(edited.body().note, 'sign in spring')

    const stopped = await client.post(`/api/outside_creators/${task.id}/stop`).loginAs(given.staff)
    stopped.assertStatus(200)
    assert.include(stopped.body(), { state: 'stopped', next_run_at: null })
    const started = await client.post(`/api/outside_creators/${task.id}/start`).loginAs(given.staff)
    assert.include(started.body(), { state: 'running', next_run_at: '2026-12-07T03:00:00.000Z' })
    const actions = await db
      .from('audit_logs')
      .where('subject_type', 'outside_creator')
      .orderBy('id')
      .select('action')
    assert.deepEqual(
      actions.map((row) => row.action),
      ['outside.update', 'outside.stop', 'outside.start']
    )
  })

  test('bulk add answers each line: added, already tracked, not understood', async ({
    client,
    assert,
  }) => {
    await tracked({ platform: 'bilibili', uid: '111' })
    const response = await client
      .post('/api/outside_creators/bulk')
      .json({
        platform: 'bilibili',
        lines: '111\nhttps://space.bilibili.com/222\n222\nhttps://b23.tv/xyz\nhello world',
        interval_days: 2,
      })
      .loginAs(given.staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.include(data, { added: 1, tracked: 2, not_understood: 2 })
    assert.deepEqual(
      data.results.map((row: { result: string; reason?: string }) => row.reason ?? row.result),
      ['tracked', 'added', 'tracked', 'short_link', 'unknown']
    )
    const added = await OutsideCreator.findByOrFail('uid', '222')
    assert.equal(added.intervalDays, 2)
    assert.isNotNull(added.nextRunAt)

    const tooMany = await client
      .post('/api/outside_creators/bulk')
      .json({ lines: Array.from({ length: 201 }, (_, index) => `${index + 1}`) })
      .loginAs(given.staff)
    tooMany.assertStatus(422)
    assert.include(tooMany.body().errors[0].message, '200')
  })
})

test.group('outside creators / list, detail, runs, figures, crawl now', (group) => {
  const given = setupGroupWith(group, usersOfEveryRole)
  group.each.teardown(() => platforms.restore())

  test('the list searches name and uid, filters, and sorts by growth with the total', async ({
    client,
    assert,
  }) => {
    const a = await tracked({ name: 'Alpha Noodles', fansGrowth7d: 500, fans: 9_000 })
    const b = await tracked({ name: 'Beta', uid: 'noodle-99', fansGrowth7d: 2_000, fans: 100 })
    await tracked({ name: 'Gamma', platform: 'douyin', uid: 'MS4wLjABAAAAgamma', state: 'stopped' })

    const byGrowth = await client.get('/api/outside_creators').loginAs(given.staff)
    byGrowth.assertStatus(200)
    assert.equal(byGrowth.header('x-total-count'), '3')
    assert.deepEqual(
      byGrowth.body().map((row: { name: string }) => row.name),
      ['Beta', 'Alpha Noodles', 'Gamma']
    )
    const searched = await client
      .get('/api/outside_creators')
      .qs({ q: 'noodle', _sort: 'fans', _order: 'desc' })
      .loginAs(given.staff)
    assert.deepEqual(
      searched.body().map((row: { id: number }) => row.id),
      [a.id, b.id]
    )
    const filtered = await client
      .get('/api/outside_creators')
      .qs({ platform: 'douyin', state: 'stopped' })
      .loginAs(given.staff)
    assert.equal(filtered.header('x-total-count'), '1')
    const bad = await client
      .get('/api/outside_creators')
      .qs({ _sort: 'password' })
      .loginAs(given.staff)
    bad.assertStatus(422)
  })

  test('opening the detail counts an open; figures come by day in the trend charts’ shape', async ({
    client,
    assert,
  }) => {
    const task = await tracked()
    for (const [day, fans] of [
      ['2026-12-01', 1_000],
      ['2026-12-02', 1_250],
      ['2026-12-03', 1_200],
    ] as const) {
      await OutsideCreatorSnapshot.create({
        outsideCreatorId: task.id,
        snapshotDate: day,
        fans,
        views: fans * 10,
        likes: 5,
        comments: 1,
        shares: 0,
        videos: 3,
        adapter: 'fake',
        collectedAt: DateTime.utc(),
      })
    }
    await client.get(`/api/outside_creators/${task.id}`).loginAs(given.staff)
    const shown = await client.get(`/api/outside_creators/${task.id}`).loginAs(given.manager)
    assert.equal(shown.body().opened_count, 2)
    await task.refresh()
    assert.equal(task.openedCount, 2)
    assert.isNotNull(task.openedAt)

    const values = await client.get(`/api/outside_creators/${task.id}/figures`).loginAs(given.staff)
    const fans = values
      .body()
      .data.points.filter((point: { metric: string }) => point.metric === 'fans')
    assert.deepEqual(fans, [
      { date: '2026-12-01', metric: 'fans', value: 1_000 },
      { date: '2026-12-02', metric: 'fans', value: 1_250 },
      { date: '2026-12-03', metric: 'fans', value: 1_200 },
    ])
    const diffs = await client
      .get(`/api/outside_creators/${task.id}/figures`)
      .qs({ mode: 'diff', days: 2 })
      .loginAs(given.staff)
    assert.deepEqual(
      diffs
        .body()
        .data.points.filter((point: { metric: string }) => point.metric === 'fans')
        .map((point: { value: number }) => point.value),
      [250, -50]
    )
  })

  test('crawl now reads the platform, writes a run in the history; a crawl in hand is a 409', async ({
    client,
    assert,
  }) => {
    const task = await tracked({ platform: 'bilibili', uid: '546195' })
    platforms.fake('bilibili', channelAdapter(12_345))
    const crawled = await client.post(`/api/outside_creators/${task.id}/crawl`).loginAs(given.staff)
    crawled.assertStatus(200)
    assert.include(crawled.body().data, { status: 'succeeded', trigger: 'manual', fans: 12_345 })

    const runs = await client.get(`/api/outside_creators/${task.id}/runs`).loginAs(given.staff)
    assert.equal(runs.header('x-total-count'), '1')
    assert.include(runs.body()[0], { status: 'succeeded', fans: 12_345 })
    await task.refresh()
    assert.equal(task.fans, 12_345)

    await db
      .from('outside_creators')
      .where('id', task.id)
      .update({ lease_owner: 'elsewhere:1:1', heartbeat_at: sqlDateTime() })
    const busy = await client.post(`/api/outside_creators/${task.id}/crawl`).loginAs(given.staff)
    busy.assertStatus(409)
    assert.isString(busy.body().message)
  })
})

test.group('outside creators / who may', (group) => {
  const given = setupGroupWith(group, usersOfEveryRole)

  test('staff list, add and edit; delete is for managers and admins; creators and companies never', async ({
    client,
    assert,
  }) => {
    const task = await tracked()
    for (const role of ['creator', 'company'] as const) {
      const list = await client.get('/api/outside_creators').loginAs(given[role])
      list.assertStatus(403)
      const add = await client
        .post('/api/outside_creators')
        .json({ platform: 'bilibili', uid: '1' })
        .loginAs(given[role])
      add.assertStatus(403)
    }
    const staffDelete = await client.delete(`/api/outside_creators/${task.id}`).loginAs(given.staff)
    staffDelete.assertStatus(403)
    const managerDelete = await client
      .delete(`/api/outside_creators/${task.id}`)
      .loginAs(given.manager)
    managerDelete.assertStatus(200)
    assert.isNull(await OutsideCreator.find(task.id))

    const permissions = await client.get('/api/user/permissions').loginAs(given.staff)
    const text = JSON.stringify(permissions.body())
    assert.include(text, 'outside_creators')
  })

  test('a crawler cookie is checked, stored encrypted and never answered', async ({
    client,
    assert,
  }) => {
    const signedOut = await client
      .put('/api/outside_creators/logins')
      .json({ platform: 'bilibili', cookie: '[{"name":"buvid3","value":"x"}]' })
      .loginAs(given.staff)
    signedOut.assertStatus(422)
    assert.include(signedOut.body().message, 'SESSDATA')
    const notNeeded = await client
      .put('/api/outside_creators/logins')
      .json({ platform: 'youtube', cookie: '{"SID":"x"}' })
      .loginAs(given.staff)
    notNeeded.assertStatus(422)

    const cookie = JSON.stringify({ SESSDATA: 'secret-session', bili_jct: 'csrf' })
    const saved = await client
      .put('/api/outside_creators/logins')
      .json({ platform: 'bilibili', cookie })
      .loginAs(given.staff)
    saved.assertStatus(200)
    assert.include(saved.body().data, {
      platform: 'bilibili',
      cookie_usable: true,
      crawlable: true,
    })
    assert.deepEqual(saved.body().data.cookie_missing, ['DedeUserID'])
    const stored = await db.from('studio_settings').where('key', 'outside_cookie:bilibili').first()
    assert.notInclude(stored.value, 'secret-session')
    const listed = await client.get('/api/outside_creators/logins').loginAs(given.staff)
    assert.notInclude(listed.text(), 'secret-session')
    assert.lengthOf(listed.body().data, 12)
  })
})
