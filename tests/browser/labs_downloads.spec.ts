import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { mkdirSync } from 'node:fs'
import { DateTime } from 'luxon'
import LabsDataExport from '#models/labs_data_export'
import LabsVideoDownload from '#models/labs_video_download'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { signedIn, useLanguage } from '#tests/helpers/browser'
import { loadWorkbook, rowsOf } from '#tests/helpers/excel'
import { creatorWithAccount, daily, insertSnapshots, snapshotRows } from '#tests/helpers/metrics'
import { runQueued } from '#tests/helpers/queue'

/*
| Labs' data download tab at 1366 × 768: a person picks monthly figures of a
| creator over the default three months, exports, watches the bar finish
| and gets the workbook; then the two download tabs in Korean, Chinese and
| Japanese (screenshots under /tmp/downloads/ or LABS_SCREENSHOTS).
*/

const SHOTS = process.env.LABS_SCREENSHOTS ?? '/tmp/downloads'

test.group('labs downloads screen', (group) => {
  setupFunctionalGroup(group)

  test('export a month of figures and get the file', async ({ visit, assert }) => {
    const today = DateTime.utc().startOf('day')
    const first = today.startOf('month')
    const { account } = await creatorWithAccount('bilibili', {}, { channelName: 'Hana Labs' })
    // fans 500 + 5·d and views 40·d on the days of this month up to today
    await insertSnapshots(
      snapshotRows(
        account,
        daily(
          1,
          today.day,
          (d) => ({ fans: 500 + 5 * d, views: 40 * d }),
          (d) => first.set({ day: d }).toISODate()!
        )
      )
    )
    const asker = await UserFactory.merge({ name: 'Jun' }).create()
    await LabsVideoDownload.create({
      userId: asker.id,
      videoId: 'dQw4w9WgXcQ',
      link: 'https://youtu.be/dQw4w9WgXcQ',
      status: 'failed',
      error: 'downloader_missing',
      activeKey: null,
    })
    const staff = await UserFactory.merge({ role: 'staff' }).create()
    const page = await signedIn(visit, staff)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto('/app/mcn_labs?tab=data')

    await page.locator('[data-testid=labs-data-form]').waitFor()
    await page.locator('[data-testid=labs-data-creators] .ant-select-selector').click()
    await page.keyboard.type('Hana')
    await page.locator('.ant-select-item-option', { hasText: 'Hana Labs' }).click()
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=labs-data-export]').click()

    const job = page.locator('[data-testid=labs-data-job]')
    await job.waitFor()
    const queued = await LabsDataExport.firstOrFail()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      runQueued(async () => {
        const row = await LabsDataExport.findOrFail(queued.id)
        return row.status === 'completed'
      }, 'export'),
    ])
    await job.getByText(/Done: 3 rows/).waitFor()
    assert.match(download.suggestedFilename(), /^figures-month-.*\.xlsx$/)
    const workbook = await loadWorkbook(await readFile((await download.path())!))
    const rows = rowsOf(workbook.getWorksheet('Figures')!)
    assert.equal(rows.length, 4)
    const thisMonth = rows[3]
    assert.deepEqual(
      [thisMonth[0], thisMonth[2], thisMonth[3], ...thisMonth.slice(6)],
      [
        'Hana Labs',
        'Bilibili',
        first.toFormat('yyyy-MM'),
        today.day,
        500 + 5 * today.day,
        5 * (today.day - 1),
        40 * today.day,
        40 * (today.day - 1),
      ]
    )
    // the months before hold no snapshot: empty cells, not 0
    assert.deepEqual(rows[1].slice(6), [0])

    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: `${SHOTS}/en-labs-data.png`, animations: 'disabled' })
    const words = {
      kr: {
        tab: '데이터 다운로드',
        video: 'YouTube 다운로드',
        missing: '다운로더가 설치되어 있지 않아',
      },
      ch: { tab: '数据下载', video: 'YouTube 下载', missing: '未安装视频下载器' },
      jp: {
        tab: 'データダウンロード',
        video: 'YouTube ダウンロード',
        missing: 'ダウンローダーがインストールされていない',
      },
    } as const
    for (const [code, word] of Object.entries(words) as [
      keyof typeof words,
      (typeof words)['kr'],
    ][]) {
      await useLanguage(page, code)
      await page.goto('/app/mcn_labs?tab=data')
      await page.locator('[data-testid=labs-data-export]').waitFor()
      await page.getByRole('tab', { name: word.tab }).waitFor()
      await page.screenshot({ path: `${SHOTS}/${code}-labs-data.png`, animations: 'disabled' })
      await page.getByRole('tab', { name: word.video }).click()
      await page.locator('[data-testid=labs-video-list]').getByText(word.missing).waitFor()
      await page.screenshot({ path: `${SHOTS}/${code}-labs-video.png`, animations: 'disabled' })
    }
  }).timeout(60_000)
})
