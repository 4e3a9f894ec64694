import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import AuditLog from '#models/audit_log'
import CreatorPlatformAccount from '#models/creator_platform_account'
import OutsideConnect from '#models/outside_connect'
import OutsideCreator from '#models/outside_creator'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import OutsideVideo from '#models/outside_video'
import OutsideVideoPoint from '#models/outside_video_point'
import AuditService from '#services/audit/audit_service'
import { dayOf } from '#services/metrics/rollup_service'
import { CreatorFactory } from '#database/factories/creator_factory'
import { MetricSnapshotFactory } from '#database/factories/metric_factory'
import { setupGroupWith } from '#tests/helpers/functional'
import { snapshotsOf, totalsOf } from '#tests/helpers/collection'
import { assertNoPermission, errorsOf } from '#tests/helpers/requests'
import { userWithCode } from '#tests/helpers/users'
import { creatorWithAccount, videoOf } from '#tests/helpers/videos'
import type { PlatformKey } from '#shared/constants'

/*
| Connect data (issue 29): an outside creator's days moved onto a managed
| creator's account once (run twice, interrupted half-way), the managed
| account's own days kept, reverted exactly, confirmed for good; the same for
| a tracked video; who may do what.
*/

let uids = 0

/** An outside creator on `platform` with one snapshot per given day (fans = the value). */
async function outsideCreator(days: Record<string, number>, platform: PlatformKey = 'bilibili') {
  const outside = await OutsideCreator.create({
    platform,
    uid: `out-${Date.now()}-${++uids}`,
    name: `Outside ${uids}`,
    purpose: 'prospect',
    state: 'running',
    intervalDays: 1,
    intervalHours: 0,
    replayStrategy: 'late',
    autoVideoCrawl: false,
  })
  for (const [date, fans] of Object.entries(days)) {
    await OutsideCreatorSnapshot.create({
      outsideCreatorId: outside.id,
      snapshotDate: date,
      fans,
      views: fans * 10,
      likes: fans * 2,
      comments: 5,
      shares: 1,
      videos: 3,
      adapter: platform,
      collectedAt: DateTime.fromISO(`${date}T12:00:00Z`),
    })
  }
  return outside
}

/** A managed creator with an account on bilibili holding the given collected days. */
async function managed(days: Record<string, number> = {}) {
  const creator = await CreatorFactory.with('accounts', 1, (account) =>
    account.merge({ platform: 'bilibili', fans: 0 })
  ).create()
  const account = creator.accounts[0]
  for (const [date, fans] of Object.entries(days)) {
    await MetricSnapshotFactory.merge({
      accountId: account.id,
      creatorId: creator.id,
      platform: 'bilibili',
      snapshotDate: date,
      source: 'official',
      adapter: 'bilibili',
      fans,
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      danmaku: 0,
      coins: 0,
      forwards: 0,
      recommends: 0,
      videos: 0,
      fans_diff: 0,
    } as any).create()
  }
  return { creator, account }
}

const days = (rows: Record<string, any>[]) =>
  rows.map((row) => [row.snapshot_date, row.fans, row.fans_diff, row.source])

test.group('outside / connect data', (group) => {
  const given = setupGroupWith(group, async () => ({
    manager: await userWithCode('manager'),
    staff: await userWithCode('staff'),
  }))

  test('moves each outside day once, keeps the managed days, and a second run doubles nothing', async ({
    client,
    assert,
  }) => {
    const outside = await outsideCreator({
      '2026-11-01': 100,
      '2026-11-02': 130,
      '2026-11-03': 170,
      '2026-11-04': 200,
    })
    const { creator, account } = await managed({ '2026-11-03': 500 })
    const body = { kind: 'creator', outside_creator_id: outside.id, creator_id: creator.id }

    const preview = await client.get('/api/connect_data/preview').qs(body).loginAs(given.manager)
    preview.assertStatus(200)
    assert.include(preview.body().data, { days: 4, moving: 3, kept: 1, creates_account: false })
    assert.deepEqual(preview.body().data.kept_days, ['2026-11-03'])

    const first = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    first.assertStatus(201)
    assert.include(first.body().data, { state: 'pending', rows_moved: 3, rows_kept: 1, written: 3 })

    // the managed day wins; differences day to day as the collection computes them
    assert.deepEqual(days(await snapshotsOf(account.id)), [
      ['2026-11-01', 100, 0, 'outside'],
      ['2026-11-02', 130, 30, 'outside'],
      ['2026-11-03', 500, 370, 'official'],
      ['2026-11-04', 200, -300, 'outside'],
    ])
    const connectId = first.body().data.id
    const tagged = await db.from('metric_snapshots').where('connect_id', connectId)
    assert.sameMembers(
      tagged.map((row) => dayOf(row.snapshot_date)),
      ['2026-11-01', '2026-11-02', '2026-11-04']
    )
    // the day totals rebuilt for the touched days (the kept day's diff changed too)
    const totals = await totalsOf('2026-11-03')
    assert.include(
      totals.find((row) => row.platform === 'bilibili'),
      { fans: 500, fans_diff: 370 }
    )
    const [firstDay] = await totalsOf('2026-11-01')
    assert.equal(firstDay.fans, 100)
    await outside.refresh()
    assert.equal(outside.connectedCreatorId, creator.id)
    assert.isNotNull(outside.connectedAt)
    await account.refresh()
    assert.equal(account.fans, 200)

    // run again: the same connect, nothing written, nothing doubled
    const second = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    second.assertStatus(201)
    assert.include(second.body().data, { id: connectId, rows_moved: 3, written: 0 })
    assert.lengthOf(await snapshotsOf(account.id), 4)
    assert.equal(
      await OutsideConnect.query()
        .where('outside_creator_id', outside.id)
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      1
    )

    // a new crawled day moves into the same pending connect on the next run
    await OutsideCreatorSnapshot.create({
      outsideCreatorId: outside.id,
      snapshotDate: '2026-11-05',
      fans: 260,
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      videos: 3,
      adapter: 'bilibili',
      collectedAt: DateTime.fromISO('2026-11-05T12:00:00Z'),
    })
    const third = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    assert.include(third.body().data, { id: connectId, rows_moved: 4, written: 1 })
    assert.deepEqual(days(await snapshotsOf(account.id)).at(-1), ['2026-11-05', 260, 60, 'outside'])

    const audits = await AuditLog.query().where('action', 'outside.connect')
    assert.lengthOf(audits, 3)
    assert.equal(audits[0].subjectId, String(connectId))

    // another managed creator is refused while this connect stands
    const other = await managed()
    const refused = await client
      .post('/api/connect_data')
      .json({ ...body, creator_id: other.creator.id })
      .loginAs(given.manager)
    refused.assertStatus(409)
    assert.match(refused.body().message, /revert/)
  })

  test('interrupted half-way, a connect leaves nothing behind', async ({ client, assert }) => {
    const outside = await outsideCreator({ '2026-11-01': 100, '2026-11-02': 120 })
    const { creator, account } = await managed()
    const original = AuditService.log
    AuditService.log = async () => {
      throw new Error('the process stopped here')
    }
    try {
      const response = await client
        .post('/api/connect_data')
        .json({ kind: 'creator', outside_creator_id: outside.id, creator_id: creator.id })
        .loginAs(given.manager)
      assert.equal(response.status(), 500)
    } finally {
      AuditService.log = original
    }
    assert.lengthOf(await snapshotsOf(account.id), 0)
    assert.lengthOf(await OutsideConnect.all(), 0)
    assert.lengthOf(await totalsOf('2026-11-01'), 0)
    await outside.refresh()
    assert.isNull(outside.connectedCreatorId)

    // and the same connect afterwards moves every day once
    const again = await client
      .post('/api/connect_data')
      .json({ kind: 'creator', outside_creator_id: outside.id, creator_id: creator.id })
      .loginAs(given.manager)
    again.assertStatus(201)
    assert.lengthOf(await snapshotsOf(account.id), 2)
  })

  test('revert deletes exactly its rows and recomputes the next day; confirm makes it final', async ({
    client,
    assert,
  }) => {
    const outside = await outsideCreator({ '2026-11-01': 100, '2026-11-02': 150 })
    const { creator, account } = await managed({ '2026-11-03': 400 })
    const body = { kind: 'creator', outside_creator_id: outside.id, creator_id: creator.id }
    const connect = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    const id = connect.body().data.id
    assert.deepEqual(days(await snapshotsOf(account.id)).at(-1), [
      '2026-11-03',
      400,
      250,
      'official',
    ])

    // staff see, but do not revert
    assertNoPermission(await client.post(`/api/connect_data/${id}/revert`).loginAs(given.staff))

    const reverted = await client.post(`/api/connect_data/${id}/revert`).loginAs(given.manager)
    reverted.assertStatus(200)
    assert.equal(reverted.body().data.state, 'reverted')
    assert.deepEqual(days(await snapshotsOf(account.id)), [['2026-11-03', 400, 0, 'official']])
    assert.lengthOf(await totalsOf('2026-11-01'), 0)
    await outside.refresh()
    assert.isNull(outside.connectedCreatorId)
    // the outside days stay where they were
    assert.lengthOf(await OutsideCreatorSnapshot.query().where('outside_creator_id', outside.id), 2)
    const again = await client.post(`/api/connect_data/${id}/revert`).loginAs(given.manager)
    again.assertStatus(409)

    // connected once more (a new connect), then confirmed: revert is refused
    const next = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    next.assertStatus(201)
    const nextId = next.body().data.id
    assert.notEqual(nextId, id)
    const confirmed = await client
      .post(`/api/connect_data/${nextId}/confirm`)
      .loginAs(given.manager)
    assert.equal(confirmed.body().data.state, 'confirmed')
    const refused = await client.post(`/api/connect_data/${nextId}/revert`).loginAs(given.manager)
    refused.assertStatus(409)
    assert.match(refused.body().message, /confirmed/)
    assert.lengthOf(await snapshotsOf(account.id), 3)
    // a confirmed connect run again writes nothing
    const rerun = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    assert.include(rerun.body().data, { id: nextId, written: 0, state: 'confirmed' })
    const steps = await AuditLog.query().whereIn('action', [
      'outside.connect_confirm',
      'outside.connect_revert',
    ])
    assert.deepEqual(steps.map((row) => row.action).sort(), [
      'outside.connect_confirm',
      'outside.connect_revert',
    ])
  })

  test('"new creator" makes the creator and its account from the outside one', async ({
    client,
    assert,
  }) => {
    const outside = await outsideCreator({ '2026-11-01': 10, '2026-11-02': 12 }, 'douyin')
    const response = await client
      .post('/api/connect_data')
      .json({ kind: 'creator', outside_creator_id: outside.id, new_creator: true })
      .loginAs(given.manager)
    response.assertStatus(201)
    const data = response.body().data
    assert.include(data, { created_creator: true, created_account: true, rows_moved: 2 })
    assert.equal(data.creator.name, outside.name)
    const account = await CreatorPlatformAccount.query()
      .where('creator_id', data.creator.id)
      .where('platform', 'douyin')
      .firstOrFail()
    assert.equal(account.uid, outside.uid)
    assert.equal(account.fans, 12)
    assert.deepEqual(days(await snapshotsOf(account.id)), [
      ['2026-11-01', 10, 0, 'outside'],
      ['2026-11-02', 12, 2, 'outside'],
    ])
    // reverted, the made account has no day left and its fans are 0 again
    const reverted = await client.post(`/api/connect_data/${data.id}/revert`).loginAs(given.manager)
    reverted.assertStatus(200)
    await account.refresh()
    assert.equal(account.fans, 0)
    assert.lengthOf(await snapshotsOf(account.id), 0)
    // a second outside creator with the same uid on another platform account's creator: refused
    const twin = await outsideCreator({ '2026-11-01': 1 }, 'douyin')
    await CreatorPlatformAccount.query().where('id', account.id).update({ uid: twin.uid })
    const taken = await client
      .post('/api/connect_data')
      .json({ kind: 'creator', outside_creator_id: twin.id, new_creator: true })
      .loginAs(given.manager)
    taken.assertStatus(409)
  })

  test('a tracked video: each day its last point, the managed video keeps its days', async ({
    client,
    assert,
  }) => {
    const { account: managedAccount } = await creatorWithAccount('bilibili')
    const video = await videoOf(managedAccount)
    const outside = await OutsideVideo.create({
      origin: 'link',
      platform: 'bilibili',
      platformVideoId: `BVout${++uids}`,
      title: 'Outside video',
      state: 'running',
      views: 0,
      likes: 0,
      comments: 0,
      favorites: 0,
      shares: 0,
      danmaku: 0,
      coins: 0,
      firstSeenAt: DateTime.utc(),
      lastSeenAt: DateTime.utc(),
    })
    // Asia/Seoul: 14:00Z is 23:00 on the 1st; 16:00Z is 01:00 on the 2nd
    const points: [string, number][] = [
      ['2026-11-01T05:00:00Z', 100],
      ['2026-11-01T14:00:00Z', 180],
      ['2026-11-01T16:00:00Z', 250],
      ['2026-11-02T16:00:00Z', 400],
    ]
    for (const [at, views] of points) {
      await OutsideVideoPoint.create({
        outsideVideoId: outside.id,
        takenAt: DateTime.fromISO(at),
        ageHours: null,
        views,
        likes: 1,
        comments: 0,
        favorites: 0,
        shares: 0,
        danmaku: 0,
        coins: 0,
      })
    }
    await db.table('video_snapshots').insert({
      video_id: video.id,
      creator_id: video.creatorId,
      snapshot_date: '2026-11-03',
      views: 999,
      likes: 0,
      comments: 0,
      favorites: 0,
      shares: 0,
      danmaku: 0,
      coins: 0,
      source: 'official',
      adapter: 'bilibili',
      collected_at: '2026-11-03 04:00:00',
    })
    const body = { kind: 'video', outside_video_id: outside.id, video_id: video.id }
    const preview = await client.get('/api/connect_data/preview').qs(body).loginAs(given.staff)
    assert.include(preview.body().data, { days: 3, moving: 2, kept: 1 })

    const response = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    response.assertStatus(201)
    const snapshots = async () => {
      const rows = await db
        .from('video_snapshots')
        .where('video_id', video.id)
        .orderBy('snapshot_date')
      return rows.map((row) => [dayOf(row.snapshot_date), Number(row.views), row.source])
    }
    assert.deepEqual(await snapshots(), [
      ['2026-11-01', 180, 'outside'],
      ['2026-11-02', 250, 'outside'],
      ['2026-11-03', 999, 'official'],
    ])
    await outside.refresh()
    assert.equal(outside.connectedVideoId, video.id)
    const again = await client.post('/api/connect_data').json(body).loginAs(given.manager)
    assert.equal(again.body().data.written, 0)
    assert.lengthOf(await snapshots(), 3)

    await client.post(`/api/connect_data/${response.body().data.id}/revert`).loginAs(given.manager)
    assert.deepEqual(await snapshots(), [['2026-11-03', 999, 'official']])
    await outside.refresh()
    assert.isNull(outside.connectedVideoId)

    // a video of another platform is refused
    const { account: youtubeAccount } = await creatorWithAccount('youtube')
    const other = await videoOf(youtubeAccount)
    const refused = await client
      .post('/api/connect_data')
      .json({ ...body, video_id: other.id })
      .loginAs(given.manager)
    refused.assertStatus(409)
  })

  test('who may: staff view, managers connect; input checked in the reader language', async ({
    client,
    assert,
  }) => {
    const outside = await outsideCreator({ '2026-11-01': 100 })
    const { creator } = await managed()
    const body = { kind: 'creator', outside_creator_id: outside.id, creator_id: creator.id }
    const creatorUser = await userWithCode('creator')
    const company = await userWithCode('company')

    assertNoPermission(await client.post('/api/connect_data').json(body).loginAs(given.staff))
    for (const user of [creatorUser, company]) {
      assertNoPermission(await client.get('/api/connect_data').loginAs(user))
      assertNoPermission(await client.get('/api/connect_data/tasks').loginAs(user))
    }
    const seen = await client.get('/api/connect_data').loginAs(given.staff)
    seen.assertStatus(200)

    const missing = await client
      .post('/api/connect_data')
      .header('lang', 'kr')
      .json({ kind: 'creator', outside_creator_id: outside.id })
      .loginAs(given.manager)
    missing.assertStatus(422)
    assert.deepEqual(errorsOf(missing), ['creator_id:required'])
    assert.equal(
      missing.body().errors[0].message,
      '관리 크리에이터를 선택하거나 새 크리에이터를 선택하세요.'
    )
    const bad = await client
      .post('/api/connect_data')
      .json({ kind: 'nope', outside_creator_id: 'x' })
      .loginAs(given.manager)
    bad.assertStatus(422)
    const unknown = await client
      .post('/api/connect_data')
      .json({ ...body, outside_creator_id: 999_999 })
      .loginAs(given.manager)
    unknown.assertStatus(404)

    // the task → creator table and the connects list
    await client.post('/api/connect_data').json(body).loginAs(given.manager)
    const tasks = await client.get('/api/connect_data/tasks').loginAs(given.staff)
    tasks.assertStatus(200)
    assert.equal(tasks.header('x-total-count'), '1')
    assert.include(tasks.body()[0], { id: outside.id, platform: 'bilibili', state: 'running' })
    assert.equal(tasks.body()[0].creator.id, creator.id)
    assert.include(tasks.body()[0].connect, { state: 'pending', rows_moved: 1 })
    const list = await client.get('/api/connect_data').qs({ kind: 'creator' }).loginAs(given.staff)
    assert.equal(list.body()[0].outside_creator.id, outside.id)
    const picks = await client
      .get('/api/connect_data/outside')
      .qs({ kind: 'creator', q: outside.name })
      .loginAs(given.staff)
    assert.equal(picks.body().data[0].connected_creator_id, creator.id)
  })
})
