import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import Settlement from '#models/settlement'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { assertNoPermission, expectStatus } from '#tests/helpers/requests'
import {
  enterRate,
  enterRevenue,
  readmeMonth,
  runMonth,
  statementOf,
  statementRow,
} from '#tests/helpers/settlement'

/*
| Every expected figure below was worked out by hand from the default rates
| (China VAT 6 % of revenue ÷ 1.06, surcharges 12 % of the VAT, China
| withholding 10 % of the revenue net of VAT, Korean income tax 3 % and local
| tax 10 % of it, both rounded down to the won, minimum payout ₩10,000).
*/

test.group('settlement / money to the won', (group) => {
  setupFunctionalGroup(group)

  test('CNY revenue takes the Chinese taxes, USD does not; Korean tax and rounding down', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const { a: cny, b: usd } = await readmeMonth(client, finance)

    const result = await runMonth(client, finance)
    assert.equal(result.drafts, 2)

    const a = await statementOf(client, finance, cny.id, '2026-10')
    assert.deepInclude(a.lines[0], {
      currency: 'CNY',
      gross: '10000.00',
      vat: '566.04',
      surcharge: '67.92',
      withholding: '943.40',
      china_tax: '1577.36',
      after_tax: '8422.64',
      rate: '190.5000',
      rate_date: '2026-10-31',
      rate_source: 'manual',
      gross_krw: '1905000.00',
      after_tax_krw: '1604512.92',
      share_krw: '1123159.04',
    })
    assert.include(a, {
      status: 'draft',
      platform_total_krw: '1905000.00',
      china_tax_krw: '300487.08',
      after_tax_krw: '1604512.92',
      monthly_revenue_krw: '1123159.04',
      settleable_total_krw: '1123159.04',
      kr_income_tax_krw: '33694.00',
      kr_local_tax_krw: '3369.00',
      creator_total_krw: '1086096.04',
      settled_krw: '1086096.00',
      carried_forward_krw: '0.00',
      ad_ratio: '70.00',
    })
    assert.equal(a.rules.rates.cn_vat_rate, '0.0600')
    assert.deepEqual(a.rules.rounding.settled, { places: 0, mode: 'down' })

    const b = await statementOf(client, finance, usd.id, '2026-10')
    assert.include(b.lines[0], { vat: '0.00', china_tax: '0.00', after_tax_krw: '1704001.44' })
    assert.include(b, {
      china_tax_krw: '0.00',
      monthly_revenue_krw: '1363201.15',
      kr_income_tax_krw: '40896.00',
      kr_local_tax_krw: '4089.00',
      settled_krw: '1318216.00',
    })
  })

  test('below the minimum the amount carries over and is paid with the next month', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({ adIncomeRatio: 50, companyRef: null }).create()
    await enterRate(client, finance, 'USD', 1380.25, '2026-09-30')
    for (const month of ['2026-10', '2026-11']) {
      await enterRevenue(client, finance, {
        creator_id: creator.id,
        month,
        platform: 'youtube',
        currency: 'USD',
        amount: 10,
      })
    }
    await runMonth(client, finance)
    const october = await statementOf(client, finance, creator.id, '2026-10')
    // 10 × 1380.25 = 13,802.50; 50 % = 6,901.25; less 207 + 20 tax = 6,674 < 10,000
    assert.include(october, {
      monthly_revenue_krw: '6901.25',
      settled_krw: '0.00',
      kr_income_tax_krw: '0.00',
      carried_forward_krw: '6901.25',
    })

    await runMonth(client, finance, '2026-11', '2026-12-05')
    const november = await statementOf(client, finance, creator.id, '2026-11')
    const early = await client
      .post(`/api/settlements/${november.id}/confirm`)
      .loginAs(finance)
      .header('lang', 'kr')
    early.assertStatus(409)
    early.assertBodyContains({
      message:
        '이 크리에이터의 2026-10 정산서를 먼저 확정하세요. 이 정산서가 그 이월액을 이어받습니다.',
    })
    // 6,901.25 + 6,901.25 = 13,802.50; tax 414 + 41; 13,347.50 → 13,347
    assert.include(november, {
      carry_over_krw: '6901.25',
      settleable_total_krw: '13802.50',
      kr_income_tax_krw: '414.00',
      kr_local_tax_krw: '41.00',
      settled_krw: '13347.00',
      carried_forward_krw: '0.00',
    })
  })

  test('zero revenue, a 0 % and a 100 % split (a company creator has no Korean tax)', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const zero = await CreatorFactory.merge({ adIncomeRatio: 50, companyRef: null }).create()
    const none = await CreatorFactory.merge({ adIncomeRatio: 0, companyRef: null }).create()
    const all = await CreatorFactory.merge({
      adIncomeRatio: 0,
      otherIncomeRatio: 100,
      companyRef: 'Blue Sky Media',
    }).create()
    const idle = await CreatorFactory.create()
    await enterRate(client, finance, 'CNY', 190.5, '2026-10-31')
    await enterRevenue(client, finance, {
      creator_id: zero.id,
      platform: 'youtube',
      currency: 'KRW',
      amount: 0,
    })
    await enterRevenue(client, finance, {
      creator_id: none.id,
      platform: 'bilibili',
      currency: 'CNY',
      amount: 1000,
    })
    await enterRevenue(client, finance, {
      creator_id: all.id,
      platform: 'bilibili',
      kind: 'other',
      currency: 'CNY',
      amount: 1000,
    })

    const result = await runMonth(client, finance)
    assert.equal(result.drafts, 3)
    assert.isNull(await Settlement.query().where('creator_id', idle.id).first())

    const z = await statementOf(client, finance, zero.id, '2026-10')
    assert.include(z, {
      platform_total_krw: '0.00',
      settled_krw: '0.00',
      carried_forward_krw: '0.00',
    })

    const n = await statementOf(client, finance, none.id, '2026-10')
    // 1000 CNY: VAT 56.60, surcharges 6.79, withholding 94.34 → 842.27 × 190.5 = 160,452.44
    assert.include(n, {
      after_tax_krw: '160452.44',
      monthly_revenue_krw: '0.00',
      settled_krw: '0.00',
    })

    const a = await statementOf(client, finance, all.id, '2026-10')
    assert.include(a.lines[0], {
      kind: 'other',
      vat: '56.60',
      surcharge: '6.79',
      withholding: '94.34',
      ratio: '100.00',
    })
    assert.include(a, {
      individual: false,
      monthly_revenue_krw: '160452.44',
      kr_income_tax_krw: '0.00',
      creator_total_krw: '160452.44',
      settled_krw: '160452.00',
    })
  })

  test('a changed exchange rate: running the month again replaces the draft with the new rate', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({ adIncomeRatio: 70, companyRef: null }).create()
    await enterRate(client, finance, 'CNY', 190.5, '2026-10-31')
    await enterRevenue(client, finance, {
      creator_id: creator.id,
      platform: 'bilibili',
      currency: 'CNY',
      amount: 10000,
    })
    await runMonth(client, finance, '2026-10', '2026-11-01')
    const first = await statementOf(client, finance, creator.id, '2026-10')
    assert.equal(first.settled_krw, '1086096.00')

    await enterRate(client, finance, 'CNY', 200, '2026-11-05')
    const saved = await AuditLog.query()
      .where('action', 'exchange_rate.save')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.deepEqual(saved.meta, {
      currency: 'CNY',
      rate_date: '2026-11-05',
      before: null,
      after: { rate: '200.0000', source: 'manual', note: null },
    })
    const again = await runMonth(client, finance, '2026-10', '2026-11-10')
    assert.equal(again.replaced, 1)
    const statement = await statementOf(client, finance, creator.id, '2026-10')
    // 8,422.64 × 200 = 1,684,528.00; 70 % = 1,179,169.60; tax 35,375 + 3,537
    assert.include(statement.lines[0], { rate: '200.0000', rate_date: '2026-11-05' })
    assert.include(statement, {
      rate_date: '2026-11-10',
      monthly_revenue_krw: '1179169.60',
      kr_income_tax_krw: '35375.00',
      kr_local_tax_krw: '3537.00',
      settled_krw: '1140257.00',
    })
    assert.equal(
      await Settlement.query()
        .where('creator_id', creator.id)
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      1
    )

    const missing = await client
      .post('/api/settlements/run')
      .loginAs(finance)
      .header('lang', 'kr')
      .json({ month: '2026-10', rate_date: '2026-10-01' })
    missing.assertStatus(422)
    missing.assertBodyContains({
      message: '2026-10-01 또는 그 이전의 CNY 환율이 없습니다. 먼저 입력하세요.',
    })
  })

  test('a confirmed statement is immutable; a correction goes into the next run, once', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({ adIncomeRatio: 80, companyRef: null }).create()
    await enterRate(client, finance, 'USD', 1380.25, '2026-10-31')
    const row = await enterRevenue(client, finance, {
      creator_id: creator.id,
      platform: 'youtube',
      currency: 'USD',
      amount: 1234.56,
    })
    await runMonth(client, finance)
    const draft = await statementOf(client, finance, creator.id, '2026-10')

    await expectStatus(client.post(`/api/settlements/${draft.id}/paid`).loginAs(finance), 409)
    await expectStatus(
      client
        .post(`/api/settlements/${draft.id}/adjustments`)
        .loginAs(finance)
        .json({ amount_krw: 1, reason: 'x' }),
      409
    )
    await expectStatus(client.post(`/api/settlements/${draft.id}/confirm`).loginAs(finance), 200)
    await expectStatus(client.post(`/api/settlements/${draft.id}/confirm`).loginAs(finance), 409)

    // the month is closed: revenue edits refused, a re-run keeps the confirmed statement
    await expectStatus(
      client.put(`/api/revenues/${row.id}`).loginAs(finance).json({
        creator_id: creator.id,
        month: '2026-10',
        platform: 'youtube',
        kind: 'ad',
        currency: 'USD',
        amount: 2000,
      }),
      409
    )
    const rerun = await runMonth(client, finance, '2026-10', '2026-11-20')
    assert.include(rerun, { drafts: 0, kept: 1 })

    const correction = await client
      .post(`/api/settlements/${draft.id}/adjustments`)
      .loginAs(finance)
      .json({ amount_krw: 50000, reason: 'October views were under-reported' })
    correction.assertStatus(201)
    const confirmed = await statementOf(client, finance, creator.id, '2026-10')
    assert.include(confirmed, { status: 'confirmed', settled_krw: '1318216.00' })
    assert.lengthOf(confirmed.corrections, 1)

    await runMonth(client, finance, '2026-11', '2026-12-05')
    await runMonth(client, finance, '2026-11', '2026-12-05')
    const november = await statementOf(client, finance, creator.id, '2026-11')
    // 50,000 − 1,500 − 150 = 48,350
    assert.include(november, {
      adjustments_krw: '50000.00',
      settleable_total_krw: '50000.00',
      kr_income_tax_krw: '1500.00',
      kr_local_tax_krw: '150.00',
      settled_krw: '48350.00',
    })
    assert.lengthOf(november.corrections_taken_in, 1)

    await expectStatus(client.post(`/api/settlements/${draft.id}/paid`).loginAs(finance), 200)
    const log = await AuditLog.query().where('action', 'settlement.pay').firstOrFail()
    assert.equal(log.userId, finance.id)
    assert.include((log.meta as any).before, { status: 'confirmed' })
    assert.include((log.meta as any).after, { status: 'paid', settled_krw: '1318216.00' })
    assert.isNotNull(await AuditLog.query().where('action', 'settlement.adjust').first())
    assert.isNotNull(await AuditLog.query().where('action', 'revenue.create').first())
  })
})

test.group('settlement / who sees money', (group) => {
  setupFunctionalGroup(group)

  test('admins and finance see money; a creator its own confirmed statements; others nothing', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const admin = await UserFactory.apply('admin').create()
    const staff = await UserFactory.create()
    const company = await UserFactory.apply('company').create()
    const account = await UserFactory.apply('creator').create()
    const own = await CreatorFactory.merge({ userId: account.id, adIncomeRatio: 50 }).create()
    const other = await CreatorFactory.merge({ adIncomeRatio: 50 }).create()
    for (const creator of [own, other]) {
      await enterRevenue(client, finance, {
        creator_id: creator.id,
        platform: 'youtube',
        currency: 'KRW',
        amount: 100000,
      })
    }
    await runMonth(client, admin)
    const ownRow = await statementRow(own.id)
    const otherRow = await statementRow(other.id)

    // a draft is not shown to the creator
    let list = await client.get('/api/settlements').loginAs(account)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 0)
    await expectStatus(client.get(`/api/settlements/${ownRow.id}`).loginAs(account), 403)

    await expectStatus(client.post(`/api/settlements/${ownRow.id}/confirm`).loginAs(finance), 200)
    await expectStatus(client.post(`/api/settlements/${otherRow.id}/confirm`).loginAs(finance), 200)
    list = await client.get('/api/settlements?month=2026-10').loginAs(account)
    assert.deepEqual(
      list.body().map((row: any) => row.creator_id),
      [own.id]
    )
    assert.equal(list.header('x-total-count'), '1')
    await expectStatus(client.get(`/api/settlements/${ownRow.id}`).loginAs(account), 200)
    assertNoPermission(await client.get(`/api/settlements/${otherRow.id}`).loginAs(account))
    assertNoPermission(
      await client.post('/api/settlements/run').loginAs(account).json({ month: '2026-10' })
    )
    assertNoPermission(await client.get('/api/revenues').loginAs(account))

    for (const user of [staff, company]) {
      assertNoPermission(await client.get('/api/settlements').loginAs(user))
      assertNoPermission(await client.get('/api/revenues').loginAs(user))
      assertNoPermission(await client.get('/api/exchange-rates').loginAs(user))
      assertNoPermission(
        await client.get('/api/settlements/team-totals?month=2026-10').loginAs(user)
      )
    }
    const all = await client.get('/api/settlements?month=2026-10').loginAs(finance)
    assert.lengthOf(all.body(), 2)
    const totals = await client.get('/api/settlements/totals?month=2026-10').loginAs(finance)
    // 2 × (100,000 × 50 % = 50,000 − 1,500 − 150 = 48,350)
    assert.include(totals.body().data, { statements: 2, settled_krw: '96700.00' })

    const permissions = await client.get('/api/user/permissions').loginAs(finance)
    assert.sameMembers(permissions.body().data.settlement, [
      'view',
      'manage',
      'statements',
      'team_totals',
    ])
    assert.include(Object.keys(permissions.body().data), 'creator_adjustment')
    assert.includeMembers(permissions.body().data.creators, [
      'list',
      'show',
      'reveal_l1',
      'reveal_l3',
    ])
    assert.notInclude(permissions.body().data.creators, 'reveal_l2')
    const creatorPermissions = await client.get('/api/user/permissions').loginAs(account)
    assert.sameMembers(creatorPermissions.body().data.settlement, ['statements'])
  })

  test('a manager sees the totals of the teams they manage only', async ({ client, assert }) => {
    const finance = await UserFactory.apply('finance').create()
    const manager = await UserFactory.apply('manager').create()
    const { default: Team } = await import('#models/team')
    const [mine, theirs] = await Team.query().orderBy('id').limit(2)
    await manager.related('teams').attach({ [mine.id]: { is_manager: true } })
    const a = await CreatorFactory.merge({
      cpTeamId: mine.id,
      adIncomeRatio: 100,
      companyRef: 'Co',
    }).create()
    const b = await CreatorFactory.merge({
      cpTeamId: theirs.id,
      adIncomeRatio: 100,
      companyRef: 'Co',
    }).create()
    for (const creator of [a, b]) {
      await enterRevenue(client, finance, {
        creator_id: creator.id,
        platform: 'youtube',
        currency: 'KRW',
        amount: 20000,
      })
    }
    await runMonth(client, finance)
    assertNoPermission(await client.get('/api/settlements').loginAs(manager))
    const totals = await client.get('/api/settlements/team-totals?month=2026-10').loginAs(manager)
    totals.assertStatus(200)
    assert.deepEqual(totals.body().data, [
      {
        team_id: mine.id,
        team: mine.key,
        statements: 1,
        monthly_revenue_krw: '20000.00',
        settled_krw: '20000.00',
      },
    ])
    const everyTeam = await client
      .get('/api/settlements/team-totals?month=2026-10')
      .loginAs(finance)
    assert.lengthOf(everyTeam.body().data, 2)
  })

  test('bad input is a translated 4xx, never a 5xx', async ({ client, assert }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.create()
    const badMonth = await client
      .post('/api/settlements/run')
      .loginAs(finance)
      .header('lang', 'kr')
      .json({ month: '2026-13' })
    badMonth.assertStatus(422)
    assert.include(JSON.stringify(badMonth.body()), '월은 YYYY-MM 형식으로 입력하세요')
    // a month that has not begun is not settled (it would skip the months between)
    const future = await client
      .post('/api/settlements/run')
      .loginAs(finance)
      .header('lang', 'kr')
      .json({ month: '2099-01' })
    future.assertStatus(422)
    assert.include(future.body().message, '아직 시작하지 않은 달입니다')
    await expectStatus(
      client.post('/api/revenues').loginAs(finance).json({
        creator_id: creator.id,
        month: '2026-10',
        platform: 'youtube',
        kind: 'ad',
        currency: 'USD',
        amount: 1.234,
      }),
      422
    )
    await expectStatus(
      client.post('/api/revenues').loginAs(finance).json({
        creator_id: 999999,
        month: '2026-10',
        platform: 'youtube',
        kind: 'ad',
        currency: 'USD',
        amount: 1,
      }),
      422
    )
    const row = {
      creator_id: creator.id,
      month: '2026-10',
      platform: 'youtube',
      kind: 'ad',
      currency: 'USD',
      amount: 1,
    }
    await enterRevenue(client, finance, row)
    await expectStatus(client.post('/api/revenues').loginAs(finance).json(row), 409)
    await expectStatus(
      client
        .post('/api/exchange-rates')
        .loginAs(finance)
        .json({ currency: 'CNY', rate: 190.12345, rate_date: '2026-10-31' }),
      422
    )
    await expectStatus(
      client
        .post('/api/exchange-rates')
        .loginAs(finance)
        .json({ currency: 'CNY', rate: 190, rate_date: '2026-02-30' }),
      422
    )
    await expectStatus(client.get('/api/settlements/abc').loginAs(finance), 422)
    await expectStatus(client.get('/api/settlements/123456').loginAs(finance), 404)
    await expectStatus(
      client.put('/api/settlements/rates').loginAs(finance).json({ cn_vat_rate: 2 }),
      422
    )
  })

  test('rates are versioned: a statement keeps the version it used', async ({ client, assert }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({ adIncomeRatio: 100, companyRef: null }).create()
    await enterRevenue(client, finance, {
      creator_id: creator.id,
      platform: 'youtube',
      currency: 'KRW',
      amount: 100000,
    })
    await runMonth(client, finance)
    const first = await statementOf(client, finance, creator.id, '2026-10')
    await expectStatus(client.post(`/api/settlements/${first.id}/confirm`).loginAs(finance), 200)

    const changed = await client
      .put('/api/settlements/rates')
      .loginAs(finance)
      .json({ minimum_payout_krw: 200000 })
    changed.assertStatus(200)
    assert.isAbove(changed.body().data.version, first.rules.rate_set_id)
    await enterRevenue(client, finance, {
      creator_id: creator.id,
      month: '2026-11',
      platform: 'youtube',
      currency: 'KRW',
      amount: 100000,
    })
    await runMonth(client, finance, '2026-11', '2026-12-05')
    const second = await statementOf(client, finance, creator.id, '2026-11')
    assert.equal(second.rules.rate_set_id, changed.body().data.version)
    assert.include(second, { settled_krw: '0.00', carried_forward_krw: '100000.00' })
    const kept = await statementOf(client, finance, creator.id, '2026-10')
    assert.include(kept, { settled_krw: '96700.00' })
    assert.equal(kept.rules.rate_set_id, first.rules.rate_set_id)
    const log = await AuditLog.query().where('action', 'settlement.rates').firstOrFail()
    assert.equal((log.meta as any).after.minimum_payout_krw, '200000.00')
  })
})
