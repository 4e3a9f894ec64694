import { test } from '@japa/runner'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { RegisterCodeFactory } from '#database/factories/register_code_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn, signIn, submitLogin } from '#tests/helpers/browser'
import { teamMember } from '#tests/helpers/users'

test.group('people: registrations, account, staff directory', (group) => {
  setupFunctionalGroup(group)

  test('a staff sign-up is approved with a role and team, then signs in', async ({
    visit,
    assert,
  }) => {
    await RegisterCodeFactory.merge({ code: 'JOIN2026' }).create()
    const admin = await UserFactory.apply('admin').create()

    const page = await visit('/register?type=staff')
    await page.locator('input#name').fill('박서준')
    await page.locator('[data-testid=team-select]').click()
    await page.locator('.ant-select-item-option', { hasText: 'CP 3' }).click()
    await page.locator('input#email').fill('seojun.park@mcn.local')
    await page.locator('input#phone').fill('01011112222')
    await page.locator('input#register_code').fill('JOIN2026')
    await page.locator('input#password').fill('seojun-password')
    await page.locator('input#password_confirmation').fill('seojun-password')
    await page.locator('input#terms').check()
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Authorization may take time').first().waitFor()

    // Waiting: the login says so.
    await page.goto('/login')
    await submitLogin(page, 'seojun.park@mcn.local', 'seojun-password')
    await page.getByText('Authorization may take time').first().waitFor()

    // The admin sees the bell and the queue, approves as manager of CH 2.
    const adminPage = await signedIn(visit, admin)
    await adminPage.locator('[data-testid=notification-bell]').waitFor()
    await adminPage.goto('/app/settings?tab=registrations')
    const newbie = await User.findByOrFail('email', 'seojun.park@mcn.local')
    await adminPage.locator(`[data-testid=approve-${newbie.id}]`).click()
    await adminPage.locator('[data-testid=approve-role]').click()
    await adminPage.locator('.ant-select-item-option', { hasText: 'Manager' }).click()
    await adminPage.locator('[data-testid=approve-team]').click()
    await adminPage.locator('.ant-select-item-option', { hasText: 'CH 2' }).click()
    await screenshot(adminPage, 'en-registration-approve')
    await adminPage.locator('.ant-modal-footer .ant-btn-primary').click()
    await adminPage.getByText('can sign in now').waitFor()

    await newbie.refresh()
    assert.equal(newbie.status, 'active')
    assert.equal(newbie.role, 'manager')
    await newbie.load('teams')
    assert.deepEqual(
      newbie.teams.map((team) => team.key),
      ['ch2']
    )

    // The new person signs in (the admin signed out) and finds the welcome notification.
    await adminPage.context().clearCookies()
    const own = await visit('/login')
    await signIn(own, 'seojun.park@mcn.local', 'seojun-password')
    await own.locator('[data-testid=notification-bell]').click()
    await own
      .locator('[data-testid=notification-list]', { hasText: 'Your account was approved' })
      .waitFor()
  })

  test('a team manager adds a member from the account page (Korean)', async ({ visit, assert }) => {
    const lead = await teamMember('cp1', { manager: true, fields: { name: '팀장 김' } })
    const newcomer = await UserFactory.merge({
      name: '이신입',
      email: 'shinip.lee@mcn.local',
    }).create()

    const page = await signedIn(visit, lead, 'kr')
    await page.goto('/app/account')
    await page.locator('[data-testid=members-card]').waitFor()
    await page.locator('[data-testid=member-search]').click()
    await page.keyboard.type('shinip')
    await page.locator('.ant-select-item-option', { hasText: '이신입' }).click()
    await page.locator('[data-testid=add-member]').click()
    await page.locator('[data-testid=members-card] .ant-table-row', { hasText: '이신입' }).waitFor()
    await screenshot(page, 'kr-account-members')

    const rows = await newcomer.related('teams').query()
    assert.deepEqual(
      rows.map((team) => team.key),
      ['cp1']
    )
  })
})
