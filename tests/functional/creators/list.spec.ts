import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type User from '#models/user'
import Team from '#models/team'
import { CreatorFactory, withPrivate } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { userWithCode } from '#tests/helpers/users'
import { FOLLOWER_TIERS, PLATFORMS } from '#shared/constants'

/**
 * Five creators that tell the filters apart:
 * A CR food cp1 1.5k fans, bilibili ok, new — "Alpha Kitchen" / 阿尔法厨房, contract C-100
 * B IP game cp2 60k fans, xigua token cannot access, new
 * C CH food, terminated, 1.2M fans, bilibili + weibo ok, 40 days old
 * D CR, no accounts, 0 fans, 100 days old
 * E CR, douyin token expired an hour ago (stored status still 0), 8k fans, new
 */
async function seedCreators() {
  const cp1 = await Team.findByOrFail('key', 'cp1')
  const cp2 = await Team.findByOrFail('key', 'cp2')
  const a = await CreatorFactory.merge({
    brandNo: 'T-A',
    contractNo: 'C-100',
    kind: 'CR',
    category: 'food',
    cpTeamId: cp1.id,
    channelName: 'Alpha Kitchen',
    channelNameZh: '阿尔法厨房',
    contractorName: 'Park Jiwoo',
    totalFans: 1_500,
    contractDate: DateTime.fromISO('2024-01-10'),
  })
    .tap(withPrivate({ phone: '010-2222-3333' }))
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', uid: 'uid-alpha' }))
    .create()
  const b = await CreatorFactory.merge({
    brandNo: 'T-B',
    kind: 'IP',
    category: 'game',
    cpTeamId: cp2.id,
    channelName: 'Bravo Games',
    totalFans: 60_000,
    contractDate: DateTime.fromISO('2023-05-01'),
  })
    .with('accounts', 1, (account) => account.merge({ platform: 'xigua', tokenStatus: 1 }))
    .create()
  const c = await CreatorFactory.merge({
    brandNo: 'T-C',
    kind: 'CH',
    category: 'food',
    channelName: 'Charlie Channel',
    totalFans: 1_200_000,
    contractDate: DateTime.fromISO('2022-02-02'),
    createdAt: DateTime.utc().minus({ days: 40 }),
  })
    .apply('terminated')
    .with('accounts', 1, (account) => account.merge({ platform: 'bilibili' }))
    .with('accounts', 1, (account) => account.merge({ platform: 'weibo' }))
    .create()
  const d = await CreatorFactory.merge({
    brandNo: 'T-D',
    kind: 'CR',
    channelName: 'Delta Vlog',
    totalFans: 0,
    contractDate: DateTime.fromISO('2025-03-03'),
    createdAt: DateTime.utc().minus({ days: 100 }),
  }).create()
  const e = await CreatorFactory.merge({
    brandNo: 'T-E',
    kind: 'CR',
    channelName: 'Echo Dance',
    totalFans: 8_000,
    contractDate: DateTime.fromISO('2021-12-12'),
  })
    .with('accounts', 1, (account) =>
      account.merge({
        platform: 'douyin',
        tokenStatus: 0,
        tokenExpiresAt: DateTime.utc().minus({ hours: 1 }),
      })
    )
    .create()
  return { a, b, c, d, e }
}

type Seeded = Awaited<ReturnType<typeof seedCreators>>

async function idsOf(client: any, user: User, qs: Record<string, unknown> | string) {
  const request = client.get(`/api/creators${typeof qs === 'string' ? `?${qs}` : ''}`).loginAs(user)
  const response = typeof qs === 'string' ? await request : await request.qs(qs)
  response.assertStatus(200)
  return {
    ids: response.body().map((row: { id: number }) => row.id) as number[],
    total: Number(response.header('x-total-count')),
  }
}

async function ids(client: any, user: User, qs: Record<string, unknown> | string) {
  const { ids: found } = await idsOf(client, user, qs)
  return found
}

test.group('creators / list', (group) => {
  setupFunctionalGroup(group)

  let seeded: Seeded
  let staff: User
  group.each.setup(async () => {
    staff = await userWithCode('staff', null)
    seeded = await seedCreators()
  })

  test('lists newest first with x-total-count and the list item shape', async ({
    client,
    assert,
  }) => {
    const { a, b, c, d, e } = seeded
    const response = await client.get('/api/creators').loginAs(staff)
    response.assertStatus(200)
    assert.equal(response.header('x-total-count'), '5')
    assert.deepEqual(
      response.body().map((row: any) => row.id),
      [e.id, d.id, c.id, b.id, a.id]
    )
    const alpha = response.body().find((row: any) => row.id === a.id)
    assert.deepEqual(Object.keys(alpha).sort(), [
      'accounts',
      'brand_no',
      'category',
      'channel_name',
      'channel_name_zh',
      'contract_no',
      'contract_status',
      'contractor_name',
      'cp_team',
      'created_at',
      'failing',
      'favorite',
      'id',
      'is_new',
      'kind',
      'nationality',
      'phone_masked',
      'total_fans',
    ])
    assert.containsSubset(alpha, {
      brand_no: 'T-A',
      kind: 'CR',
      cp_team: { key: 'cp1', name: 'CP 1' },
      total_fans: 1500,
      failing: false,
      is_new: true,
      favorite: false,
      phone_masked: '010****3333',
      accounts: [{ platform: 'bilibili', uid: 'uid-alpha', token_status: 0, cookie_status: 0 }],
    })
    const echo = response.body().find((row: any) => row.id === e.id)
    assert.isTrue(echo.failing, 'an expired token counts although the stored status is 0')
    assert.equal(echo.accounts[0].token_status, 1)
    const delta = response.body().find((row: any) => row.id === d.id)
    assert.isFalse(delta.is_new)
  })

  test('pages with _start and _end without overlap', async ({ client, assert }) => {
    const first = await idsOf(client, staff, { _start: 0, _end: 2 })
    const second = await idsOf(client, staff, { _start: 2, _end: 4 })
    const third = await idsOf(client, staff, { _start: 4, _end: 6 })
    assert.lengthOf(first.ids, 2)
    assert.lengthOf(second.ids, 2)
    assert.lengthOf(third.ids, 1)
    assert.equal(first.total, 5)
    assert.equal(third.total, 5)
    assert.lengthOf(new Set([...first.ids, ...second.ids, ...third.ids]), 5)
    const beyond = await idsOf(client, staff, { _start: 50, _end: 60 })
    assert.deepEqual(beyond, { ids: [], total: 5 })
  })

  test('sorts by the allowed columns, both ways', async ({ client, assert }) => {
    const { a, b, c, d, e } = seeded
    assert.deepEqual(await ids(client, staff, { _sort: 'total_fans', _order: 'desc' }), [
      c.id,
      b.id,
      e.id,
      a.id,
      d.id,
    ])
    assert.deepEqual(await ids(client, staff, { _sort: 'channel_name', _order: 'asc' }), [
      a.id,
      b.id,
      c.id,
      d.id,
      e.id,
    ])
    assert.deepEqual(await ids(client, staff, { _sort: 'contract_date', _order: 'asc' }), [
      e.id,
      c.id,
      b.id,
      a.id,
      d.id,
    ])
    const oldest = await ids(client, staff, { _sort: 'created_at', _order: 'asc' })
    assert.deepEqual(oldest.slice(0, 2), [d.id, c.id])
    assert.deepEqual(await ids(client, staff, { _sort: 'brand_no', _order: 'DESC' }), [
      e.id,
      d.id,
      c.id,
      b.id,
      a.id,
    ])
    for (const qs of ['_sort=password', '_sort=phone_encrypted', '_order=sideways']) {
      const response = await client.get(`/api/creators?${qs}`).loginAs(staff)
      response.assertStatus(422)
    }
  })

  test('searches names, Chinese name, contractor, numbers and account uids', async ({
    client,
    assert,
  }) => {
    const { a, b } = seeded
    for (const q of ['alpha', 'ALPHA kit', '阿尔法', 'Park Ji', 'C-100', 'T-A', 'uid-alpha']) {
      assert.deepEqual(await ids(client, staff, { q }), [a.id], q)
    }
    assert.deepEqual(await ids(client, staff, { q: 'T-B' }), [b.id])
    assert.deepEqual(await ids(client, staff, { q: '%' }), [])
    assert.deepEqual(await ids(client, staff, { q: '_' }), [])
    assert.deepEqual(await idsOf(client, staff, { q: 'nobody-here' }), { ids: [], total: 0 })
  })

  test('filters by kind, category, contract status and team (one value or many)', async ({
    client,
    assert,
  }) => {
    const { a, b, c, d, e } = seeded
    assert.sameMembers(await ids(client, staff, { kind: 'CR' }), [a.id, d.id, e.id])
    assert.sameMembers(await ids(client, staff, 'kind=CR&kind=IP'), [a.id, b.id, d.id, e.id])
    assert.sameMembers(await ids(client, staff, { category: 'food' }), [a.id, c.id])
    assert.sameMembers(await ids(client, staff, { contract_status: 'terminated' }), [c.id])
    assert.sameMembers(await ids(client, staff, { contract_status: 'valid' }), [
      a.id,
      b.id,
      d.id,
      e.id,
    ])
    assert.sameMembers(await ids(client, staff, { team: 'cp1' }), [a.id])
    assert.sameMembers(await ids(client, staff, 'team=cp1&team=cp2'), [a.id, b.id])
    assert.sameMembers(await ids(client, staff, { kind: 'CR', category: 'food' }), [a.id])
    for (const qs of [
      'kind=XX',
      'category=cars',
      'team=cp9',
      'contract_status=paused',
      'kind[a]=1',
    ]) {
      const response = await client.get(`/api/creators?${qs}`).loginAs(staff)
      response.assertStatus(422)
    }
  })

  test('filters failing, new, follower tiers and token status per platform', async ({
    client,
    assert,
  }) => {
    const { a, b, c, d, e } = seeded
    assert.sameMembers(await ids(client, staff, { failing: 1 }), [b.id, e.id])
    assert.sameMembers(await ids(client, staff, { failing: 0 }), [a.id, c.id, d.id])
    assert.sameMembers(await ids(client, staff, { new: 1 }), [a.id, b.id, e.id])
    assert.sameMembers(await ids(client, staff, { min_fans: 50_000 }), [b.id, c.id])
    assert.sameMembers(await ids(client, staff, { min_fans: 1_000_000 }), [c.id])
    assert.sameMembers(await ids(client, staff, { max_fans: 10_000 }), [a.id, d.id, e.id])
    assert.sameMembers(await ids(client, staff, { min_fans: 1_000, max_fans: 10_000 }), [
      a.id,
      e.id,
    ])
    assert.sameMembers(await ids(client, staff, { platform: 'bilibili' }), [a.id, c.id])
    assert.sameMembers(await ids(client, staff, { platform: 'xigua', token_status: 1 }), [b.id])
    assert.sameMembers(await ids(client, staff, { platform: 'xigua', token_status: 0 }), [])
    assert.sameMembers(await ids(client, staff, { platform: 'douyin', token_status: 1 }), [e.id])
    assert.sameMembers(await ids(client, staff, { token_status: 1 }), [b.id, e.id])
    assert.sameMembers(await ids(client, staff, { token_status: 0 }), [a.id, c.id])
    for (const qs of [
      'min_fans=-1',
      'min_fans=lots',
      'token_status=2',
      'platform=myspace',
      'failing=perhaps',
    ]) {
      const response = await client.get(`/api/creators?${qs}`).loginAs(staff)
      response.assertStatus(422)
    }
  })

  test("filters by id (one or many) and by the caller's favorites", async ({ client, assert }) => {
    const { a, c, d } = seeded
    assert.deepEqual(await ids(client, staff, { id: a.id }), [a.id])
    assert.sameMembers(await ids(client, staff, `id=${a.id}&id=${c.id}`), [a.id, c.id])
    const bad = await client.get('/api/creators?id=abc').loginAs(staff)
    bad.assertStatus(422)

    await client.post('/api/user/favorites').loginAs(staff).json({ creator_id: d.id })
    await client.post('/api/user/favorites').loginAs(staff).json({ creator_id: a.id })
    assert.sameMembers(await ids(client, staff, { favorite: 1 }), [a.id, d.id])
    const other = await userWithCode('manager', null)
    assert.deepEqual(await ids(client, other, { favorite: 1 }), [])

    const list = await client.get('/api/creators').loginAs(staff)
    const flags = Object.fromEntries(list.body().map((row: any) => [row.id, row.favorite]))
    assert.isTrue(flags[a.id])
    assert.isFalse(flags[c.id])
  })

  test('the summary counts what the list holds (computed by hand here)', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/creators/summary').loginAs(staff)
    response.assertStatus(200)
    const data = response.body().data
    assert.equal(response.body().status, 0)
    assert.containsSubset(data, {
      total: 5,
      CR: 3,
      IP: 1,
      CH: 1,
      accounts: 5,
      new: 3,
      failing: 2,
      terminated: 1,
    })
    assert.sameMembers(Object.keys(data.token_status), [...PLATFORMS])
    assert.deepEqual(data.token_status.bilibili, { connected: 2, cannot_access: 0 })
    assert.deepEqual(data.token_status.xigua, { connected: 0, cannot_access: 1 })
    assert.deepEqual(data.token_status.weibo, { connected: 1, cannot_access: 0 })
    assert.deepEqual(data.token_status.douyin, { connected: 0, cannot_access: 1 })
    assert.deepEqual(data.token_status.kwai, { connected: 0, cannot_access: 0 })

    // fans: A 1,500 · B 60,000 · C 1,200,000 · D 0 · E 8,000 (creators with at least the tier)
    const fans = [1_500, 60_000, 1_200_000, 0, 8_000]
    const expected = Object.fromEntries(
      FOLLOWER_TIERS.map((tier) => [String(tier), fans.filter((count) => count >= tier).length])
    )
    assert.deepEqual(data.tiers, expected)
    assert.deepEqual(data.tiers, {
      '1000': 4,
      '5000': 3,
      '10000': 2,
      '30000': 2,
      '50000': 2,
      '100000': 1,
      '300000': 1,
      '500000': 1,
      '1000000': 1,
    })
  })
})
