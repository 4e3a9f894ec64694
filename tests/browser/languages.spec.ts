/// <reference lib="dom" />
import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'
import { LOGIN_TITLES, menuLabels, screenshot, signIn, submitLogin } from '#tests/helpers/browser'

/** What each language shows: the login heading, the first menu entry, the landing dashboard's title and antd's own pagination text. */
const EXPECTED = {
  kr: {
    login: LOGIN_TITLES.kr,
    menu: '대시보드',
    dashboard: '데이터 대시보드',
    antd: '페이지',
  },
  ch: { login: LOGIN_TITLES.ch, menu: '仪表盘', dashboard: '数据仪表盘', antd: '页' },
  en: {
    login: LOGIN_TITLES.en,
    menu: 'Dashboard',
    dashboard: 'Data Dashboard',
    antd: 'page',
  },
  jp: {
    login: LOGIN_TITLES.jp,
    menu: 'ダッシュボード',
    dashboard: 'データダッシュボード',
    antd: 'ページ',
  },
} as const

test.group('four languages', (group) => {
  setupFunctionalGroup(group)

  test('the language buttons switch the login screen and the menu, and the choice is kept', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await visit('/login')
    await page.evaluate(() => localStorage.clear())
    await page.reload()
    await page.locator('h3', { hasText: 'Login' }).waitFor()
    assert.equal(
      await page.evaluate(() => document.documentElement.lang),
      'en',
      'English by default'
    )

    for (const [code, expected] of Object.entries(EXPECTED)) {
      await page.locator(`[data-testid=lang-${code}]`).click()
      await page.locator('h3', { hasText: expected.login }).waitFor()
      assert.equal(await page.evaluate(() => localStorage.getItem('mcn.lang')), code)
      await screenshot(page, `${code}-login`)
    }

    await page.locator('[data-testid=lang-kr]').click()
    await page.reload()
    await page.locator('h3', { hasText: EXPECTED.kr.login }).waitFor()

    await signIn(page, admin.email, FACTORY_PASSWORD)
    for (const [code, expected] of Object.entries(EXPECTED)) {
      await page.locator(`header [data-testid=lang-${code}]`).click()
      await page.locator('[data-testid=dashboard-title]', { hasText: expected.dashboard }).waitFor()
      const labels = await menuLabels(page)
      assert.include(labels, expected.menu, `${code} menu`)
      await screenshot(page, `${code}-menu`)
    }
  })

  test('server messages come back in the chosen language', async ({ visit }) => {
    const user = await UserFactory.create()
    const page = await visit('/login')
    await page.locator('[data-testid=lang-kr]').click()
    // Each language is its own chunk: type once the page reads in Korean, as a person would.
    await page.getByText('비밀번호', { exact: true }).first().waitFor()
    await submitLogin(page, user.email, 'wrong-password')
    await page.getByText('로그인 실패').first().waitFor()
  })

  test("antd's own texts follow the language", async ({ visit }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await visit('/login')
    await page.evaluate(() => localStorage.setItem('mcn.lang', 'jp'))
    await signIn(page, admin.email, FACTORY_PASSWORD)
    await page.goto('/app/mcn_studio_log')
    await page.locator('.ant-pagination').waitFor()
    await page.locator('.ant-pagination-options, .ant-pagination-item').first().waitFor()
    await page
      .locator('.ant-table-thead')
      .getByText('日時')
      .or(page.locator('.ant-table-thead').getByText('いつ'))
      .first()
      .waitFor()
  })
})
