import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { expectStatus } from '#tests/helpers/requests'
import { enterRate, enterRevenue, runMonth, statementRow } from '#tests/helpers/settlement'
import { HAS_PDFTOTEXT, NO_PDFTOTEXT, pdfOf, pdfText } from '#tests/helpers/pdf'

/**
 * GET /api/settlements/:id/pdf: a confirmed statement (the README's CNY
 * creator: ₩10,000 of Bilibili ad revenue at 190.5, 70 % ad share) printed
 * with every figure, the rates and rounding it used and its exchange rate,
 * in the creator's language unless another is asked for; a creator account
 * reads its own, nobody else's.
 */
test.group('settlement / the statement as a PDF', (group) => {
  setupFunctionalGroup(group)

  async function confirmedStatement(client: ApiClient) {
    const finance = await UserFactory.apply('finance').create()
    const owner = await UserFactory.merge({ role: 'creator', locale: 'ja' }).create()
    const creator = await CreatorFactory.merge({
      channelName: '料理のさくら',
      adIncomeRatio: 70,
      otherIncomeRatio: 50,
      companyRef: null,
      userId: owner.id,
    }).create()
    await enterRate(client, finance, 'CNY', 190.5, '2026-10-31')
    await enterRevenue(client, finance, {
      creator_id: creator.id,
      platform: 'bilibili',
      currency: 'CNY',
      amount: 10000,
    })
    await runMonth(client, finance)
    const statement = await statementRow(creator.id)
    await expectStatus(
      client.post(`/api/settlements/${statement.id}/confirm`).loginAs(finance),
      200
    )
    return { finance, owner, creator, statement }
  }

  test('every figure, the rates and rounding, in the creator’s language or the one asked for', async ({
    client,
    assert,
  }) => {
    const { finance, owner, statement } = await confirmedStatement(client)

    const asOwner = await client.get(`/api/settlements/${statement.id}/pdf`).loginAs(owner)
    asOwner.assertStatus(200)
    assert.equal(asOwner.header('content-type'), 'application/pdf')
    const japanese = pdfText(pdfOf(asOwner))
    for (const words of ['料理のさくら', '2026', '₩1,086,096', '₩1,905,000', '₩300,487', '70.00']) {
      assert.include(japanese, words)
    }
    assert.include(japanese, 'CNY 190.5000 (2026-10-31)')
    assert.include(japanese, '中国増値税率')
    assert.include(japanese, '6.00 %')
    assert.include(japanese, '精算額')
    // the order of operations, where the rates are printed
    assert.include(japanese, '計算順序')
    assert.include(japanese, '1. 中国の税金 → 2. ウォンへの両替')

    const korean = pdfText(
      pdfOf(
        await client.get(`/api/settlements/${statement.id}/pdf`).qs({ lang: 'ko' }).loginAs(finance)
      )
    )
    assert.include(korean, '₩1,086,096')
    assert.include(korean, '중국 부가세율')
    assert.include(korean, '소수 0자리 버림')
    assert.include(korean, '계산 순서')
  }).skip(!HAS_PDFTOTEXT, NO_PDFTOTEXT)

  test('only those who may read the statement get it; a language that is not one of ours is refused', async ({
    client,
  }) => {
    const { finance, statement } = await confirmedStatement(client)
    const stranger = await UserFactory.merge({ role: 'creator' }).create()
    await CreatorFactory.merge({ userId: stranger.id }).create()
    const staff = await UserFactory.create()
    const company = await UserFactory.merge({ role: 'company' }).create()
    const path = `/api/settlements/${statement.id}/pdf`

    await expectStatus(client.get(path), 401)
    for (const user of [stranger, staff, company]) {
      const response = await client.get(path).loginAs(user)
      if (![403, 404].includes(response.status())) response.assertStatus(403)
    }
    await expectStatus(client.get(path).qs({ lang: 'fr' }).loginAs(finance), 422)
    await expectStatus(client.get('/api/settlements/abc/pdf').loginAs(finance), 422)
  })
})
