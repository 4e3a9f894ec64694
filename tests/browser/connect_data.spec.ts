/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright'
import studioConfig from '#config/studio'
import OutsideCreator from '#models/outside_creator'
import OutsideCreatorSnapshot from '#models/outside_creator_snapshot'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { navigateInApp, signedIn, useLanguage } from '#tests/helpers/browser'
import { userWithCode } from '#tests/helpers/users'

/*
| Connect data in Korean at 1366×768: a manager connects an outside creator
| to a managed one and finds its history among the creator's daily records;
| the screens are photographed in Korean, Chinese and Japanese.
*/

const SHOTS = '/tmp/connect'

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true })
}

/** Picks the option whose label contains `text` after typing it into the select `testId`. */
async function pick(page: Page, testId: string, text: string) {
  const select = page.locator(`[data-testid=${testId}]`)
  await select.click()
  await select.locator('input').fill(text)
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .click()
}

test.group('connect data', (group) => {
  setupFunctionalGroup(group)

  test('a manager connects an outside creator and sees its history on the creator page', async ({
    visit,
    assert,
  }) => {
    const manager = await userWithCode('manager')
    const creator = await CreatorFactory.merge({ channelName: '연결테스트 채널' })
      .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', fans: 0 }))
      .create()
    const outside = await OutsideCreator.create({
      platform: 'bilibili',
      uid: '778899001',
      name: 'Outside Ramen Lab',
      purpose: 'prospect',
      state: 'running',
      intervalDays: 1,
      intervalHours: 0,
      replayStrategy: 'late',
      autoVideoCrawl: false,
    })
    const today = DateTime.now().setZone(studioConfig.timezone).startOf('day')
    const fans = [41_000, 42_500, 44_000]
    for (const [index, value] of fans.entries()) {
      const day = today.minus({ days: 3 - index })
      await OutsideCreatorSnapshot.create({
        outsideCreatorId: outside.id,
        snapshotDate: day.toISODate()!,
        fans: value,
        views: value * 20,
        likes: value * 3,
        comments: 100,
        shares: 10,
        videos: 12,
        adapter: 'bilibili',
        collectedAt: day.plus({ hours: 12 }).toUTC(),
      })
    }

    const page = await signedIn(visit, manager, 'kr')
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto('/app/connect_cr_data')
    await page.getByText('외부 크리에이터 연결').waitFor()
    await pick(page, 'connect-outside', 'Outside Ramen Lab')
    await pick(page, 'connect-target', '연결테스트')
    const preview = page.locator('[data-testid=connect-preview]')
    await preview.getByText('이전될 일수').waitFor()
    assert.equal(await page.locator('[data-testid=connect-preview-moving]').innerText(), '3')
    await shoot(page, 'connect-creator-ko')
    await page.locator('[data-testid=connect-submit]').click()
    await page.getByText('연결됨: 3일 이전').waitFor()
    const list = page.locator('[data-testid=connect-list]')
    await list.getByText('대기').waitFor()
    await list.getByText('3일 이전 · 0일 유지').waitFor()

    // the creator's daily records hold the moved days, marked as moved from outside tracking
    await list.getByText('연결테스트 채널').click()
    await page.waitForURL(`**/app/creator_info?id=${creator.id}`)
    await page.locator('[data-testid=tab-range]').click()
    const daily = page.locator('[data-testid=daily-table]')
    await daily.getByText('외부 추적에서 이전됨').first().waitFor()
    assert.equal(await daily.getByText('외부 추적에서 이전됨').count(), 3)
    await daily.getByText('44,000').first().waitFor()
    await shoot(page, 'creator-history-ko')

    // the task → creator table, and the connect screen in Chinese and Japanese
    await navigateInApp(page, '/app/connect_task_data')
    await page.locator('[data-testid=connect-tasks]').getByText('Outside Ramen Lab').waitFor()
    await shoot(page, 'connect-tasks-ko')
    for (const [code, title, name] of [
      ['ch', '关联外部创作者', 'zh'],
      ['jp', '外部クリエイターを接続', 'ja'],
    ] as const) {
      await useLanguage(page, code)
      await page.goto('/app/connect_cr_data')
      await page.getByText(title).waitFor()
      await page.locator('[data-testid=connect-list]').getByText('Outside Ramen Lab').waitFor()
      await shoot(page, `connect-creator-${name}`)
    }
  }).timeout(60_000)
})
