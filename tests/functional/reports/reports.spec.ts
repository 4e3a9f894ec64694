import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Settlement from '#models/settlement'
import Team from '#models/team'
import type User from '#models/user'
import SettlementRates from '#services/settlement/settlement_rates'
import { CreatorFactory, PlatformAccountFactory } from '#database/factories/creator_factory'
import { MetricSnapshotFactory } from '#database/factories/metric_factory'
import { UploadTaskFactory } from '#database/factories/upload_factory'
import { UserFactory } from '#database/factories/user_factory'
import { VideoFactory } from '#database/factories/video_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { assertClientError, assertNoPermission, expectStatus } from '#tests/helpers/requests'
import { teamMember } from '#tests/helpers/users'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'

/*
| A small studio: team cp1 with two creators, cp2 with one, in October and
| November 2026. Every expected figure below is counted by hand from what
| the fixture writes.
*/

type Creator = Awaited<ReturnType<typeof CreatorFactory.create>>

async function statement(
  creator: Creator,
  month: string,
  status: 'draft' | 'confirmed' | 'paid',
  platformTotal: string,
  settled: string
) {
  const rateSet = await SettlementRates.current()
  return Settlement.create({
    creatorId: creator.id,
    month: `${month}-01`,
    status,
    rateSetId: rateSet.id,
    rateDate: `${month}-28`,
    individual: true,
    platformTotalKrw: platformTotal,
    settledKrw: settled,
    lines: [],
    rules: { rate_set_id: rateSet.id } as any,
  })
}

async function snapshot(
  creator: Creator,
  accountId: number,
  day: string,
  views: number,
  fans: number
) {
  await MetricSnapshotFactory.merge({
    creatorId: creator.id,
    accountId,
    platform: 'bilibili',
    snapshotDate: day,
    viewsDiff: views,
    fansDiff: fans,
    views: 1_000_000 + views,
    fans: 10_000 + fans,
  }).create()
}

async function studio() {
  const cp1 = await Team.findByOrFail('key', 'cp1')
  const cp2 = await Team.findByOrFail('key', 'cp2')
  const owner = await UserFactory.apply('creator').create()
  const a = await CreatorFactory.merge({
    cpTeamId: cp1.id,
    userId: owner.id,
    contractDate: DateTime.fromISO('2025-01-01'),
  }).create()
  // signed in November: not counted in October
  const b = await CreatorFactory.merge({
    cpTeamId: cp1.id,
    contractDate: DateTime.fromISO('2026-11-10'),
  }).create()
  // cancelled in October: counted in October, not in November
  const c = await CreatorFactory.merge({
    cpTeamId: cp2.id,
    contractDate: DateTime.fromISO('2025-06-01'),
    cancelDate: DateTime.fromISO('2026-10-20'),
    contractStatus: 'terminated',
  }).create()
  const accountA = await PlatformAccountFactory.merge({
    creatorId: a.id,
    platform: 'bilibili',
    uid: '777001',
    channelName: 'A on Bilibili',
    fans: 5,
  }).create()
  const accountB = await PlatformAccountFactory.merge({
    creatorId: b.id,
    platform: 'bilibili',
  }).create()
  const accountC = await PlatformAccountFactory.merge({
    creatorId: c.id,
    platform: 'bilibili',
  }).create()

  await snapshot(a, accountA.id, '2026-10-01', 100, 10)
  await snapshot(a, accountA.id, '2026-10-31', 250, 5)
  await snapshot(a, accountA.id, '2026-11-01', 1_000, 20)
  await snapshot(b, accountB.id, '2026-11-15', 40, 4)
  await snapshot(c, accountC.id, '2026-10-15', 7, -3)
  await snapshot(c, accountC.id, '2026-09-30', 99_999, 999) // outside the range

  const video = (creator: Creator, accountId: number, at: string) =>
    VideoFactory.merge({
      creatorId: creator.id,
      accountId,
      platform: 'bilibili',
      publishedAt: DateTime.fromISO(at, { zone: 'utc' }),
    }).create()
  await video(a, accountA.id, '2026-10-02T10:00:00')
  await video(a, accountA.id, '2026-10-31T23:59:00')
  await video(a, accountA.id, '2026-11-01T00:00:00')
  await video(c, accountC.id, '2026-10-05T08:00:00')

  const upload = async (creator: Creator, at: string) => {
    const task = await UploadTaskFactory.merge({ creatorId: creator.id }).create()
    await db.from('upload_tasks').where('id', task.id).update({ created_at: at })
  }
  await upload(a, '2026-10-03 09:00:00')
  await upload(b, '2026-11-20 09:00:00')
  await upload(c, '2026-10-04 09:00:00')
  await upload(c, '2026-10-06 09:00:00')

  await statement(a, '2026-10', 'confirmed', '1905000.00', '1086313.00')
  await statement(c, '2026-10', 'paid', '1704001.44', '1318216.00')
  await statement(a, '2026-11', 'draft', '5000000.00', '4000000.00') // a draft: not reported
  await statement(b, '2026-11', 'confirmed', '0.50', '0.00')
  return { cp1, cp2, owner, a, b, c, accountA, accountB, accountC }
}

const RANGE = 'from=2026-10&to=2026-11'
const rowOf = (body: any, month: string, team: string | null) =>
  body.data.rows.find((row: any) => row.month === month && row.team === team)

test.group('reports / team report', (group) => {
  setupFunctionalGroup(group)

  test('finance sees every team with money, counted by month', async ({ client, assert }) => {
    await studio()
    const finance = await UserFactory.apply('finance').create()
    const response = await client.get(`/api/reports/teams?${RANGE}`).loginAs(finance)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.data.months, ['2026-10', '2026-11'])
    assert.isTrue(body.data.money)
    assert.deepEqual(rowOf(body, '2026-10', 'cp1'), {
      month: '2026-10',
      team_id: body.data.teams.find((team: any) => team.team === 'cp1').team_id,
      team: 'cp1',
      creators: 1,
      videos: 2,
      upload_tasks: 1,
      views: 350,
      fans_growth: 15,
      revenue_krw: '1905000.00',
      settled_krw: '1086313.00',
    })
    assert.deepInclude(rowOf(body, '2026-10', 'cp2'), {
      creators: 1,
      videos: 1,
      upload_tasks: 2,
      views: 7,
      fans_growth: -3,
      revenue_krw: '1704001.44',
      settled_krw: '1318216.00',
    })
    assert.deepInclude(rowOf(body, '2026-11', 'cp1'), {
      creators: 2,
      videos: 1,
      upload_tasks: 1,
      views: 1_040,
      fans_growth: 24,
      revenue_krw: '0.50',
      settled_krw: '0.00',
    })
    assert.deepInclude(rowOf(body, '2026-11', 'cp2'), { creators: 0, views: 0 })
    assert.deepEqual(body.data.totals[0], {
      month: '2026-10',
      creators: 2,
      videos: 3,
      upload_tasks: 3,
      views: 357,
      fans_growth: 12,
      revenue_krw: '3609001.44',
      settled_krw: '2404529.00',
    })
    // only teams that hold something in the range; no "no team" row when nobody is teamless
    assert.deepEqual(
      body.data.teams.map((team: any) => team.team),
      ['cp1', 'cp2']
    )
    assert.lengthOf(body.data.rows, 4)
  })

  test('admins see money too; a teamless creator gets its own row', async ({ client, assert }) => {
    await studio()
    await CreatorFactory.merge({
      cpTeamId: null,
      contractDate: DateTime.fromISO('2024-01-01'),
    }).create()
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get(`/api/reports/teams?${RANGE}`).loginAs(admin)
    response.assertStatus(200)
    assert.isTrue(response.body().data.money)
    assert.deepInclude(rowOf(response.body(), '2026-10', null), {
      creators: 1,
      revenue_krw: '0.00',
    })
  })

  test('a manager sees only the team they manage, with its money totals', async ({
    client,
    assert,
  }) => {
    const { cp1, cp2 } = await studio()
    const manager = await teamMember('cp1', { manager: true, role: 'manager' })
    const response = await client.get(`/api/reports/teams?${RANGE}`).loginAs(manager)
    response.assertStatus(200)
    const body = response.body()
    assert.isTrue(body.data.money)
    assert.deepEqual(
      body.data.teams.map((team: any) => team.team),
      ['cp1']
    )
    assert.deepEqual(rowOf(body, '2026-10', 'cp1'), {
      month: '2026-10',
      team_id: cp1.id,
      team: 'cp1',
      creators: 1,
      videos: 2,
      upload_tasks: 1,
      views: 350,
      fans_growth: 15,
      revenue_krw: '1905000.00',
      settled_krw: '1086313.00',
    })
    // the totals are the team's own, not the studio's
    assert.equal(body.data.totals[0].revenue_krw, '1905000.00')
    assert.equal(body.data.totals[0].views, 350)

    assertNoPermission(
      await client.get(`/api/reports/teams?${RANGE}&team_id=${cp2.id}`).loginAs(manager)
    )
    const own = await client.get(`/api/reports/teams?${RANGE}&team_id=${cp1.id}`).loginAs(manager)
    own.assertStatus(200)
    assert.lengthOf(own.body().data.rows, 2)
  })

  test('a manager who is only a member of a team does not see it', async ({ client, assert }) => {
    await studio()
    const member = await teamMember('cp2', { manager: false, role: 'manager' })
    const response = await client.get(`/api/reports/teams?${RANGE}`).loginAs(member)
    response.assertStatus(200)
    assert.deepEqual(response.body().data.rows, [])
  })

  test('staff see the teams they belong to, without money', async ({ client, assert }) => {
    const { cp1 } = await studio()
    const staff = await teamMember('cp2', { role: 'staff' })
    const response = await client.get(`/api/reports/teams?${RANGE}`).loginAs(staff)
    response.assertStatus(200)
    const body = response.body()
    assert.isFalse(body.data.money)
    assert.deepEqual([...new Set(body.data.rows.map((row: any) => row.team))], ['cp2'])
    assert.notProperty(body.data.rows[0], 'settled_krw')
    assertNoPermission(
      await client.get(`/api/reports/teams?${RANGE}&team_id=${cp1.id}`).loginAs(staff)
    )
  })

  test('finance filters one team', async ({ client, assert }) => {
    const { cp2 } = await studio()
    const finance = await UserFactory.apply('finance').create()
    const response = await client
      .get(`/api/reports/teams?${RANGE}&team_id=${cp2.id}`)
      .loginAs(finance)
    response.assertStatus(200)
    assert.deepEqual([...new Set(response.body().data.rows.map((row: any) => row.team))], ['cp2'])
    assert.equal(response.body().data.totals[0].settled_krw, '1318216.00')

    // a team asked for is listed even when it holds nothing
    const cp3 = await Team.findByOrFail('key', 'cp3')
    const nothing = await client
      .get(`/api/reports/teams?${RANGE}&team_id=${cp3.id}`)
      .loginAs(finance)
    assert.deepEqual(
      nothing.body().data.rows.map((row: any) => [row.team, row.creators, row.settled_krw]),
      [
        ['cp3', 0, '0.00'],
        ['cp3', 0, '0.00'],
      ]
    )
  })

  test('creators and companies have no team report; anonymous is refused', async ({ client }) => {
    const creator = await UserFactory.apply('creator').create()
    const company = await UserFactory.apply('company').create()
    for (const user of [creator, company]) {
      assertNoPermission(await client.get(`/api/reports/teams?${RANGE}`).loginAs(user))
      assertNoPermission(await client.get(`/api/reports/teams/download?${RANGE}`).loginAs(user))
    }
    await expectStatus(client.get(`/api/reports/teams?${RANGE}`), 401)
    await expectStatus(client.get(`/api/reports/teams/download?${RANGE}`), 401)
  })

  test('bad input is a translated 4xx', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const reversed = await client.get('/api/reports/teams?from=2026-11&to=2026-10').loginAs(admin)
    reversed.assertStatus(422)
    assert.equal(
      reversed.body().message,
      'The first month of the range must not be after the last.'
    )
    const korean = await client
      .get('/api/reports/teams?from=2026-11&to=2026-10')
      .header('lang', 'kr')
      .loginAs(admin)
    assert.equal(korean.body().message, '기간의 시작 월이 마지막 월보다 늦을 수 없습니다.')
    const long = await client.get('/api/reports/teams?from=2020-01&to=2026-10').loginAs(admin)
    long.assertStatus(422)
    assert.equal(long.body().message, 'A report spans at most 36 months.')
    for (const query of [
      'from=2026-13&to=2026-14',
      'from=2026-1&to=2026-02',
      'to=2026-02',
      'from=2026-01&to=2026-02&team_id=abc',
      'from=2026-01&to=2026-02&team_id=0',
      'from[]=x&to=2026-02',
    ]) {
      const response = await client.get(`/api/reports/teams?${query}`).loginAs(admin)
      assertClientError(response, assert, query)
      const download = await client.get(`/api/reports/teams/download?${query}`).loginAs(admin)
      assertClientError(download, assert, query)
    }
    const field = await client
      .get('/api/reports/teams?from=2026-1&to=2026-02')
      .header('lang', 'en')
      .loginAs(admin)
    assert.include(JSON.stringify(field.body()), 'Write the first month as YYYY-MM')
  })
})

test.group('reports / Excel export', (group) => {
  setupFunctionalGroup(group)

  test('finance downloads the table with the same numbers, money included', async ({
    client,
    assert,
  }) => {
    await studio()
    const finance = await UserFactory.apply('finance').create()
    const response = await client
      .get(`/api/reports/teams/download?${RANGE}`)
      .header('lang', 'en')
      .loginAs(finance)
    response.assertStatus(200)
    assert.include(response.header('content-disposition'), 'team-report-2026-10_2026-11.xlsx')
    const workbook = await loadWorkbook(response.body())
    const teams = rowsOf(workbook.getWorksheet('Teams')!)
    assert.deepEqual(teams[0], [
      'Month',
      'Team',
      'Creators',
      'Videos published',
      'Studio uploads',
      'Views gained',
      'Fan growth',
      'Revenue (KRW)',
      'Settled (KRW)',
    ])
    assert.deepInclude(teams, ['2026-10', 'CP 1', 1, 2, 1, 350, 15, 1905000, 1086313])
    assert.deepInclude(teams, ['2026-10', 'CP 2', 1, 1, 2, 7, -3, 1704001.44, 1318216])
    const totals = rowsOf(workbook.getWorksheet('Totals')!)
    assert.deepEqual(totals[1], ['2026-10', 2, 3, 3, 357, 12, 3609001.44, 2404529])
    assert.deepEqual(totals[2], ['2026-11', 2, 1, 1, 1040, 24, 0.5, 0])
  })

  test('a manager downloads their team with its money totals, in Korean', async ({
    client,
    assert,
  }) => {
    await studio()
    const manager = await teamMember('cp1', { manager: true, role: 'manager' })
    const response = await client
      .get(`/api/reports/teams/download?${RANGE}`)
      .header('lang', 'kr')
      .loginAs(manager)
    response.assertStatus(200)
    const workbook = await loadWorkbook(response.body())
    const teams = rowsOf(workbook.getWorksheet('Teams')!)
    assert.deepEqual(teams[0], [
      '월',
      '팀',
      '크리에이터 수',
      '게시된 영상',
      '스튜디오 업로드',
      '조회수 증가',
      '팬 증가',
      '매출(원)',
      '정산액(원)',
    ])
    assert.deepEqual(teams.slice(1), [
      ['2026-10', 'CP 1', 1, 2, 1, 350, 15, 1905000, 1086313],
      ['2026-11', 'CP 1', 2, 1, 1, 1040, 24, 0.5, 0],
    ])
  })
})

test.group('reports / a creator statements (report_month)', (group) => {
  setupFunctionalGroup(group)

  test('a creator account sees its own confirmed and paid statements only', async ({
    client,
    assert,
  }) => {
    const { owner, a } = await studio()
    await statement(a, '2026-09', 'paid', '100.00', '0.00')
    const response = await client.get('/api/creator/report_month').loginAs(owner)
    response.assertStatus(200)
    const { items, total } = response.body().data
    assert.equal(total, 2)
    assert.deepEqual(
      items.map((item: any) => [item.creator_id, item.month, item.status, item.settled_krw]),
      [
        [a.id, '2026-10', 'confirmed', '1086313.00'],
        [a.id, '2026-09', 'paid', '0.00'],
      ]
    )
    const ranged = await client
      .get('/api/creator/report_month?from=2026-10&to=2026-12')
      .loginAs(owner)
    assert.equal(ranged.body().data.total, 1)
  })

  test('a creator account without statements sees none', async ({ client, assert }) => {
    await studio()
    const stranger = await UserFactory.apply('creator').create()
    const response = await client.get('/api/creator/report_month').loginAs(stranger)
    response.assertStatus(200)
    assert.deepEqual(response.body().data, { items: [], total: 0 })
  })

  test('finance and admins see every creator final statements and filter one', async ({
    client,
    assert,
  }) => {
    const { c } = await studio()
    for (const role of ['finance', 'admin'] as const) {
      const user = await UserFactory.apply(role).create()
      const all = await client.get('/api/creator/report_month').loginAs(user)
      all.assertStatus(200)
      assert.equal(all.body().data.total, 3, role)
      const one = await client.get(`/api/creator/report_month?creator_id=${c.id}`).loginAs(user)
      assert.deepEqual(
        one.body().data.items.map((item: any) => item.status),
        ['paid']
      )
    }
  })

  test('companies, managers and staff are refused; anonymous is 401; bad input 422', async ({
    client,
    assert,
  }) => {
    for (const role of ['company', 'manager', 'staff'] as const) {
      const user: User = await UserFactory.apply(role).create()
      assertNoPermission(await client.get('/api/creator/report_month').loginAs(user))
    }
    await expectStatus(client.get('/api/creator/report_month'), 401)
    const owner = await UserFactory.apply('creator').create()
    const reversed = await client
      .get('/api/creator/report_month?from=2026-10&to=2026-09')
      .loginAs(owner)
    reversed.assertStatus(422)
    assert.equal(
      reversed.body().message,
      'The first month of the range must not be after the last.'
    )
    for (const query of ['from=oct', 'creator_id=-1', '_start=x']) {
      assertClientError(
        await client.get(`/api/creator/report_month?${query}`).loginAs(owner),
        assert,
        query
      )
    }
  })
})

test.group('reports / Power BI feed', (group) => {
  setupFunctionalGroup(group)

  test('a creator account gets its own accounts as flat rows', async ({ client, assert }) => {
    const { owner, a, accountA } = await studio()
    const response = await client.get('/api/power-bi/accounts/self').loginAs(owner)
    response.assertStatus(200)
    const rows = response.body()
    assert.isArray(rows)
    assert.lengthOf(rows, 1)
    assert.deepInclude(rows[0], {
      account_id: accountA.id,
      creator_id: a.id,
      brand_no: a.brandNo,
      team: 'cp1',
      platform: 'bilibili',
      uid: '777001',
      channel_name: 'A on Bilibili',
      active: true,
      // the newest snapshot (2026-11-01)
      fans: 10_020,
      views: 1_001_000,
    })
    assert.property(rows[0], 'last_collected_at')
  })

  test('a manager gets the accounts of the team they manage; admins every account', async ({
    client,
    assert,
  }) => {
    const { accountA, accountB, accountC } = await studio()
    const manager = await teamMember('cp1', { manager: true, role: 'manager' })
    const managed = await client.get('/api/power-bi/accounts/self').loginAs(manager)
    managed.assertStatus(200)
    assert.sameMembers(
      managed.body().map((row: any) => row.account_id),
      [accountA.id, accountB.id]
    )
    const staff = await teamMember('cp2', { role: 'staff' })
    const own = await client.get('/api/power-bi/accounts/self').loginAs(staff)
    assert.deepEqual(
      own.body().map((row: any) => row.account_id),
      [accountC.id]
    )
    const admin = await UserFactory.apply('admin').create()
    const all = await client.get('/api/power-bi/accounts/self').loginAs(admin)
    assert.includeMembers(
      all.body().map((row: any) => row.account_id),
      [accountA.id, accountB.id, accountC.id]
    )
  })

  test('a company is refused and anonymous is 401', async ({ client }) => {
    const company = await UserFactory.apply('company').create()
    assertNoPermission(await client.get('/api/power-bi/accounts/self').loginAs(company))
    await expectStatus(client.get('/api/power-bi/accounts/self'), 401)
  })
})
