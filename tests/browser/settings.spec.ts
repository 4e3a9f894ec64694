import { test } from '@japa/runner'
import IpAllowlistEntry from '#models/ip_allowlist_entry'
import RegisterCode from '#models/register_code'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { SECURITY_CODE, userWithCode } from '#tests/helpers/users'

test.group('settings', (group) => {
  setupFunctionalGroup(group)

  test('an admin adds and removes an allow-listed range and creates a register code', async ({
    visit,
    assert,
  }) => {
    const admin = await userWithCode('admin')
    const page = await signedIn(visit, admin)
    await page.goto('/app/settings')

    await page.getByRole('tab', { name: 'IP allow-list' }).click()
    await page.locator('.ant-table-row', { hasText: '127.0.0.0/8' }).waitFor()
    await page.getByPlaceholder('203.0.113.0/24 or 2001:db8::/32').fill('203.0.113.7/24')
    await page.getByTestId('security-code-input').first().fill(SECURITY_CODE)
    await page.getByRole('button', { name: 'Add range' }).click()
    await page.locator('.ant-table-row', { hasText: '203.0.113.0/24' }).waitFor()
    assert.isNotNull(await IpAllowlistEntry.findBy('cidr', '203.0.113.0/24'))
    await screenshot(page, 'en-settings-ip')

    await page
      .locator('.ant-table-row', { hasText: '203.0.113.0/24' })
      .getByRole('button', { name: 'Delete' })
      .click()
    const dialog = page.getByTestId('security-code-modal')
    await dialog.getByTestId('security-code-input').fill(SECURITY_CODE)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page
      .locator('.ant-table-row', { hasText: '203.0.113.0/24' })
      .waitFor({ state: 'detached' })
    assert.isNull(await IpAllowlistEntry.findBy('cidr', '203.0.113.0/24'))

    await page.getByRole('tab', { name: 'Register codes' }).click()
    await page.getByPlaceholder('Leave empty to generate one').fill('CP2SPRING')
    await page.getByRole('button', { name: 'Create code' }).click()
    await page.locator('.ant-table-row', { hasText: 'CP2SPRING' }).waitFor()
    assert.isNotNull(await RegisterCode.findBy('code', 'CP2SPRING'))
  })

  test('no more than three notifications show at once', async ({ visit, assert }) => {
    const admin = await userWithCode('admin')
    const page = await signedIn(visit, admin)
    await page.goto('/app/settings')
    await page.getByRole('tab', { name: 'IP allow-list' }).click()
    await page.getByTestId('security-code-input').first().fill(SECURITY_CODE)

    const field = page.getByPlaceholder('203.0.113.0/24 or 2001:db8::/32')
    for (let attempt = 0; attempt < 5; attempt++) {
      await field.fill(`not-an-ip-${attempt}`)
      await page.getByRole('button', { name: 'Add range' }).click()
      await page.waitForTimeout(150)
    }
    await page.locator('.ant-notification-notice').first().waitFor()
    await page.waitForTimeout(500)
    const shown = await page.locator('.ant-notification-notice').count()
    assert.isAtLeast(shown, 1)
    assert.isAtMost(shown, 3)
  })

  test('staff do not see the administration tabs and the API refuses them', async ({
    visit,
    assert,
    client,
  }) => {
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff)
    await page.goto('/app/settings')
    await page.getByRole('tab', { name: 'Preferences' }).waitFor()
    assert.equal(await page.getByRole('tab', { name: 'IP allow-list' }).count(), 0)

    const response = await client.get('/api/ip-allowlist').loginAs(staff)
    response.assertStatus(403)
  })
})
