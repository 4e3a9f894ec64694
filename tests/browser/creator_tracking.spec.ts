/// <reference lib="dom" />
import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { PlatformAccountFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { seedTracking } from '#tests/helpers/tracking'
import { accountOf } from '#tests/helpers/metrics'
import { videoOf } from '#tests/helpers/videos'

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

  test('a creator’s videos: the creator video list and the creator page’s Videos tab', async ({
    visit,
    assert,
  }) => {
    const { a, c } = await seedTracking()
    const alpha = await accountOf(a, 'bilibili')
    const charlie = await accountOf(c, 'youtube')
    const own = [
      await videoOf(alpha, { title: '成都火锅探店 第一集', views: 52_000 }),
      await videoOf(alpha, { title: 'Best ramen vlog', views: 8_000 }),
    ]
    const other = await videoOf(charlie, { title: 'Night skincare routine', views: 90_000 })
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin, 'en')

    await page.goto(`/app/creator_video_list?creator_id=${a.id}`)
    const list = page.locator('[data-testid=creator-video-table]')
    await list.locator(`[data-testid=video-link-${own[0].id}]`).waitFor()
    assert.equal(await list.locator('.ant-table-row').count(), 2)
    assert.equal(await list.locator(`[data-testid=video-link-${other.id}]`).count(), 0)
    // the picker names the creator
    await page.locator('[data-testid=video-list-creator]').getByText(a.channelName).waitFor()
    await screenshot(page, 'creator-video-list-en')

    await page.goto(`/app/creator_info?id=${a.id}`)
    await page.locator('[data-testid=tab-videos]').click()
    const tab = page.locator('[data-testid=creator-videos]')
    await tab.locator(`[data-testid=video-link-${own[1].id}]`).waitFor()
    assert.equal(await tab.locator('.ant-table-row').count(), 2)
    await page.locator('[data-testid=creator-videos-all]').click()
    await page.waitForURL(`**/app/creator_video_list?creator_id=${a.id}`)
  })
})
