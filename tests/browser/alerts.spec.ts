import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { AlertFactory } from '#database/factories/alert_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { creatorWithAccount, march } from '#tests/helpers/metrics'

test.group('alert dashboard', (group) => {
  setupFunctionalGroup(group)

  /** A follower spike (+600, 30 times the week's average) on Sunny Cooks' bilibili account. */
  async function spikeAlert() {
    const { creator, account } = await creatorWithAccount(
      'bilibili',
      {},
      { channelName: 'Sunny Cooks' }
    )
    return AlertFactory.merge({
      creatorId: creator.id,
      accountId: account.id,
      day: march(10),
    }).create()
  }

  test('acknowledge an alert and assign it (English)', async ({ visit, assert }) => {
    const alert = await spikeAlert()
    const staff = await UserFactory.merge({ name: 'Mina Park' }).create()
    const page = await signedIn(visit, staff)
    await page.goto('/app/alert_dashboard')
    const row = page.locator('[data-testid=alert-table] .ant-table-row', { hasText: 'Sunny Cooks' })
    await row.waitFor()
    await row.getByText('+600 followers, 30× the previous week').waitFor()
    await screenshot(page, 'en-alert-dashboard')
    await page.locator(`[data-testid=acknowledge-${alert.id}]`).click()
    await row.getByText('Acknowledged', { exact: true }).waitFor()
    await alert.refresh()
    assert.equal(alert.status, 'acknowledged')
    assert.equal(alert.acknowledgedBy, staff.id)
  })

  test('the dashboard in Japanese: cards, filters and the rules', async ({ visit }) => {
    await spikeAlert()
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin, 'jp')
    await page.goto('/app/alert_dashboard')
    await page.getByText('フォロワー急増').first().waitFor()
    await page.getByRole('button', { name: 'ルール' }).click()
    await page.locator('[data-testid=alert-rules-form]').waitFor()
    await screenshot(page, 'jp-alert-rules')
  })
})
