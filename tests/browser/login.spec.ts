/// <reference lib="dom" />
import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'
import {
  menuLabels,
  navigateInApp,
  screenshot,
  signedIn,
  signIn,
  submitLogin,
} from '#tests/helpers/browser'

test.group('login screen', (group) => {
  setupFunctionalGroup(group)

  test('shows the login screen of the spec', async ({ visit, assert }) => {
    const page = await visit('/login')
    await page.locator('[data-testid=ip-line]').getByText('127.0.0.1').waitFor()

    assert.equal(await page.title(), 'Login')
    assert.include(await page.locator('[data-testid=ip-line]').innerText(), 'unknown')
    assert.include(await page.locator('[data-testid=version-label]').innerText(), '1.3.1')
    for (const code of ['kr', 'ch', 'en', 'jp']) {
      assert.isTrue(await page.locator(`[data-testid=lang-${code}]`).isVisible(), `${code} button`)
    }
    for (const type of ['creator', 'company', 'staff']) {
      assert.equal(await page.locator(`a[href="/register?type=${type}"]`).count(), 1)
    }
    assert.isTrue(await page.getByText('Data refreshes daily at 13:00').isVisible())
    assert.isTrue(await page.getByText('Ctrl+Shift+R').isVisible())
    assert.isTrue(await page.locator('.studio-logo--animated').isVisible())
  })

  test('validates the fields once touched and only alerts on Find Account', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/login')
    const errors = page.locator('.ant-form-item-explain-error')
    assert.equal(await errors.count(), 0, 'no error before the fields are touched')

    await page.locator('input#email').fill('not-an-email')
    await page.locator('input#email').blur()
    await page.getByText('Must be a valid email').waitFor()

    await page.locator('input#email').fill('')
    await page.getByText('please write email').waitFor()

    await page.locator('input#password').focus()
    await page.locator('input#password').blur()
    await page.getByText('please write password').waitFor()

    await page.getByText('Find Account').click()
    await page.getByText('Please contact IT Department').waitFor()
  })

  test('wrong credentials open the Login Failed dialog; closing it reloads the root', async ({
    visit,
    assert,
  }) => {
    const user = await UserFactory.create()
    const page = await visit('/login')
    await submitLogin(page, user.email, 'wrong-password')

    const title = page.locator('[data-testid=auth-dialog-title]')
    await title.waitFor()
    assert.equal(await title.innerText(), 'Login Failed')
    assert.include(
      await page.locator('[data-testid=auth-dialog-body]').innerText(),
      'Please Check Email Or Password'
    )

    const reloaded = page.waitForEvent('load')
    await page.locator('.ant-modal-footer button').click()
    await reloaded
    await page.waitForURL(/\/login/)
    assert.equal(await title.count(), 0)
  })

  test('an account waiting for approval is told so', async ({ visit }) => {
    const user = await UserFactory.apply('pending').create()
    const page = await visit('/login')
    await submitLogin(page, user.email, FACTORY_PASSWORD)
    await page.getByText('Authorization may take time').waitFor()
  })

  test('an admin signs in, lands on the data dashboard and sees every menu entry', async ({
    visit,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)

    assert.match(page.url(), /\/app\/data_dashboard$/)
    await page.locator('[data-testid=dashboard-title]', { hasText: 'Data Dashboard' }).waitFor()
    const labels = await menuLabels(page)
    for (const entry of [
      'Dashboard',
      'Creator',
      'Video Dashboard+',
      'Video Upload Station',
      'Platform Dashboard',
      'Creator Tracking',
      'GrowthHacking Board',
      'Creator Compare',
      'Video Compare',
      'Data Center',
      'Outside Creator',
      'Outside Videos',
      'Labs',
      'E-Commerce',
      'Report',
      'Account Setting',
      'Data Chart Panel',
      'Alert Dashboard',
      'Data Dashboard',
      'Creator Adjustment',
      'Market Store',
      'Staff Directory',
      'Connect Creator Data',
      'Connect Task Data',
      'Studio Log',
    ]) {
      assert.include(labels, entry)
    }
    assert.isUndefined(await page.evaluate(() => sessionStorage.getItem('password') ?? undefined))
    assert.equal(
      await page.evaluate(() => sessionStorage.length),
      0,
      'nothing of the sign-in in session storage'
    )
    await screenshot(page, 'en-admin-shell')
  })

  test('staff see only what they may use; a forbidden screen says to contact the developer', async ({
    visit,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff)

    const labels = await menuLabels(page)
    assert.include(labels, 'Dashboard')
    assert.notInclude(labels, 'Studio Log')
    assert.notInclude(labels, 'Creator Adjustment')

    await page.goto('/app/mcn_studio_log')
    await page.getByText('Please contact the developer').waitFor()
  })

  test('a creator account sees its own short menu', async ({ visit, assert }) => {
    const creator = await UserFactory.apply('creator').create()
    const page = await signedIn(visit, creator)
    const labels = await menuLabels(page)
    assert.includeMembers(labels, ['Report', 'Account Setting', 'Data Dashboard', 'Board'])
    assert.notInclude(labels, 'Creator')
    assert.notInclude(labels, 'Video Upload Station')
  })
})

test.group('routes', (group) => {
  setupFunctionalGroup(group)

  test('the root and unknown paths go where the spec says', async ({ visit, assert }) => {
    const page = await visit('/')
    await page.waitForURL(/\/login/)

    await page.goto('/app/dashboard')
    await page.waitForURL(/\/login/)

    await page.goto('/no/such/page')
    await page.waitForURL('**/404')
    await page.getByText('The page you are looking for does not exist.').waitFor()

    const admin = await UserFactory.apply('admin').create()
    await signIn(page, admin.email, FACTORY_PASSWORD)
    await page.goto('/')
    await page.waitForURL('**/app/data_dashboard')
    await page.goto('/app/no_such_screen')
    await page.waitForURL('**/404')
    await page.goto('/login')
    await page.waitForURL('**/app/data_dashboard')
    assert.isTrue(true)
  })

  test('every public page opens without signing in', async ({ visit, assert }) => {
    const page = await visit('/login')
    const titles: Record<string, string> = {
      '/br_page': 'Supported browsers',
      '/bilidoc': 'Bilibili channel confirmation',
      '/bilidoc_hh': 'Bilibili contract',
      '/authorization_doc': 'Authorization document',
      '/xiguaright_doc': 'Haokan / Xigua original certification',
      '/xiguasignup_doc': 'Xigua sign-up statement',
      '/egg': 'You found the egg!',
      '/register': 'Register',
      '/404': '404',
    }
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(path)
      await page.getByText(title, { exact: true }).first().waitFor()
      assert.equal(new URL(page.url()).pathname, path)
    }
  })

  test('every /app route of the spec exists for an admin', async ({ visit, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)
    const routes = [
      'account',
      'customers',
      'creator_info',
      'private_letter',
      'creator_video_list',
      'add_creator',
      'modify_creator',
      'dashboard',
      'products',
      'data_analysis',
      'modify_account',
      'data_report',
      'total_compare',
      'data_dashboard',
      'creator_tracking',
      'platform_bili',
      'platform_haokan',
      'platform_iqiyi',
      'platform_kwai',
      'platform_tencent',
      'platform_tiktok',
      'platform_wang',
      'platform_weibo',
      'platform_xigua',
      'platform_yang',
      'video_dashboard',
      'video_detailSection',
      'video_compare',
      'creator_compare',
      'board',
      'creator_adjustment',
      'mcn_report',
      'report_page',
      'mcn_labs',
      'upload_main',
      'upload_main/upload_station',
      'market_dashboard',
      'alert_dashboard',
      'settings',
      'test2',
      'mcn_studio_log',
      'outside_creator',
      'outside_video',
      'connect_cr_data',
      'connect_video_data',
      'connect_task_data',
    ]
    for (const route of routes) {
      await navigateInApp(page, `/app/${route}`)
      await page.locator('.ant-layout-content .ant-card').first().waitFor()
      assert.equal(new URL(page.url()).pathname, `/app/${route}`, route)
      assert.equal(
        await page.locator('.ant-result-403').count(),
        0,
        `${route} is allowed for an admin`
      )
    }
  })
})
