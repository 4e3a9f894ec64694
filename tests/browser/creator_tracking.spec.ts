/// <reference lib="dom" />
import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { PlatformAccountFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { seedTracking } from '#tests/helpers/tracking'

/*
|--------------------------------------------------------------------------
| Creator Tracking as a person sees it, on seedTracking's March 2025
| (tests/helpers/tracking.ts): Alpha +1,000 fans (10 %), Bravo +500 (50 %),
| Charlie +800 (0.8 %). Alpha also has a Douyin account never collected:
| its pending item.
|--------------------------------------------------------------------------
*/

const WORDS = {
  en: {
    countHeader: 'Fans gained',
    rateHeader: 'Fans growth',
    pending: '1 pending',
    neverCollected: 'Never collected',
    ahead: 'Not reached yet',
  },
  kr: {
    countHeader: '팬 증가 수',
    rateHeader: '팬 증가율',
    pending: '대기 1건',
    neverCollected: '수집된 적 없음',
    ahead: '아직 달성하지 못함',
  },
} as const

test.group('creator tracking screen', (group) => {
  setupFunctionalGroup(group)

  test('the count/rate switch re-sorts by growth; a pending item opens in the detail ({$self})')
    .with(['en', 'kr'] as const)
    .run(async ({ visit, assert }, lang) => {
      const { a, b } = await seedTracking()
      await PlatformAccountFactory.merge({
        creatorId: a.id,
        platform: 'douyin',
        lastCollectedAt: null,
      }).create()
      const admin = await UserFactory.apply('admin').create()
      const page = await signedIn(visit, admin, lang)
      const words = WORDS[lang]

      await page.goto('/app/creator_tracking')
      const table = page.locator('[data-testid=tracking-table]')
      const firstName = table
        .locator('.ant-table-row')
        .first()
        .locator('[data-testid^=tracking-open-]')
      await firstName.getByText('Alpha Kitchen').waitFor()
      await table.getByRole('columnheader', { name: words.countHeader }).waitFor()
      const pendingTag = await table.locator(`[data-testid=tracking-pending-${a.id}]`).innerText()
      assert.equal(pendingTag.trim(), words.pending)
      assert.include(await table.locator('.ant-table-row').first().innerText(), '+1,000')
      await page.waitForLoadState('networkidle')
      await screenshot(page, `creator-tracking-count-${lang}`)

      await page.locator('[data-testid=tracking-mode-rate]').click()
      await table.getByRole('columnheader', { name: words.rateHeader }).waitFor()
      await firstName.getByText('Bravo Games').waitFor()
      assert.include(await table.locator('.ant-table-row').first().innerText(), '+50%')
      assert.include(page.url(), 'mode=rate')
      await screenshot(page, `creator-tracking-rate-${lang}`)

      await page.locator(`[data-testid=tracking-open-${a.id}]`).click()
      const drawer = page.locator('[data-testid=tracking-drawer]')
      await drawer
        .locator('[data-testid=tracking-detail-name]')
        .getByText('Alpha Kitchen')
        .waitFor()
      const pending = drawer.locator('[data-testid=pending-item-douyin]')
      await pending.getByText(words.neverCollected).waitFor()
      // 1k–10k were passed before the history began; 30k is the next tier
      await drawer.locator('[data-testid=milestone-before]').waitFor()
      await drawer.locator('[data-testid=milestone-30000]').getByText(words.ahead).waitFor()
      assert.equal(await drawer.locator('[data-testid=tracking-daily] .ant-table-row').count(), 10)
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      await screenshot(page, `creator-tracking-detail-${lang}`)

      // Bravo has nothing pending
      await page.goto(`/app/creator_tracking?creator=${b.id}`)
      await page.locator('[data-testid=tracking-detail-name]').getByText('Bravo Games').waitFor()
      assert.equal(await page.locator('[data-testid^=pending-item-]').count(), 0)
    })
})
