import { test } from '@japa/runner'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { SALE_COLUMNS } from '#services/market/sale_service'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { signedIn } from '#tests/helpers/browser'
import { titledWorkbook } from '#tests/helpers/workbooks'

test.group('workbook imports / what the import screen says', (group) => {
  setupFunctionalGroup(group)

  test('titles read otherwise or not read are listed, and unchanged rows counted (Korean)', async ({
    visit,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-9001' }).create()
    const staff = await UserFactory.create()
    const buffer = await titledWorkbook([
      ['Brand No', ...SALE_COLUMNS.slice(1), 'memo'],
      ['MCN-9001', 'douyin', '2026-10', 'Beef jerky', 10, 9, '99.90', '20', 'CNY', 'ok'],
    ])
    const file = {
      name: 'SALES.XLSX',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    }
    const page = await signedIn(visit, staff, 'kr')
    await page.goto('/app/products')
    await page.locator('[data-testid=sale-import]').click()
    await page.locator('.ant-modal input[type=file]').setInputFiles(file)
    await page.locator('[data-testid=sale-import-result]').getByText('새 기록 1건').waitFor()
    const warnings = page.locator('[data-testid=sale-import-warnings]')
    await warnings.getByText('A열 “Brand No”을(를) “brand_no”(으)로 읽었습니다.').waitFor()
    await warnings.getByText('템플릿 열이 아니어서 가져오지 않았습니다', { exact: false }).waitFor()
    assert.include(await warnings.innerText(), 'memo')

    await page.locator('.ant-modal input[type=file]').setInputFiles(file)
    await page.locator('[data-testid=sale-import-result]').getByText('변경 없음 1건').waitFor()
  })
})
