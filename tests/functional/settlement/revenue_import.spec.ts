import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ExcelJS from 'exceljs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import AuditLog from '#models/audit_log'
import PlatformRevenue from '#models/platform_revenue'
import RevenueImport from '#commands/revenue_import'
import { CreatorFactory } from '#database/factories/creator_factory'
import { UserFactory } from '#database/factories/user_factory'
import { rawAceOutput, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { aceLogs } from '#tests/helpers/settlement'
import { assertNoPermission } from '#tests/helpers/requests'
import { XLSX_MIME } from '#support/xlsx'

const HEADER = ['Brand No.', 'Platform', 'Kind', 'Currency', 'Amount', 'Note']

/** A revenue workbook: a title row, then these rows (strings stay typed text). */
async function revenueWorkbook(rows: (string | number)[][], header = HEADER) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Revenue')
  sheet.addRow(header)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function workbookFile(name: string, bytes: Buffer) {
  const folder = app.tmpPath('revenue-import-tests')
  await mkdir(folder, { recursive: true })
  const path = `${folder}/${name}`
  await writeFile(path, bytes)
  return path
}

test.group('settlement / revenue import', (group) => {
  setupFunctionalGroup(group)
  group.each.setup(rawAceOutput)
  group.teardown(() => rm(app.tmpPath('revenue-import-tests'), { recursive: true, force: true }))

  test('node ace revenue:import: a dry run writes nothing, the real run all rows, a second run updates', async ({
    assert,
  }) => {
    const a = await CreatorFactory.merge({ brandNo: 'KR0007' }).create()
    const b = await CreatorFactory.merge({ brandNo: 'KR0008' }).create()
    const path = await workbookFile(
      'good.xlsx',
      await revenueWorkbook([
        ['KR0007', 'bilibili', 'ad', 'CNY', '10,000.00', 'creative incentive'],
        ['kr0008', 'YouTube', 'ad', 'usd', 1234.56, ''],
        ['KR0008', 'youtube', 'other', 'USD', 20, 'memberships'],
      ])
    )
    const dry = await runAce(RevenueImport, ['2026-10', path, '--dry-run'])
    assert.equal(dry.exitCode ?? 0, 0)
    assert.lengthOf(await PlatformRevenue.all(), 0)
    let logs = aceLogs()
    assert.include(logs, '3 rows would be created')

    const real = await runAce(RevenueImport, ['2026-10', path])
    assert.equal(real.exitCode ?? 0, 0)
    const rows = await PlatformRevenue.query().orderBy('id')
    assert.deepEqual(
      rows.map((row) => [
        row.creatorId,
        row.month,
        row.platform,
        row.kind,
        row.currency,
        row.amount,
      ]),
      [
        [a.id, '2026-10-01', 'bilibili', 'ad', 'CNY', '10000.00'],
        [b.id, '2026-10-01', 'youtube', 'ad', 'USD', '1234.56'],
        [b.id, '2026-10-01', 'youtube', 'other', 'USD', '20.00'],
      ]
    )
    const again = await workbookFile(
      'again.xlsx',
      await revenueWorkbook([['KR0007', 'bilibili', 'ad', 'CNY', '12000', 'creative incentive']])
    )
    await runAce(RevenueImport, ['2026-10', again])
    logs = aceLogs()
    assert.include(logs, '0 rows created, 1 updated, 0 unchanged')
    const audit = await AuditLog.query()
      .where('action', 'revenue.import')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.deepInclude((audit.meta as any).changes[0], { before: '10000.00', after: '12000.00' })
  })

  test('every bad row is reported by row and column and nothing is written', async ({ assert }) => {
    await CreatorFactory.merge({ brandNo: '00123' }).create()
    const path = await workbookFile(
      'bad.xlsx',
      await revenueWorkbook([
        [123, 'bilibili', 'ad', 'CNY', 10],
        ['00123', 'tiktok', 'bonus', 'EUR', '1.234'],
        ['00123', 'bilibili', 'ad', 'CNY', 5],
        ['00123', 'bilibili', 'ad', 'CNY', 6],
      ])
    )
    const command = await runAce(RevenueImport, ['2026-10', path])
    assert.equal(command.exitCode, 1)
    const logs = aceLogs()
    assert.include(logs, 'row 2, brand_no: Excel holds a number here')
    assert.include(logs, 'row 3, platform: Unknown platform')
    assert.include(logs, 'row 3, kind: ad or other')
    assert.include(logs, 'row 3, currency: CNY, USD or KRW')
    assert.include(logs, 'row 3, amount:')
    assert.include(logs, 'row 5, brand_no: The same creator, platform, kind and currency as row 4')
    assert.lengthOf(await PlatformRevenue.all(), 0)
  })

  test('POST /api/revenues/import: finance imports, in the caller language; staff may not', async ({
    client,
    assert,
  }) => {
    const finance = await UserFactory.apply('finance').create()
    const staff = await UserFactory.create()
    await CreatorFactory.merge({ brandNo: 'KR0100' }).create()
    const good = await revenueWorkbook([['KR0100', 'haokan', 'ad', 'CNY', '88.80']])
    const response = await client
      .post('/api/revenues/import')
      .loginAs(finance)
      .field('month', '2026-10')
      .file('file', good, { filename: 'revenue.xlsx', contentType: XLSX_MIME })
    response.assertStatus(200)
    assert.include(response.body().data, { created: 1, updated: 0 })

    const bad = await revenueWorkbook([['KR0999', 'haokan', 'ad', 'CNY', '1']])
    const refused = await client
      .post('/api/revenues/import')
      .loginAs(finance)
      .header('lang', 'kr')
      .field('month', '2026-10')
      .file('file', bad, { filename: 'revenue.xlsx', contentType: XLSX_MIME })
    refused.assertStatus(422)
    assert.equal(refused.body().message, '가져오지 않았습니다: 고칠 문제 1건.')
    assert.equal(refused.body().data.errors[0].message, '이 브랜드 번호의 크리에이터가 없습니다')

    const missing = await client
      .post('/api/revenues/import')
      .loginAs(finance)
      .field('month', '2026-10')
      .file('file', await revenueWorkbook([['KR0100', '1']], ['Brand No.', 'Amount']), {
        filename: 'revenue.xlsx',
        contentType: XLSX_MIME,
      })
    missing.assertStatus(422)
    assert.include(missing.body().message, 'platform, kind, currency')

    assertNoPermission(
      await client
        .post('/api/revenues/import')
        .loginAs(staff)
        .field('month', '2026-10')
        .file('file', good, { filename: 'revenue.xlsx', contentType: XLSX_MIME })
    )
    assert.lengthOf(await PlatformRevenue.all(), 1)
  })
})
