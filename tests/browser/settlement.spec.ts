import { test } from '@japa/runner'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'

test.group('monthly settlement', (group) => {
  setupFunctionalGroup(group)

  test('finance runs a month, opens a statement to the won and confirms it (Korean)', async ({
    visit,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const creator = await CreatorFactory.merge({
      channelName: 'Culture with Xiuying',
      adIncomeRatio: 70,
      companyRef: null,
    }).create()
    await ExchangeRate.create({
      currency: 'CNY',
      rate: '190.5',
      rateDate: '2026-10-31',
      source: 'manual',
    })
    await PlatformRevenue.create({
      creatorId: creator.id,
      month: '2026-10-01',
      platform: 'bilibili',
      kind: 'ad',
      currency: 'CNY',
      amount: '10000',
    })

    const page = await signedIn(visit, finance, 'kr')
    await page.goto('/app/creator_adjustment')
    await page.locator('[data-testid=settlement-month]').click()
    await page.locator('[data-testid=settlement-month]').fill('2026-10')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid=settlement-rate-date]').click()
    await page.locator('[data-testid=settlement-rate-date]').fill('2026-11-05')
    await page.keyboard.press('Enter')
    await page.locator('[data-testid=settlement-run]').click()
    await page.getByText('초안 정산서 1건').waitFor()
    const row = page.locator('[data-testid=settlement-table] tr.ant-table-row', {
      hasText: 'Culture with Xiuying',
    })
    await row.getByText('₩1,086,096.00').waitFor()
    await row.click()
    await page.locator('[data-testid=figure-settled_krw]').getByText('₩1,086,096.00').waitFor()
    assert.equal(
      await page.locator('[data-testid=figure-kr_income_tax_krw]').innerText(),
      '₩33,694.00'
    )
    await page.getByText('소수 0자리 버림').first().waitFor()
    await screenshot(page, 'kr-settlement-statement')
    await page.locator('[data-testid=statement-confirm]').click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await page.locator('[data-testid=statement-paid]').waitFor()
    const statement = await Settlement.query().where('creator_id', creator.id).firstOrFail()
    assert.equal(statement.status, 'confirmed')
    assert.equal(statement.confirmedBy, finance.id)
  }).timeout(60_000)
})
