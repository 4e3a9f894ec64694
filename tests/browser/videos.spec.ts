/// <reference lib="dom" />
import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { seedVideoDataset } from '#tests/helpers/videos'

/*
|--------------------------------------------------------------------------
| The video dashboard, a video's page and the video compare as a person
| sees them, on seedVideoDataset's videos (titles in four languages).
|--------------------------------------------------------------------------
*/

const WORDS = {
  en: { weekly: 'Weekly rapid rise', add: 'Add to compare', hours: 'Hours since upload' },
  kr: { weekly: '주간 급상승', add: '비교에 추가', hours: '업로드 후 시간' },
  ch: { weekly: '本周飙升', add: '加入对比', hours: '上传后小时数' },
} as const

test.group('video screens', (group) => {
  setupFunctionalGroup(group)

  test('dashboard with filters and search suggestions, a video, three compared ({$self})')
    .with(['en', 'kr'] as const)
    .run(async ({ visit, assert }, lang) => {
      await seedVideoDataset({ creators: 3, videosPerAccount: 10 })
      const admin = await UserFactory.apply('admin').create()
      const page = await signedIn(visit, admin, lang)
      await page.setViewportSize({ width: 1366, height: 768 })
      const words = WORDS[lang]

      await page.goto('/app/video_dashboard')
      const weekly = page.locator('[data-testid=video-top-weekly]')
      await weekly.getByText(words.weekly).waitFor()
      await weekly.locator('[data-testid=video-top-weekly-item]').nth(9).waitFor()
      await page.locator('[data-testid=video-table] .ant-table-row').first().waitFor()
      await screenshot(page, `videos-dashboard-${lang}`)

      // the rate view of the weekly card
      await page.locator('[data-testid=weekly-mode-rate]').click()
      await page.waitForURL(/weekly=rate/)

      // a tier chip narrows the list
      await page.locator('[data-testid=tier-2]').click()
      await page.waitForURL(/tier=2/)

      // search suggestions: typing 数据 offers words, choosing one searches
      await page.locator('[data-testid=tier-all]').click()
      const search = page
        .locator('input[data-testid=video-search], [data-testid=video-search] input')
        .first()
      await search.fill('数据')
      const word = page.locator('[data-testid=suggest-word]').first()
      await word.waitFor()
      await page.locator('[data-testid=suggest-title]').first().waitFor()
      await screenshot(page, `videos-suggest-${lang}`)
      await word.click()
      await page.waitForURL(/q=/)
      const rows = page.locator('[data-testid=video-table] .ant-table-row')
      // the list shows only matching videos once the new page has arrived
      await page.waitForFunction(() => {
        const links = Array.from(
          document.querySelectorAll('[data-testid=video-table] [data-testid^=video-link-]')
        )
        return links.length > 0 && links.every((link) => link.textContent?.includes('数据'))
      })
      const titles = await rows.locator('[data-testid^=video-link-]').allInnerTexts()
      assert.isAbove(titles.length, 0)
      for (const title of titles) assert.include(title, '数据')

      // three videos into the compare, from the list
      const toggles = rows.locator('[data-testid^=compare-toggle-]')
      for (let index = 0; index < 3; index++) {
        await toggles.nth(index).click()
      }
      await page.locator('[data-testid=compare-open]').getByText('3/5').waitFor()

      // a video's page
      await rows.locator('[data-testid^=video-link-]').first().click()
      await page.waitForURL(/video_detailSection\?id=\d+/)
      await page.locator('[data-testid=video-title]').waitFor()
      await page.locator('[data-testid=video-series] [data-testid=chart-line]').waitFor()
      await page.locator('[data-testid=video-growth]').waitFor()
      await screenshot(page, `videos-detail-${lang}`)

      // the compare of the three
      await page.locator('[data-testid=compare-open]').click()
      await page.waitForURL(/video_compare\?ids=\d+,\d+,\d+/)
      const table = page.locator('[data-testid=compare-table]')
      await table.getByRole('columnheader', { name: words.hours }).waitFor()
      // the hours column and the three videos (the videos' columns come with their answer)
      await table.locator('thead th').nth(3).waitFor()
      assert.lengthOf(await table.locator('thead th').all(), 4)
      await page.locator('[data-testid=chart-line]').waitFor()
      await screenshot(page, `videos-compare-${lang}`)
    })

  test('a video page opened without a video finds one by its title').run(async ({ visit }) => {
    await seedVideoDataset({ creators: 1, videosPerAccount: 6 })
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin, 'en')
    await page.goto('/app/video_detailSection')
    await page.locator('[data-testid=video-pick]').waitFor()
    await page
      .locator('input[data-testid=video-search], [data-testid=video-search] input')
      .first()
      .fill('数据')
    await page.locator('[data-testid=suggest-title]').first().click()
    await page.waitForURL(/video_detailSection\?id=\d+/)
    await page.locator('[data-testid=video-title]').waitFor()
  })
})
