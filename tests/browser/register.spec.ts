import { test } from '@japa/runner'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import User from '#models/user'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot } from '#tests/helpers/browser'

test.group('register screen', (group) => {
  setupFunctionalGroup(group)

  test('a staff member registers with the team list, the register code rules and the terms', async ({
    visit,
    assert,
  }) => {
    await RegisterCodeFactory.merge({ code: 'WELCOME2026' }).create()
    const page = await visit('/register?type=staff')
    await page.getByText('Register', { exact: true }).first().waitFor()

    await page.locator('input#name').fill('김하나')
    await page.locator('[data-testid=team-select]').click()
    await page.locator('.ant-select-item-option', { hasText: 'CP 2' }).click()
    await page.locator('input#email').fill('hana.kim@mcn.local')
    await page.locator('input#phone').fill('010-1234')
    await page.getByText('The phone number accepts digits only').waitFor()
    await page.locator('input#phone').fill('0101234567')
    await page.locator('input#register_code').fill('welcome2026')
    await page.getByText('The register code must be all capitals').waitFor()
    await page.locator('input#register_code').fill('WRONG2026')
    await page.locator('input#password').fill('a-long-password')
    await page.locator('input#password_confirmation').fill('a-long-password')

    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('You must agree to the terms').waitFor()
    await page.locator('input#terms').check()
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('The register code is wrong.').waitFor()
    await screenshot(page, 'en-register-error')

    await page.locator('input#register_code').fill('WELCOME2026')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Registration received').waitFor()
    await page.getByText('Authorization may take time').first().waitFor()

    const user = await User.findByOrFail('email', 'hana.kim@mcn.local')
    assert.equal(user.status, 'pending')
    await user.load('teams')
    assert.deepEqual(
      user.teams.map((team) => team.key),
      ['cp2']
    )
  })

  test('creator and company accounts have their own forms', async ({ visit, assert }) => {
    const page = await visit('/register?type=creator')
    await page.locator('input#channel_name').waitFor()
    assert.equal(await page.locator('input#register_code').count(), 0)

    await page.locator('.ant-segmented-item', { hasText: 'Company' }).click()
    await page.locator('input#company_name').waitFor()
    await page.locator('input#company_name').fill('Blue Sky Media')
    await page.locator('input#name').fill('Lee Brand')
    await page.locator('input#email').fill('brand@bluesky.example')
    await page.locator('input#phone').fill('0212345678')
    await page.locator('input#password').fill('a-long-password')
    await page.locator('input#password_confirmation').fill('a-long-password')
    await page.locator('input#terms').check()
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Registration received').waitFor()

    const user = await User.findByOrFail('email', 'brand@bluesky.example')
    assert.equal(user.accountType, 'company')
    assert.equal(user.companyName, 'Blue Sky Media')
  })
})
