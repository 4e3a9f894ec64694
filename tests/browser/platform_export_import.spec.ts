import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CreatorFactory } from '#database/factories/creator_factory'
import { MetricSnapshotFactory } from '#database/factories/metric_factory'
import { UserFactory } from '#database/factories/user_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { signedIn } from '#tests/helpers/browser'
import { exportUpload } from '#tests/helpers/platform_exports'

test.group('creator detail / import a platform export', (group) => {
  setupFunctionalGroup(group)

  test('staff import a Kuaishou 数据概览 export from the accounts table (Chinese, 1366×768)', async ({
    visit,
    assert,
  }) => {
    const staff = await UserFactory.create()
    const creator = await CreatorFactory.merge({ channelName: 'Kuai Cooks' })
      .with('accounts', 1, (account) => account.merge({ platform: 'kwai', fans: 0 }))
      .create()
    const account = creator.accounts[0]
    await MetricSnapshotFactory.merge({
      accountId: account.id,
      creatorId: creator.id,
      platform: 'kwai',
      snapshotDate: '2026-11-12',
      source: 'official',
      adapter: 'kwai',
      fans: 156_300,
    }).create()
    const file = await exportUpload('kuaishou_data_overview')

    const page = await signedIn(visit, staff, 'ch')
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto(`/app/creator_info?id=${creator.id}`)
    await page.locator('[data-testid=status-table]').waitFor()
    await page.locator('[data-testid=platform-export-kwai]').getByText('导入平台导出数据').click()

    const modal = page.locator('[data-testid=platform-export-modal]')
    await modal.getByText('导入快手导出数据').waitFor()
    // the titles the import reads, as Kuaishou writes them
    await modal.locator('[data-testid=platform-export-titles]').getByText('净增粉丝量').waitFor()
    const range = modal.locator('input[date-range]')
    await range.first().click()
    await range.first().fill('2026-11-10')
    await range.first().press('Enter')
    await range.nth(1).fill('2026-11-14')
    await range.nth(1).press('Enter')
    await modal.locator('input[type=file]').setInputFiles({
      name: file.filename,
      mimeType: file.contentType,
      buffer: file.bytes,
    })
    await modal.getByText(file.filename).waitFor()
    await modal.locator('[data-testid=platform-export-send]').click()

    const result = modal.locator('[data-testid=platform-export-result]')
    await result.getByText('已写入 4 天（2026-11-10 – 2026-11-14）').waitFor()
    await result.getByText('保留 1 天：每日采集已有数据 (2026-11-12)').waitFor()
    await result.getByText('0 天不在所选日期内，未导入').waitFor()

    const rows = await db
      .from('metric_snapshots')
      .where('account_id', account.id)
      .orderBy('snapshot_date')
      .select('snapshot_date', 'source')
    assert.deepEqual(
      rows.map((row) => [String(row.snapshot_date).slice(0, 10), row.source]),
      [
        ['2026-11-10', 'imported'],
        ['2026-11-11', 'imported'],
        ['2026-11-12', 'official'],
        ['2026-11-13', 'imported'],
        ['2026-11-14', 'imported'],
      ]
    )
  })
})
