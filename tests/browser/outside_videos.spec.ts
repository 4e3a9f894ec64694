import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright'
import { UserFactory } from '#database/factories/user_factory'
import OutsideVideo from '#models/outside_video'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { screenshot, signedIn, useLanguage } from '#tests/helpers/browser'
import { creatorWithAccount, measuredPoint, videoOf } from '#tests/helpers/growth'
import { pointsAt } from '#tests/helpers/outside_videos'

/*
| The outside videos screen (/app/outside_video) at 1366 × 768: a video
| added by its link (a bad link refused on its field first), seen in the
| list, opened, its growth windows and its comparison with the agency's
| videos read; then the same screen in Korean, Chinese and Japanese.
*/
const SHOTS = '/tmp/videosx'
/** What the 6 h window's reading says when on time, in Korean, Chinese and Japanese. */
const CLOSED_WORDS = { kr: '정시', ch: '准时', jp: '定刻' } as const

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
  await screenshot(page, name)
}

test.group('outside videos screen', (group) => {
  setupFunctionalGroup(group)

  test('add a video by link, find it in the list, open it and read its windows', async ({
    visit,
    assert,
  }) => {
    // the agency's own Bilibili videos, measured at 24 h: 100, 200, 300, 400 views
    const { creator } = await creatorWithAccount()
    for (const views of [100, 200, 300, 400]) {
      await measuredPoint(await videoOf(creator, DateTime.utc().minus({ days: 9 })), 24, views)
    }
    const staff = await UserFactory.create()
    const page = await signedIn(visit, staff)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto('/app/outside_video')
    await page.locator('[data-testid=outside-video-table]').waitFor()

    await page.locator('[data-testid=outside-video-add]').click()
    const link = page.locator('[data-testid=outside-video-add-link]')
    await link.fill('https://example.com/watch?v=1')
    await page.locator('[data-testid=outside-video-add-submit]').click()
    await page
      .locator('[data-testid=outside-video-add-form]')
      .getByText('This is not a video link of a supported platform')
      .waitFor()
    await link.fill('https://www.bilibili.com/video/BV1xx411c7mD')
    await page.locator('[data-testid=outside-video-add-submit]').click()
    await page.locator('[data-testid=outside-video-add-form]').waitFor({ state: 'hidden' })

    const video = await OutsideVideo.findByOrFail('platform_video_id', 'BV1xx411c7mD')
    const row = page.locator(`[data-testid=outside-video-row-${video.id}]`)
    await row.getByText('BV1xx411c7mD').waitFor()
    assert.include(await row.innerText(), 'By link')

    // the crawls read it since: its upload time, its title and its counters at four moments
    video.merge({
      title: 'Seoul street food at night',
      publishedAt: DateTime.utc().minus({ hours: 70 }),
      views: 4_000,
    })
    await video.save()
    await pointsAt(video, [
      [6.2, 400],
      [11, 900],
      [30, 250],
      [47.9, 3_400],
    ])

    await row.click()
    const detail = page.locator('[data-testid=outside-video-detail]')
    await detail.getByText('Seoul street food at night').waitFor()
    const windows = detail.locator('[data-testid=outside-video-windows] .ant-table-row')
    await windows.nth(4).waitFor()
    const read = async (index: number) => {
      const text = await windows.nth(index).innerText()
      return text.split(/\s+/)
    }
    assert.includeMembers(await read(0), ['6', 'On', 'time', '6.2', '400'])
    assert.includeMembers(await read(1), ['12', 'Early', '11.0', '900', '+500'])
    assert.includeMembers(await read(2), ['24', 'Late', '30.0', '250'])
    assert.includeMembers(await read(4), ['60', 'Missed'])
    const compared = detail.locator('[data-testid=outside-video-comparison-table] .ant-table-row')
    await compared.nth(2).waitFor()
    // 24 h: ours [100, 200, 300, 400] → 175, 250, 325; this video's 250 is above half of them
    const comparedText = await compared.nth(2).innerText()
    assert.includeMembers(comparedText.split(/\s+/), [
      '175',
      '250',
      '325',
      '50%',
      'Above',
      'median',
    ])
    await detail.locator('[data-testid=outside-video-comparison-chart]').waitFor()
    await shot(page, 'en-outside-video-detail')

    for (const code of ['kr', 'ch', 'jp'] as const) {
      await useLanguage(page, code)
      await page.goto(`/app/outside_video?id=${video.id}`)
      await windows.first().getByText(CLOSED_WORDS[code]).waitFor()
      await row.waitFor()
      await shot(page, `${code}-outside-video-detail`)
      await detail.locator('[data-testid=outside-video-comparison-chart]').scrollIntoViewIfNeeded()
      await shot(page, `${code}-outside-video-comparison`)
      await page.keyboard.press('Escape')
      await detail.waitFor({ state: 'hidden' })
      await shot(page, `${code}-outside-videos`)
    }
  })
})
