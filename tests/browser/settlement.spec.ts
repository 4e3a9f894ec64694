import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import ExchangeRate from '#models/exchange_rate'
import PlatformRevenue from '#models/platform_revenue'
import Settlement from '#models/settlement'
import SettlementRates from '#services/settlement/settlement_rates'
import SettlementService from '#services/settlement/settlement_service'
import SettlementRunService from '#services/settlement/settlement_run_service'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { menuLabels, screenshot, signedIn } from '#tests/helpers/browser'

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

  test('a creator account reads its own statement in its Report and downloads the PDF', async ({
    visit,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const owner = await UserFactory.apply('creator').create()
    const mine = await CreatorFactory.merge({
      channelName: 'Kitchen of Mei',
      userId: owner.id,
      companyRef: null,
    }).create()
    const other = await CreatorFactory.merge({
      channelName: 'Garden of Wen',
      companyRef: null,
    }).create()
    await ExchangeRate.create({
      currency: 'CNY',
      rate: '190.5',
      rateDate: '2026-10-31',
      source: 'manual',
    })
    for (const [creator, amount] of [
      [mine, '10000'],
      [other, '20000'],
    ] as const) {
      await PlatformRevenue.create({
        creatorId: creator.id,
        month: '2026-10-01',
        platform: 'bilibili',
        kind: 'ad',
        currency: 'CNY',
        amount,
      })
    }
    await SettlementRunService.run(null, '2026-10', '2026-11-05')
    for (const statement of await Settlement.all()) {
      await SettlementService.confirm({ user: finance, ip: null }, statement.id)
    }
    const own = await Settlement.findByOrFail('creator_id', mine.id)
    const settled = `₩${Number(own.settledKrw).toLocaleString('en', { minimumFractionDigits: 2 })}`

    const page = await signedIn(visit, owner, 'en')
    await page.locator('[data-testid=main-menu]').getByText('Report', { exact: true }).click()
    const list = page.locator('[data-testid=my-statements]')
    const rows = list.locator('tr.ant-table-row')
    await rows.filter({ hasText: 'Kitchen of Mei' }).waitFor()
    assert.equal(await rows.count(), 1)
    assert.equal(await list.getByText('Garden of Wen').count(), 0)
    await rows.first().getByText(settled).waitFor()

    await rows.first().click()
    const drawer = page.locator('[data-testid=statement-drawer]')
    await drawer.locator('[data-testid=figure-settled_krw]').getByText(settled).waitFor()
    assert.equal(await drawer.locator('[data-testid=statement-correct]').count(), 0)
    await screenshot(page, 'en-my-statement')
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      drawer.locator('[data-testid=statement-pdf]').click(),
    ])
    assert.match(download.suggestedFilename(), /^statement-2026-10-\d+\.pdf$/)
    const bytes = await readFile((await download.path())!)
    assert.equal(bytes.subarray(0, 4).toString('latin1'), '%PDF')
  }).timeout(120_000)

  test('a company account has no Report and sees no statement', async ({ visit, assert }) => {
    const company = await UserFactory.apply('company').create()
    const creator = await CreatorFactory.merge({ channelName: 'Kitchen of Mei' }).create()
    const rateSet = await SettlementRates.current()
    await Settlement.create({
      creatorId: creator.id,
      month: '2026-10-01',
      status: 'confirmed',
      rateSetId: rateSet.id,
      rateDate: '2026-10-28',
      individual: true,
      settledKrw: '1000.00',
      lines: [],
      rules: { rate_set_id: rateSet.id } as any,
    })

    const page = await signedIn(visit, company, 'en')
    assert.notInclude(await menuLabels(page), 'Report')
    await page.goto('/app/mcn_report')
    await page.locator('.ant-result-403').waitFor()
    assert.equal(await page.locator('[data-testid=my-statements]').count(), 0)
    assert.equal(await page.getByText('Kitchen of Mei').count(), 0)
  })
})
