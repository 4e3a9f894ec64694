/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import MetricsCache from '#services/metrics/metrics_cache'
import QueueService from '#queue/main'
import { yesterday } from '#services/metrics/collection_service'
import platforms from '#platforms/main'
import type { PlatformAdapter } from '#platforms/types'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { FACTORY_PASSWORD } from '#tests/helpers/users'
import { screenshot as saveScreenshot, signedIn, signIn, useLanguage } from '#tests/helpers/browser'
import { daily, insertSnapshots, march, snapshotRows } from '#tests/helpers/metrics'

/*
|--------------------------------------------------------------------------
| The dashboards as a person sees them, on a dataset written straight into
| metric_snapshots (1–10 March 2025, so the default range is 4–10 March):
|
|   45 valid creators "Rank Creator 01" … "Rank Creator 45", each with a
|   bilibili account; every third one (03, 06, … 45) also on YouTube.
|   creator i, bilibili, day d: fans 10,000 + 1,000·i + 10·i·d
|                               views 100,000 + (46 − i)·100·d  (01 gains most views)
|   creator i, youtube,  day d: fans 5,000 + 100·i, views 1,000 + 10·d
|
| So "fans" ranks 45 first and "views gained" ranks 01 first.
|--------------------------------------------------------------------------
*/

const CREATORS = 45
const FIRST_DAY = 1
const LAST_DAY = 10
const name = (index: number) => `Rank Creator ${String(index).padStart(2, '0')}`

const biliFans = (i: number, day: number) => 10_000 + 1_000 * i + 10 * i * day
const ytFans = (i: number) => 5_000 + 100 * i
const onYoutube = (i: number) => i % 3 === 0

async function seedRanking() {
  const rows: Record<string, unknown>[] = []
  for (let i = 1; i <= CREATORS; i++) {
    const account =
      (platform: 'bilibili' | 'youtube', uid: string, fans: number) => (builder: any) =>
        builder.apply('unconnected').merge({ platform, uid, fans })
    let builder = CreatorFactory.merge({
      brandNo: `R-${String(i).padStart(2, '0')}`,
      channelName: name(i),
      kind: i % 5 === 0 ? 'CH' : i % 7 === 0 ? 'IP' : 'CR',
    }).with('accounts', 1, account('bilibili', `b${i}`, biliFans(i, LAST_DAY)))
    if (onYoutube(i)) builder = builder.with('accounts', 1, account('youtube', `UC${i}`, ytFans(i)))
    const creator = await builder.create()
    const ref = (platform: 'bilibili' | 'youtube') => ({
      id: creator.accounts.find((row) => row.platform === platform)!.id,
      creatorId: creator.id,
      platform,
    })
    rows.push(
      ...snapshotRows(
        ref('bilibili'),
        daily(FIRST_DAY, LAST_DAY, (day) => ({
          fans: biliFans(i, day),
          views: 100_000 + (46 - i) * 100 * day,
          likes: 1_000 + i * day,
          comments: 100 + day,
          videos: 10 + Math.floor(day / 4),
        }))
      )
    )
    if (onYoutube(i)) {
      rows.push(
        ...snapshotRows(
          ref('youtube'),
          daily(FIRST_DAY, LAST_DAY, (day) => ({
            fans: ytFans(i),
            views: 1_000 + 10 * day,
            likes: 50,
            comments: 5,
            videos: 3,
          }))
        )
      )
    }
  }
  await insertSnapshots(rows)
}

/** The ranking dataset, and an admin signed in (in `language`, when given) to look at it. */
async function rankingAsAdmin(visit: (url: string) => Promise<Page>, language?: 'kr') {
  await seedRanking()
  const admin = await UserFactory.apply('admin').create()
  return signedIn(visit, admin, language)
}

/** A creator's fans on 10 March, every platform summed. */
const creatorFans = (i: number) => biliFans(i, LAST_DAY) + (onYoutube(i) ? ytFans(i) : 0)

/** The creators' names by fans on 10 March (ties by id, as the API breaks them). */
function byFans(order: 'desc' | 'asc') {
  const indexes = Array.from({ length: CREATORS }, (_, index) => index + 1)
  indexes.sort(
    (a, b) =>
      (order === 'desc' ? creatorFans(b) - creatorFans(a) : creatorFans(a) - creatorFans(b)) ||
      a - b
  )
  return indexes.map(name)
}

/** Every platform's fans on 10 March, computed from the formulas above. */
function totalFans(platform: 'all' | 'bilibili' | 'youtube' = 'all') {
  let total = 0
  for (let i = 1; i <= CREATORS; i++) {
    if (platform !== 'youtube') total += biliFans(i, LAST_DAY)
    if (platform !== 'bilibili' && onYoutube(i)) total += ytFans(i)
  }
  return total
}

/** An adapter that answers slowly enough for a person to see the progress. */
function slowAdapter(delayMs: number): PlatformAdapter {
  return {
    name: 'browser-test',
    source: 'official',
    async channelStats(account) {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return {
        fans: 100_000 + account.id,
        views: 1_000_000,
        likes: 5_000,
        comments: 500,
        shares: 0,
        danmaku: 0,
        coins: 0,
        forwards: 0,
        recommends: 0,
        videos: 12,
      }
    },
    async videos() {
      return { items: [], page: 1, pageSize: 20, total: 0, hasMore: false }
    },
    async fanPortrait() {
      return []
    },
  }
}

/** A screenshot without a tooltip under the pointer. */
async function screenshot(page: Page, file: string) {
  await page.mouse.move(0, 0)
  await saveScreenshot(page, file)
}

const compact = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value)

async function fullScreenshot(page: Page, file: string) {
  await page.mouse.move(0, 0)
  await page.screenshot({
    path: app.makePath('tests/browser/screenshots', `${file}.png`),
    fullPage: true,
    animations: 'disabled',
  })
}

/** The text a person sees in an element, trimmed. */
async function textOf(page: Page, selector: string) {
  const text = await page.locator(selector).innerText()
  return text.trim()
}

/** The channel names of the ranking's rows, in order. */
async function rankingNames(page: Page) {
  const names = await page
    .locator('[data-testid=ranking-list] [data-testid=ranking-creator]')
    .allInnerTexts()
  return names.map((entry) => entry.trim())
}

async function waitForRowCount(page: Page, count: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelectorAll('[data-testid=ranking-list] [data-testid=ranking-creator]')
        .length === expected,
    count,
    { timeout: 15_000 }
  )
}

async function waitForFirstRow(page: Page, expected: string) {
  await page
    .locator('[data-testid=ranking-list] .ant-table-row')
    .first()
    .locator('[data-testid=ranking-creator]', { hasText: expected })
    .waitFor({ timeout: 15_000 })
}

/**
 * Lets the screen's requests finish before the test's transaction is rolled
 * back (a panel still loading would otherwise query a finished transaction).
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.goto('about:blank')
}

/** Waits until a chart of the given test id has drawn its canvas. */
async function waitForCanvas(page: Page, testId: string) {
  await page.locator(`[data-testid=${testId}] canvas`).first().waitFor({ timeout: 20_000 })
}

test.group('dashboards', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(() => {
    MetricsCache.clear()
    return () => MetricsCache.clear()
  })

  test('the data dashboard shows the headline numbers, the daily chart and every platform', async ({
    visit,
    assert,
  }) => {
    const page = await rankingAsAdmin(visit)
    assert.match(page.url(), /\/app\/data_dashboard$/, 'the landing page')

    await page.locator('[data-testid=headline-fans-value]').waitFor()
    assert.equal(
      await textOf(page, '[data-testid=headline-fans-value]'),
      compact('en', totalFans())
    )
    // Fans gained 4–10 March: 10·i per day on bilibili, 7 days.
    let gained = 0
    for (let i = 1; i <= CREATORS; i++) gained += 10 * i * 7
    assert.equal(
      await page.locator('[data-testid=headline-fans-diff]').getAttribute('data-value'),
      String(gained)
    )
    assert.include(
      await page.locator('[data-testid=dashboard-filters]').innerText(),
      'Newest data: 2025-03-10'
    )
    const range = page.locator('[data-testid=dashboard-filters] input[date-range]')
    assert.equal(await range.first().inputValue(), march(4))
    assert.equal(await range.nth(1).inputValue(), march(10))

    await waitForCanvas(page, 'daily-chart-canvas')
    await waitForCanvas(page, 'platform-totals-chart')
    const totals = page.locator('[data-testid=platform-totals-table]')
    await totals.getByText('Bilibili').first().waitFor()
    assert.include(await totals.innerText(), 'YouTube')

    // Another metric and the value mode redraw the chart.
    await page.locator('[data-testid=headline-views]').click()
    await page.locator('[data-testid=daily-mode]').getByText('Value').click()
    await waitForCanvas(page, 'daily-chart-canvas')
    await screenshot(page, 'en-data-dashboard')
    await fullScreenshot(page, 'en-data-dashboard-full')

    // The Excel download goes through the admin's HTTP client (token header) with the filters.
    const [downloadRequest, download] = await Promise.all([
      page.waitForRequest((entry) => entry.url().includes('/api/dashboard/download')),
      page.waitForEvent('download'),
      page.locator('[data-testid=dashboard-download]').click(),
    ])
    assert.isDefined(downloadRequest.headers().token)
    assert.match(download.suggestedFilename(), /\.xlsx$/)

    // One platform: the numbers follow the filter.
    await page.locator('[data-testid=filter-platform]').click()
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'YouTube' })
      .click()
    await page.waitForURL(/platform=youtube/)
    await page
      .locator('[data-testid=headline-fans-value]', {
        hasText: compact('en', totalFans('youtube')),
      })
      .waitFor()
    const [platformDownload] = await Promise.all([
      page.waitForRequest((entry) => entry.url().includes('/api/dashboard/download')),
      page.waitForEvent('download'),
      page.locator('[data-testid=dashboard-download]').click(),
    ])
    assert.include(platformDownload.url(), 'platform=youtube')
    await settle(page)
  })

  test('the dashboard: statistic cards, rankings, infinite scroll to the end and sorting', async ({
    visit,
    assert,
  }) => {
    const page = await rankingAsAdmin(visit)
    await page.goto('/app/dashboard')

    await page.locator('[data-testid=stat-creators-value]').waitFor()
    assert.equal(await textOf(page, '[data-testid=stat-creators-value]'), '45')
    assert.equal(
      await textOf(page, '[data-testid=stat-total-fans-value]'),
      compact('en', totalFans())
    )
    assert.include(
      await page.locator('[data-testid=stat-youtube-fans]').innerText(),
      compact('en', totalFans('youtube'))
    )
    assert.include(await page.locator('[data-testid=stat-active-platforms-value]').innerText(), '2')
    await waitForCanvas(page, 'monthly-views-chart')
    await page.locator('[data-testid=period-ranking-list]').getByText(name(45)).first().waitFor()

    // Views gained rank creator 01 first; 20 rows a page.
    await waitForRowCount(page, 20)
    await waitForFirstRow(page, name(1))
    await screenshot(page, 'en-dashboard')

    await page.locator('[data-testid=ranking-sentinel]').scrollIntoViewIfNeeded()
    await waitForRowCount(page, 40)
    await page.locator('[data-testid=ranking-sentinel]').scrollIntoViewIfNeeded()
    await waitForRowCount(page, 45)
    await page.locator('[data-testid=ranking-end]').getByText('You have reached the end').waitFor()
    const names = await rankingNames(page)
    assert.deepEqual(
      names,
      Array.from({ length: CREATORS }, (_, index) => name(index + 1))
    )
    assert.equal(await page.locator('[data-testid=ranking-loading-more]').count(), 0)
    await fullScreenshot(page, 'en-dashboard-full')

    // Fans (every platform summed): a new sort starts again from the top (20 rows).
    await page.locator('[data-testid=ranking-sort]').getByText('Fans').click()
    await waitForFirstRow(page, byFans('desc')[0])
    await waitForRowCount(page, 20)
    const fansFirst = await rankingNames(page)
    assert.deepEqual(fansFirst, byFans('desc').slice(0, 20))
    await page.locator('[data-testid=ranking-order]').click()
    await waitForFirstRow(page, byFans('asc')[0])
    const fansLast = await rankingNames(page)
    assert.deepEqual(fansLast, byFans('asc').slice(0, 20))

    // The weekly/monthly switch asks for the other period.
    const [request] = await Promise.all([
      page.waitForRequest(
        (entry) =>
          entry.url().includes('/api/dashboard/ranking/month') &&
          entry.url().includes('period=month')
      ),
      page.locator('[data-testid=period-switch]').getByText('Month').click(),
    ])
    assert.include(request.url(), 'period=month')
    await settle(page)
  })

  test('a platform dashboard shows only its platform', async ({ visit, assert }) => {
    const page = await rankingAsAdmin(visit)
    await page.goto('/app/platform_yang')

    await page.locator('[data-testid=dashboard-title]', { hasText: 'YouTube dashboard' }).waitFor()
    assert.equal(
      await page.locator('[data-testid=filter-platform]').count(),
      0,
      'the platform is fixed'
    )
    await page
      .locator('[data-testid=headline-fans-value]', {
        hasText: compact('en', totalFans('youtube')),
      })
      .waitFor()
    await waitForRowCount(page, 15)
    const names = await rankingNames(page)
    assert.sameMembers(
      names,
      Array.from({ length: CREATORS }, (_, index) => index + 1)
        .filter(onYoutube)
        .map(name),
      'only creators on YouTube'
    )
    await page.locator('[data-testid=ranking-end]').waitFor()
    await waitForCanvas(page, 'daily-chart-canvas')
    // The Data Center's panels for this platform sit above the ranking.
    await page.locator('[data-testid=platform-data-center]').getByText('Top 10').first().waitFor()
    await screenshot(page, 'en-platform-yang')

    await page.goto('/app/platform_bili')
    await page.locator('[data-testid=dashboard-title]', { hasText: 'Bilibili dashboard' }).waitFor()
    await page
      .locator('[data-testid=headline-fans-value]', {
        hasText: compact('en', totalFans('bilibili')),
      })
      .waitFor()
    await settle(page)
  })

  test('in Korean: translated panels and numbers in the Korean format', async ({
    visit,
    assert,
  }) => {
    const page = await rankingAsAdmin(visit, 'kr')

    await page.getByText('데이터 대시보드').first().waitFor()
    await page
      .locator('[data-testid=headline-fans-value]', { hasText: compact('ko', totalFans()) })
      .waitFor()
    assert.include(await page.locator('[data-testid=headline-metrics]').innerText(), '팬')
    await waitForCanvas(page, 'daily-chart-canvas')
    await screenshot(page, 'kr-data-dashboard')

    await page.goto('/app/dashboard')
    await page.getByText('크리에이터 순위', { exact: true }).waitFor()
    await waitForRowCount(page, 20)
    assert.include(
      await page.locator('[data-testid=statistic-cards]').innerText(),
      '총 팬 수 (YouTube 기준)'
    )
    await page.locator('[data-testid=ranking-sentinel]').scrollIntoViewIfNeeded()
    await waitForRowCount(page, 40)
    await page.locator('[data-testid=ranking-sentinel]').scrollIntoViewIfNeeded()
    await page
      .locator('[data-testid=ranking-end]')
      .getByText('마지막까지 모두 확인했습니다')
      .waitFor()
    await page.locator('[data-testid=ranking-sort]').getByText('팬').click()
    await waitForFirstRow(page, byFans('desc')[0])
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'kr-dashboard')

    for (const [code, title] of [
      ['ch', '数据仪表盘'],
      ['jp', 'データダッシュボード'],
    ] as const) {
      await useLanguage(page, code)
      await page.goto('/app/data_dashboard')
      await page.locator('[data-testid=dashboard-title]', { hasText: title }).waitFor()
      await waitForCanvas(page, 'daily-chart-canvas')
      await screenshot(page, `${code}-data-dashboard`)
    }
    await settle(page)
  })

  test('resync data collects the platform, shows its progress and refreshes the numbers', async ({
    visit,
    assert,
    cleanup,
  }) => {
    await seedRanking()
    const adapter = slowAdapter(250)
    platforms.fake('bilibili', adapter)
    platforms.fake('youtube', adapter)
    // The queue worker runs the collection the button queues (the in-process poller, or BullMQ).
    await QueueService.driver.startWorker()
    cleanup(async () => {
      await QueueService.driver.stop()
      platforms.restore()
    })
    const manager = await UserFactory.apply('manager').create()
    const page = await signedIn(visit, manager)
    await page.goto('/app/platform_bili')
    await page
      .locator('[data-testid=last-collected]')
      .getByText('Newest data: 2025-03-10')
      .waitFor()

    // a collection asks every platform again: it starts only once confirmed
    await page.locator('[data-testid=resync]').click()
    await page.locator('[data-testid=resync-confirm]').waitFor()
    await screenshot(page, 'en-resync-confirm')
    const [request] = await Promise.all([
      page.waitForRequest(
        (entry) => entry.url().endsWith('/api/metrics/collect') && entry.method() === 'POST'
      ),
      page.locator('[data-testid=resync-confirm]').click(),
    ])
    assert.deepEqual(request.postDataJSON(), { platform: 'bilibili' }, "the dashboard's platform")
    const progress = page.locator('[data-testid=resync-progress]')
    await progress.waitFor()
    const status = await progress.getAttribute('data-status')
    assert.oneOf(status, ['queued', 'running'])
    assert.isTrue(await page.locator('[data-testid=resync]').isDisabled(), 'one resync at a time')
    await page.locator('[data-testid=resync-progress] .ant-progress').waitFor()
    await screenshot(page, 'en-resync-running')

    await page
      .locator('[data-testid=resync-progress][data-status=finished]')
      .waitFor({ timeout: 60_000 })
    assert.equal(
      await textOf(page, '[data-testid=resync-counts]'),
      '45 / 45 accounts · 45 succeeded · 0 failed'
    )
    await page.getByText('Data resynced: 45 accounts collected, 0 failed').waitFor()
    // Everything is fetched again: the newest day is now the collected one.
    const collected = yesterday()
    await page
      .locator('[data-testid=last-collected]')
      .getByText(`Newest data: ${collected}`)
      .waitFor()
    assert.include(await textOf(page, '[data-testid=last-collected]'), 'Finished')
    await screenshot(page, 'en-resync-done')

    const staff = await UserFactory.create()
    await page.context().clearCookies()
    await signIn(page, staff.email, FACTORY_PASSWORD)
    await page.goto('/app/data_dashboard')
    await page.locator('[data-testid=last-collected]').waitFor()
    assert.equal(await page.locator('[data-testid=resync]').count(), 0, 'staff may not resync')
    await settle(page)
  })

  test("'Data Loading...' first, 'No data has been collected yet' before the first collection", async ({
    visit,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const page = await signedIn(visit, admin)

    // Hold the overview back a moment to see the placeholder.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/mcn_dashboard*', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/app/dashboard')
    await page.locator('[data-testid=dashboard-loading]').getByText('Data Loading...').waitFor()
    release()
    await page
      .locator('[data-testid=dashboard-empty]')
      .getByText('No data has been collected yet')
      .waitFor()
    await page.unroute('**/api/mcn_dashboard*')
    await settle(page)
  })
})
