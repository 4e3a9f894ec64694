/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import { seedDataCenter } from '#tests/helpers/data_center'
import { eventually } from '#tests/helpers/processes'

/*
|--------------------------------------------------------------------------
| The Data Center, the Data Chart Panel, Creator Compare and the creator
| detail's data tabs as a person sees them, on the data center's dataset
| (tests/helpers/data_center.ts): 35 days from 2025-01-01 to 2025-02-04
| written straight into metric_snapshots, five creators Alpha, Bravo,
| Charlie (terminated), Delta and Echo. The newest day is 2025-02-04, so
| the one-week period is 29 Jan – 4 Feb and the one-month period 6 Jan – 4 Feb.
|--------------------------------------------------------------------------
*/

async function fullScreenshot(page: Page, name: string) {
  await page.screenshot({
    path: app.makePath('tests/browser/screenshots', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

/** Charts draw on a canvas after their chunk loads; give them a moment before a screenshot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(700)
}

async function openAsAdmin(visit: (url: string) => Promise<Page>, lang: 'en' | 'jp' = 'en') {
  const admin = await UserFactory.apply('admin').create()
  const page = await signedIn(visit, admin, lang)
  return page
}

/** Picks a creator in the chart panel's searchable picker. */
async function pickCreator(page: Page, name: string) {
  const picker = page.locator('[data-testid=creator-picker]')
  await picker.click()
  await picker.locator('input').fill(name)
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: name,
  })
  await option.first().click()
  await page.keyboard.press('Escape')
}

test.group('data center screens', (group) => {
  setupFunctionalGroup(group)

  test('data center: tabs, period switch and the formula help ({$self})')
    .with(['en', 'jp'] as const)
    .run(async ({ visit, assert }, lang) => {
      await seedDataCenter()
      const page = await openAsAdmin(visit, lang)
      const words =
        lang === 'en'
          ? {
              week: '2025-01-29 ~ 2025-02-04 (7 days)',
              month: '2025-01-06 ~ 2025-02-04 (30 days)',
              formula: 'Fan index = 100',
              weekly: 'Weekly growth top 10',
            }
          : {
              week: '2025-01-29 ~ 2025-02-04（7日間）',
              month: '2025-01-06 ~ 2025-02-04（30日間）',
              formula: 'ファン指数 = 100',
              weekly: '週間成長率 TOP 10',
            }

      await page.goto('/app/data_report')
      const range = page.locator('[data-testid=dc-range]')
      await range.getByText(words.week).waitFor()
      const weekly = page.locator('[data-testid=top-weekly_growth]')
      await weekly.getByText(words.weekly).waitFor()
      await weekly.locator('[data-testid=creator-link]').first().waitFor()
      const topViews = await page
        .locator('[data-testid=top-monthly_views] [data-testid=creator-link]')
        .allInnerTexts()
      assert.deepEqual(topViews.slice(0, 2), ['Bravo', 'Alpha'], 'views gained: Bravo, then Alpha')
      assert.notInclude(topViews, 'Charlie', 'terminated creators are not ranked')
      await settle(page)
      await screenshot(page, `${lang}-data-center-top`)

      // The period switch changes the range the panel covers.
      await page.locator('[data-testid=period-1m]').click()
      await range.getByText(words.month).waitFor()
      assert.include(page.url(), 'period=1m')

      // Fan and view index with the score ranking and the formulas' help.
      await page.locator('[data-testid=tab-index]').click()
      const ranking = page.locator('[data-testid=score-ranking]')
      await ranking.locator('[data-testid=creator-link]').first().waitFor()
      const ranked = await ranking.locator('[data-testid=creator-link]').allInnerTexts()
      assert.includeMembers(ranked, ['Alpha', 'Bravo', 'Delta', 'Echo'])
      await page.locator('[data-testid=formula-help]').click()
      const help = page.locator('[data-testid=formula-help-content]')
      await help.getByText(words.formula).waitFor()
      await page.locator('[data-testid=chart-bar]').first().waitFor()
      await settle(page)
      await screenshot(page, `${lang}-data-center-index`)
      // the help toggles on its button (an Escape first raced with the click: it closed the
      // popover, and the click opened it again)
      await page.locator('[data-testid=formula-help]').click()
      await help.waitFor({ state: 'hidden' })

      await page.locator('[data-testid=tab-youtube]').click()
      await page.locator('[data-testid=growth-china]').waitFor()
      await page.locator('[data-testid=chart-growth]').waitFor()
      await settle(page)
      await screenshot(page, `${lang}-data-center-youtube`)

      await page.locator('[data-testid=tab-tiers]').click()
      await page.locator('[data-testid=fan-tiers] [data-testid=chart-column]').waitFor()
      await settle(page)
      await screenshot(page, `${lang}-data-center-tiers`)

      await page.locator('[data-testid=tab-categories]').click()
      const categories = page.locator('[data-testid=category-table]')
      await categories.locator('tbody tr.ant-table-row').first().waitFor()
      assert.isAtLeast(await categories.locator('tbody tr.ant-table-row').count(), 2)
      await page.locator('[data-testid=chart-pie]').waitFor()
      await settle(page)
      await screenshot(page, `${lang}-data-center-categories`)
    })

  test('chart panel: two chosen creators are drawn and listed ({$self})')
    .with(['en', 'jp'] as const)
    .run(async ({ visit, assert }, lang) => {
      const { a, b } = await seedDataCenter()
      const page = await openAsAdmin(visit, lang)
      await page.goto('/app/total_compare')
      // No creator chosen: the whole network over the last 30 days.
      await page.locator('[data-testid=metric-chart-fans] [data-testid=chart-line]').waitFor()

      await pickCreator(page, 'Alpha')
      await pickCreator(page, 'Bravo')
      await page.waitForURL((url) => url.searchParams.get('creators') === `${a.id},${b.id}`)
      const table = page.locator('[data-testid=series-table]')
      await table.locator('[data-testid=creator-link]', { hasText: 'Bravo' }).first().waitFor()
      const names = await table.locator('[data-testid=creator-link]').allInnerTexts()
      assert.includeMembers([...new Set(names)], ['Alpha', 'Bravo'])
      // Newest bucket first: Alpha's fans on 4 Feb are 600,000 + 400,000.
      assert.include(
        await table.locator('tbody tr.ant-table-row').first().innerText(),
        '2025-02-04'
      )
      assert.include(await table.innerText(), '1,000,000')
      await page.locator('[data-testid=metric-chart-views] [data-testid=chart-line]').waitFor()
      await settle(page)
      await screenshot(page, `${lang}-chart-panel`)

      await page.locator('[data-testid=mode-diff]').click()
      await page.waitForURL((url) => url.searchParams.get('mode') === 'diff')
      await table.getByText('+3,000').first().waitFor()
    })

  test('creator compare shows the tray creators side by side ({$self})')
    .with(['en', 'jp'] as const)
    .run(async ({ visit, assert }, lang) => {
      const { a, d } = await seedDataCenter()
      const page = await openAsAdmin(visit, lang)
      await page.evaluate(
        (ids) => localStorage.setItem('mcn.compare', JSON.stringify(ids)),
        [a.id, d.id]
      )
      await page.goto('/app/creator_compare')

      const tray = page.locator('[data-testid=tray-creator]')
      await tray.filter({ hasText: 'Alpha' }).waitFor()
      await tray.filter({ hasText: 'Delta' }).waitFor()
      const side = page.locator('[data-testid=side-by-side]')
      await side.locator('tbody tr.ant-table-row').first().waitFor()
      // One column per tray creator, headed by its name. Read until both are
      // there: the table may be drawn again while the page settles, and a
      // read between two drawings finds no header at all.
      const header = side.locator('thead [data-testid=creator-link]')
      let names: string[] = []
      await eventually(async () => {
        names = await header.allInnerTexts()
        return names.length === 2
      }, 15_000)
      assert.deepEqual(names, ['Alpha', 'Delta'])
      await page.locator('[data-testid=metric-chart-fans] [data-testid=chart-line]').waitFor()
      await page
        .locator('[data-testid=series-table] [data-testid=creator-link]', { hasText: 'Delta' })
        .first()
        .waitFor()
      await settle(page)
      await fullScreenshot(page, `${lang}-creator-compare`)

      // Removing a creator here takes it out of the tray.
      await page.locator(`[data-testid=tray-remove-${d.id}]`).click()
      await tray.filter({ hasText: 'Delta' }).waitFor({ state: 'detached' })
      assert.equal(
        await page.evaluate(() => localStorage.getItem('mcn.compare')),
        JSON.stringify([a.id])
      )
    })

  test('creator detail: data analysis, trend and daily records ({$self})')
    .with(['en', 'jp'] as const)
    .run(async ({ visit, assert }, lang) => {
      const { a } = await seedDataCenter()
      const page = await openAsAdmin(visit, lang)
      await page.goto(`/app/creator_info?id=${a.id}`)

      const analysis = page.locator('[data-testid=analysis-table]')
      await analysis.locator('tbody tr.ant-table-row').nth(1).waitFor()
      assert.include(await analysis.innerText(), '600,000', "bilibili's fans on the newest day")

      await page.locator('[data-testid=tab-trend]').click()
      await page.locator('[data-testid=trend-chart]').waitFor()

      await page.locator('[data-testid=tab-range]').click()
      const daily = page.locator('[data-testid=daily-table]')
      await daily.locator('tbody tr.ant-table-row').first().waitFor()
      const first = await daily.locator('tbody tr.ant-table-row').first().innerText()
      assert.include(first, '2025-02-04', 'newest first')
      assert.isAtLeast(await daily.locator('tbody tr.ant-table-row').count(), 10)
      const monthly = page.locator('[data-testid=monthly-table]')
      await monthly.getByText('2025-02').waitFor()
      await monthly.getByText('2025-01').waitFor()
      await settle(page)
      await screenshot(page, `${lang}-creator-detail-daily`)
    })
})
