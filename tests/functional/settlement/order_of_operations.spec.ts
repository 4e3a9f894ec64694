import { test } from '@japa/runner'
import AuditLog from '#models/audit_log'
import SettlementRateSet from '#models/settlement_rate_set'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { readmeMonth, runMonth, statementOf } from '#tests/helpers/settlement'
import { DEFAULT_SETTLEMENT_STEPS } from '#shared/settlement'

const SHARE_BEFORE_EXCHANGE = ['cn_taxes', 'share', 'conversion', 'kr_withholding', 'settle']

/*
| The order of operations is part of the rate set: finance picks one of the
| allowed orders, the run follows it, and the statement keeps it. The README's
| two creators (CNY 10,000.00 at 190.5, 70 %; USD 1,234.56 at 1,380.25, 80 %)
| with the creator's share taken before the exchange, worked out by hand:
|
|   A: after-tax 8,422.64 CNY (as in the README); share 8,422.64 × 70 % =
|      5,895.848 → 5,895.85 CNY; × 190.5 = 1,123,159.425 → 1,123,159.43 won;
|      income tax 3 % = 33,694.7829 → 33,694; local tax 3,369.4 → 3,369;
|      creator total 1,086,096.43; settled 1,086,096.
|   B: share 1,234.56 × 80 % = 987.648 → 987.65 USD; × 1,380.25 =
|      1,363,203.9125 → 1,363,203.91 won; income tax 40,896.1173 → 40,896;
|      local tax 4,089.6 → 4,089; creator total 1,318,218.91; settled
|      1,318,218 (the default order settles 1,318,216).
*/
test.group('settlement / the order of operations', (group) => {
  setupFunctionalGroup(group)

  test('the share taken before the exchange, to the won; the statement keeps its order', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const { a, b } = await readmeMonth(client, finance)

    const before = await client.get('/api/settlements/rates').loginAs(finance)
    assert.deepEqual(before.body().data.current.steps, [...DEFAULT_SETTLEMENT_STEPS])
    const changed = await client
      .put('/api/settlements/rates')
      .loginAs(finance)
      .json({ steps: SHARE_BEFORE_EXCHANGE, note: 'share before the exchange' })
    changed.assertStatus(200)
    assert.deepEqual(changed.body().data.steps, SHARE_BEFORE_EXCHANGE)
    assert.equal(changed.body().data.cn_vat_rate, '0.0600')
    await runMonth(client, finance)

    const first = await statementOf(client, finance, a.id)
    assert.include(first.lines[0], {
      after_tax: '8422.64',
      gross_krw: '1905000.00',
      after_tax_krw: '1604512.92',
      share_krw: '1123159.43',
    })
    assert.include(first, {
      platform_total_krw: '1905000.00',
      china_tax_krw: '300487.08',
      monthly_revenue_krw: '1123159.43',
      kr_income_tax_krw: '33694.00',
      kr_local_tax_krw: '3369.00',
      creator_total_krw: '1086096.43',
      settled_krw: '1086096.00',
    })
    assert.deepEqual(first.rules.steps, SHARE_BEFORE_EXCHANGE)
    assert.deepEqual(first.rules.order, [
      'cn_vat',
      'cn_surcharge',
      'cn_withholding',
      'share',
      'conversion',
      'carry_over_and_adjustments',
      'kr_withholding',
      'settled',
      'minimum_payout',
    ])
    assert.equal(first.rules.rate_set_id, changed.body().data.version)

    const second = await statementOf(client, finance, b.id)
    assert.include(second.lines[0], { after_tax_krw: '1704001.44', share_krw: '1363203.91' })
    assert.include(second, {
      monthly_revenue_krw: '1363203.91',
      kr_income_tax_krw: '40896.00',
      kr_local_tax_krw: '4089.00',
      creator_total_krw: '1318218.91',
      settled_krw: '1318218.00',
    })

    // a later change of a rate keeps the order; the log has the order before and after
    const rate = await client
      .put('/api/settlements/rates')
      .loginAs(finance)
      .json({ minimum_payout_krw: 5000 })
    assert.deepEqual(rate.body().data.steps, SHARE_BEFORE_EXCHANGE)
    const log = await AuditLog.query()
      .where('action', 'settlement.rates')
      .orderBy('id', 'asc')
      .firstOrFail()
    assert.equal((log.meta as any).before.steps, DEFAULT_SETTLEMENT_STEPS.join(','))
    assert.equal((log.meta as any).after.steps, SHARE_BEFORE_EXCHANGE.join(','))

    // back to the default order: the README's figures again
    await client
      .put('/api/settlements/rates')
      .loginAs(finance)
      .json({ steps: DEFAULT_SETTLEMENT_STEPS })
      .then((response) => response.assertStatus(200))
    await runMonth(client, finance)
    const again = await statementOf(client, finance, b.id)
    assert.equal(again.settled_krw, '1318216.00')
  })

  test('an order that makes no sense is a translated 422 and writes no version', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    await client.get('/api/settlements/rates').loginAs(finance)
    const versions = await SettlementRateSet.all()

    const koreanTaxFirst = ['cn_taxes', 'conversion', 'kr_withholding', 'share', 'settle']
    const messages = {
      kr: '허용되지 않는 계산 순서입니다',
      ch: '不允许此计算顺序',
      en: 'This order of operations is not allowed',
      jp: 'この計算順序は使えません',
    }
    for (const [lang, message] of Object.entries(messages)) {
      const response = await client
        .put('/api/settlements/rates')
        .loginAs(finance)
        .header('lang', lang)
        .json({ steps: koreanTaxFirst })
      response.assertStatus(422)
      assert.include(response.body().message, message, lang)
      assert.equal(response.body().errors[0].field, 'steps')
    }
    for (const steps of [
      ['cn_taxes', 'conversion', 'share', 'settle', 'kr_withholding'],
      ['conversion', 'cn_taxes', 'share', 'kr_withholding', 'settle'],
      ['share', 'cn_taxes', 'conversion', 'kr_withholding', 'settle'],
      ['cn_taxes', 'conversion', 'share', 'share', 'settle'],
      ['cn_taxes', 'conversion', 'share', 'kr_withholding'],
      ['cn_taxes', 'conversion', 'share', 'kr_withholding', 'settle', 'settle'],
      ['cn_taxes', 'conversion', 'share', 'kr_withholding', 'pay'],
      'cn_taxes,conversion,share,kr_withholding,settle',
    ]) {
      const response = await client
        .put('/api/settlements/rates')
        .loginAs(finance)
        .json({ steps, cn_vat_rate: 0.07 })
      response.assertStatus(422)
    }
    assert.lengthOf(await SettlementRateSet.all(), versions.length)
    const current = await client.get('/api/settlements/rates').loginAs(finance)
    assert.include(current.body().data.current, { cn_vat_rate: '0.0600' })
  })
})
