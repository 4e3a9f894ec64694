import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'

test.group('private letters', (group) => {
  setupFunctionalGroup(group)

  test('send a letter; the recipient sees the badge, reads it and replies (Korean)', async ({
    visit,
  }) => {
    const sender = await UserFactory.merge({ name: '김민준' }).create()
    const recipient = await UserFactory.merge({
      name: '이서연',
      email: 'seoyeon@mcn.local',
    }).create()

    const page = await signedIn(visit, sender, 'kr')
    await page.goto('/app/private_letter')
    await page.locator('[data-testid=letter-compose]').click()
    await page.locator('[data-testid=letter-recipient]').click()
    await page.keyboard.type('seoyeon')
    await page.locator('.ant-select-item-option', { hasText: '이서연' }).click()
    await page.locator('[data-testid=letter-subject]').fill('다음 주 촬영 일정')
    await page
      .locator('[data-testid=letter-body]')
      .fill('화요일 오후 2시 스튜디오 B에서 진행합니다.')
    await page.getByRole('button', { name: '보내기' }).click()
    await page
      .locator('[data-testid=letter-table] .ant-table-row', { hasText: '다음 주 촬영 일정' })
      .waitFor()

    await page.context().clearCookies()
    const inbox = await signedIn(visit, recipient)
    await inbox.locator('[data-testid=letters-button]').waitFor()
    await inbox
      .locator('.ant-badge', { has: inbox.locator('[data-testid=letters-button]') })
      .getByText('1')
      .waitFor()
    await inbox.locator('[data-testid=letters-button]').click()
    await inbox
      .locator('[data-testid=letter-table] .ant-table-row', { hasText: '다음 주 촬영 일정' })
      .click()
    await inbox.locator('[data-testid=letter-view]').getByText('스튜디오 B').waitFor()
    await screenshot(inbox, 'kr-letter-read')
    await inbox.locator('[data-testid=letter-reply]').click()
    await inbox.locator('[data-testid=letter-body]').fill('좋습니다. 그때 뵙겠습니다.')
    await inbox.getByRole('button', { name: '보내기' }).click()
    await inbox
      .locator('[data-testid=letter-table] .ant-table-row', { hasText: 'Re: 다음 주 촬영 일정' })
      .waitFor()
  })
})
