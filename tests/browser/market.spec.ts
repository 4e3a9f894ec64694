import { test } from '@japa/runner'
import ProductSale from '#models/product_sale'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { BrandDealFactory } from '#database/factories/market_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { salesWorkbook } from '#tests/helpers/market'

test.group('market store and e-commerce', (group) => {
  setupFunctionalGroup(group)

  test('move a deal across the stages on the board (Korean)', async ({ visit, assert }) => {
    const staff = await UserFactory.create()
    const deal = await BrandDealFactory.merge({
      brand: 'Sakura Cosme',
      stage: 'enquiry',
      currency: 'KRW',
      amount: '2500000.00',
    }).create()
    const page = await signedIn(visit, staff, 'kr')
    await page.goto('/app/market_dashboard')
    await page.locator(`[data-testid=deal-column-enquiry] [data-testid=deal-${deal.id}]`).waitFor()
    await page.locator(`[data-testid=move-${deal.id}-negotiating]`).click()
    await page
      .locator(`[data-testid=deal-column-negotiating] [data-testid=deal-${deal.id}]`)
      .waitFor()
    await page.locator(`[data-testid=move-${deal.id}-signed]`).click()
    await page.locator(`[data-testid=deal-column-signed] [data-testid=deal-${deal.id}]`).waitFor()
    await screenshot(page, 'kr-market-board')
    await deal.refresh()
    assert.equal(deal.stage, 'signed')
    assert.isNotNull(deal.signedAt)
  })

  test('import a sales file, fix its errors, import again (English)', async ({ visit, assert }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-9001', channelName: 'Wang Eats' }).create()
    const staff = await UserFactory.create()
    const file = async (rows: (string | number)[][]) => ({
      name: 'sales.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await salesWorkbook(rows),
    })
    const page = await signedIn(visit, staff)
    await page.goto('/app/products')
    await page.locator('[data-testid=sale-import]').click()
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles(
        await file([['MCN-9001', 'douyin', '2026-10', 'Beef jerky', 10, 9, '99.999', '20', 'CNY']])
      )
    await page
      .locator('[data-testid=sale-import-errors]')
      .getByText('An amount with at most two decimals')
      .waitFor()
    assert.lengthOf(await ProductSale.all(), 0)
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles(
        await file([['MCN-9001', 'douyin', '2026-10', 'Beef jerky', 10, 9, '99.90', '20', 'CNY']])
      )
    await page.locator('[data-testid=sale-import-result]').getByText('1 new').waitFor()
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click()
    await page
      .locator('[data-testid=sale-table] .ant-table-row', { hasText: 'Beef jerky' })
      .waitFor()
    await screenshot(page, 'en-products')
    assert.lengthOf(await ProductSale.all(), 1)
  })
})
