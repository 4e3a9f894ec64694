import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn } from '#tests/helpers/browser'
import {
  creatorWithAccount,
  creatorWithHistory,
  measuredPoint,
  videoOf,
} from '#tests/helpers/growth'

const pending = { status: 'pending', taken_at: null, age_hours: null, views: null, source: null }

/**
 * Sunny Cooks' board: "Breakout" (40 h old) measured at 6 and 24 h (5.2×
 * the median at 24 h: out-performer), its 48 and 60-hour windows pending;
 * "Quiet one" (30 h old) missed at 6 h, its 24-hour window taken late at
 * 26.5 h (0.13×: under-performer). Mina Games' new video was first seen too
 * late to be tracked.
 */
async function board() {
  const sunny = await creatorWithHistory({ channelName: 'Sunny Cooks' })
  for (const hours of [48, 60]) {
    await measuredPoint(sunny.surge, hours, 0, pending)
    await measuredPoint(sunny.under, hours, 0, pending)
  }
  await measuredPoint(sunny.under, 6, 0, { ...pending, status: 'missed' })
  await db
    .from('video_growth_points')
    .where('video_id', sunny.under.id)
    .where('window_hours', 24)
    .update({ status: 'late', age_hours: 26.5 })
  const { creator: mina } = await creatorWithAccount({ channelName: 'Mina Games' })
  await videoOf(mina, DateTime.utc().minus({ days: 4 }), { title: 'Speedrun night' })
  return sunny
}

test.group('growth-hacking board', (group) => {
  setupFunctionalGroup(group)

  test('new videos against their creator’s median, flags filtered, a creator’s analysis (English)', async ({
    visit,
  }) => {
    const sunny = await board()
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff)
    await page.goto('/app/data_analysis')
    const table = page.locator('[data-testid=growth-table]')
    const breakout = table.locator('.ant-table-row', { hasText: 'Breakout' })
    await breakout.waitFor()
    await breakout.getByText('▲ 24 h ×5.2').waitFor()
    await breakout.locator('[data-status=pending]').first().waitFor()
    const quiet = table.locator('.ant-table-row', { hasText: 'Quiet one' })
    await quiet.getByText('late · at 26.5 h').waitFor()
    await quiet.getByText('Missed').waitFor()
    await quiet.getByText('▼ 24 h ×0.13').waitFor()
    await table
      .locator('.ant-table-row', { hasText: 'Speedrun night' })
      .getByText('Not tracked')
      .waitFor()
    await screenshot(page, 'en-growth-board')

    // only the under-performers
    await page.locator('[data-testid=growth-flag]').click()
    await page.locator('.ant-select-item-option', { hasText: 'Under-performers' }).click()
    await page.waitForURL('**flag=under**')
    await breakout.waitFor({ state: 'detached' })
    await quiet.waitFor()

    // the creator's analysis: its median at each window, its new videos' curves
    await page.locator(`[data-testid=growth-creator-${sunny.creator.id}]`).click()
    await page.waitForURL(`**creator_id=${sunny.creator.id}**`)
    await page.getByText('Data analysis: Sunny Cooks').waitFor()
    const median = page.locator('[data-testid=growth-median]')
    await median.getByText('4 videos').first().waitFor()
    await page.locator('[data-testid=growth-creator-curves]').waitFor()
    await screenshot(page, 'en-growth-creator')
  })

  test('the board in Korean and Chinese, a row’s curve opened', async ({ visit }) => {
    const sunny = await board()
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff, 'kr')
    await page.goto(`/app/data_analysis?creator_id=${sunny.creator.id}`)
    await page.getByText('데이터 분석: Sunny Cooks').waitFor()
    const breakout = page.locator('[data-testid=growth-table] .ant-table-row', {
      hasText: 'Breakout',
    })
    await breakout.getByText('▲ 24시간 ×5.2').waitFor()
    await breakout.locator('.ant-table-row-expand-icon').click()
    await page.locator(`[data-testid=growth-curve-${sunny.surge.id}]`).waitFor()
    await page.waitForTimeout(300)
    await screenshot(page, 'kr-growth-creator')

    await page.evaluate(() => localStorage.setItem('mcn.lang', 'ch'))
    await page.goto('/app/data_analysis')
    await page.getByText('增长黑客看板').first().waitFor()
    await page
      .locator('[data-testid=growth-table] .ant-table-row', { hasText: 'Quiet one' })
      .getByText('延迟 · 于 26.5 小时测量')
      .waitFor()
    await screenshot(page, 'ch-growth-board')
  })
})
