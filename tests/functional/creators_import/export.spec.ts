import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AuditLog from '#models/audit_log'
import CreatorImportService from '#services/creators/excel/import_service'
import { XLSX_MIME } from '#support/xlsx'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorRow, fillTemplate, keyColumns } from '#tests/helpers/imports'
import { loadWorkbook } from '#tests/helpers/excel'
import { cellText } from '#support/workbook_cells'

/** Five creators (three food, two travel), imported through the service. */
async function seedCreators() {
  const folder = mkdtempSync(join(tmpdir(), 'creators-export-'))
  try {
    const path = join(folder, 'seed.xlsx')
    writeFileSync(
      path,
      await fillTemplate([
        creatorRow(1, { category: 'food', cp_team: 'cp1' }),
        creatorRow(2, { category: 'food', cp_team: 'cp2', bilibili_fans: 900_000 }),
        creatorRow(3, { category: 'travel', kind: 'IP' }),
        creatorRow(4, { category: 'food', kind: 'CH', youtube_uid: 'UCexport4', youtube_fans: 5 }),
        creatorRow(5, { category: 'travel' }),
      ])
    )
    const outcome = await CreatorImportService.importFile(path)
    if (outcome.status !== 'completed') throw new Error(JSON.stringify(outcome.errors))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** Every cell of every sheet as text. */
function cellsOf(workbook: Awaited<ReturnType<typeof loadWorkbook>>) {
  const cells: string[] = []
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(cell.value instanceof Date ? cell.value.toISOString() : String(cell.value))
      })
    })
  })
  return cells
}

test.group('creators import / export', (group) => {
  setupFunctionalGroup(group)

  test('the export holds the rows of the filtered list, in its order, with masked private data only', async ({
    client,
    assert,
  }) => {
    await seedCreators()
    const staff = await UserFactory.create()

    const filters = { category: 'food', _sort: 'total_fans', _order: 'desc' }
    const response = await client.get('/api/creators/export').qs(filters).loginAs(staff)
    response.assertStatus(200)
    assert.include(response.header('content-type'), XLSX_MIME)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="creators-export-\d{4}-\d{2}-\d{2}\.xlsx"$/
    )

    const workbook = await loadWorkbook(response.body())
    const sheet = workbook.getWorksheet('Creators export')!
    const columns = keyColumns(sheet)
    const value = (row: number, key: string) => sheet.getRow(row).getCell(columns.get(key)!).value
    const exported: string[] = []
    for (let row = 3; row <= sheet.rowCount; row++) exported.push(String(value(row, 'brand_no')))

    const list = await client
      .get('/api/creators')
      .qs({ ...filters, _start: 0, _end: 100 })
      .loginAs(staff)
    list.assertStatus(200)
    assert.deepEqual(
      exported,
      list.body().map((item: { brand_no: string }) => item.brand_no)
    )
    assert.lengthOf(exported, 3)
    assert.equal(value(3, 'category'), 'food')
    assert.equal(value(3, 'total_fans'), 900_000 + 1000)
    assert.equal(value(3, 'phone_masked'), '010****0002')
    assert.equal(value(3, 'bilibili_uid'), '98765002')
    assert.equal(value(3, 'cp_team'), 'cp2')

    // not one private value in plain text, anywhere in the workbook
    const cells = cellsOf(workbook).join('\n')
    for (const n of [1, 2, 4]) {
      const no = String(n).padStart(3, '0')
      for (const plain of [
        `010-5555-0${no}`,
        `creator${no}@example.com`,
        `M7700${no}`,
        `123-45-678${no}`,
        `서울특별시 마포구 테스트로 ${n}`,
        `KIM TEST${n}`,
        '1994-05-17',
        'KB국민은행',
      ]) {
        assert.notInclude(cells, plain)
      }
    }

    const audit = await AuditLog.query().where('action', 'creator.export').firstOrFail()
    assert.equal(audit.userId, staff.id)
    assert.deepEqual(audit.meta, { rows: 3 })
  })

  test('every list filter applies; bad filters answer 422', async ({ client, assert }) => {
    await seedCreators()
    const manager = await UserFactory.apply('manager').create()
    const rowsOf = async (qs: Record<string, unknown>) => {
      const response = await client.get('/api/creators/export').qs(qs).loginAs(manager)
      response.assertStatus(200)
      const workbook = await loadWorkbook(response.body())
      const sheet = workbook.getWorksheet('Creators export')!
      return sheet.rowCount - 2
    }
    assert.equal(await rowsOf({}), 5)
    assert.equal(await rowsOf({ kind: 'IP' }), 1)
    assert.equal(await rowsOf({ team: 'cp2' }), 1)
    assert.equal(await rowsOf({ q: 'UCexport4' }), 1)
    assert.equal(await rowsOf({ min_fans: 100_000 }), 1)
    assert.equal(await rowsOf({ category: 'pets' }), 0)

    const bad = await client.get('/api/creators/export').qs({ kind: 'ZZ' }).loginAs(manager)
    bad.assertStatus(422)
    bad.assertBodyContains({ status: 422 })
  })

  test('staff and managers may export; creators and companies may not', async ({ client }) => {
    for (const state of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(state).create()
      const response = await client.get('/api/creators/export').loginAs(user)
      response.assertStatus(403)
      response.assertBodyContains({ status: 403 })
    }
    const anonymous = await client.get('/api/creators/export')
    anonymous.assertStatus(401)
    const admin = await UserFactory.apply('admin').create()
    const byAdmin = await client.get('/api/creators/export').loginAs(admin)
    byAdmin.assertStatus(200)
  })

  test('text that a spreadsheet would run as a formula is exported quoted, and reads back as entered', async ({
    client,
    assert,
  }) => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1']
    for (const [index, channelName] of hostile.entries()) {
      await CreatorFactory.merge({
        channelName,
        brandNo: `F-${index}`,
        channelNameZh: '-12.5',
      }).create()
    }
    const staff = await UserFactory.create()
    const response = await client.get('/api/creators/export').loginAs(staff)
    response.assertStatus(200)
    const workbook = await loadWorkbook(response.body())
    const sheet = workbook.getWorksheet('Creators export')!
    const columns = keyColumns(sheet)
    const names: string[] = []
    const remarks: unknown[] = []
    for (let row = 3; row <= sheet.rowCount; row++) {
      names.push(String(sheet.getRow(row).getCell(columns.get('channel_name')!).value))
      remarks.push(sheet.getRow(row).getCell(columns.get('channel_name_zh')!).value)
    }
    assert.sameMembers(
      names,
      hostile.map((name) => `'${name}`)
    )
    // a plain negative number is no formula: left as it is
    assert.deepEqual([...new Set(remarks)], ['-12.5'])
    // the importer reads the quoted text back as it was entered
    assert.sameMembers(
      names.map((name) => cellText(name)),
      hostile.map((name) => name.trim())
    )
  })
})
