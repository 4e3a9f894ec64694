import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'

/*
| The account-health centre's screen (/app/alert_dashboard/logins): reached
| from the alert dashboard's button, its counts and its list at 1366 × 768,
| each row's fix leading to the creator's edit tab of that platform.
*/
test.group('account health screen', (group) => {
  setupFunctionalGroup(group)

  test('opened from the alert dashboard: counts, rows and the fix (English)', async ({
    visit,
    assert,
  }) => {
    const creator = await CreatorFactory.merge({ channelName: 'Hana' })
      .with('accounts', 1, (a) =>
        a.merge({ platform: 'douyin', tokenExpiresAt: DateTime.utc().plus({ days: 3 }) })
      )
      .with('accounts', 1, (a) => a.merge({ platform: 'xigua', tokenStatus: 1 }))
      .create()
    const manager = await UserFactory.apply('manager').create()
    const page = await signedIn(visit, manager)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto('/app/alert_dashboard')
    await page.locator('[data-testid=alert-login-health]').click()
    await page.waitForURL('**/app/alert_dashboard/logins')

    const rows = page.locator('[data-testid=login-health-table] .ant-table-row')
    await rows.first().waitFor()
    assert.equal(await rows.count(), 2)
    await page.locator('[data-testid=login-health-summary]').getByText('Total').waitFor()
    await page.locator('[data-testid=login-health-check]').waitFor()
    await screenshot(page, 'en-login-health')

    const xigua = creator.accounts.find((account) => account.platform === 'xigua')!
    const fix = page.locator(`[data-testid=login-health-fix-${xigua.id}]`)
    assert.equal(await fix.textContent(), 'Reconnect')
    assert.equal(await fix.getAttribute('href'), `/app/modify_creator?id=${creator.id}&tab=xigua`)
  })
})
