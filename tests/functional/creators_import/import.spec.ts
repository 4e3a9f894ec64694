import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import CreatorImport from '#models/creator_import'
import CreatorPlatformAccount from '#models/creator_platform_account'
import AuditLog from '#models/audit_log'
import CreatorImportService from '#services/creators/excel/import_service'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'
import { XLSX_MIME } from '#support/xlsx'
import { UserFactory } from '#database/factories/user_factory'
import { CreatorFactory } from '#database/factories/creator_factory'
import { CreatorImportFactory } from '#database/factories/creator_import_factory'
import { rowCount, setupGroupWith } from '#tests/helpers/functional'
import {
  creatorRow,
  fillTemplate,
  importThroughApi,
  keyColumns,
  removeLeftUploads,
  runImport,
  upload,
} from '#tests/helpers/imports'
import { loadWorkbook } from '#tests/helpers/excel'
import { PRIVATE_FIELD_KEYS } from '#tests/helpers/creators'

/** Every column value of the creators table, as one string per row. */
async function rawCreatorRows() {
  const rows = await db.from('creators').select('*')
  return rows.map((row) => JSON.stringify(row))
}

test.group('creators import / template round trip', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  group.each.setup(removeLeftUploads)

  test('download the template, fill it, upload it: rows created with encrypted private data', async ({
    client,
    assert,
  }) => {
    const uploader = await UserFactory.merge({ email: 'uploader@mcn.local' }).create()

    const download = await client.get('/api/creators/template').loginAs(given.admin)
    download.assertStatus(200)
    assert.include(download.header('content-type'), XLSX_MIME)
    const today = DateTime.now().setZone('Asia/Seoul').toISODate()
    assert.match(
      download.header('content-disposition') ?? '',
      new RegExp(`attachment; filename="creators-template-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`)
    )
    assert.include(download.header('content-disposition'), today!.slice(0, 4))
    const template = download.body() as Buffer
    assert.isTrue(Buffer.isBuffer(template))

    // the template: a Creators sheet (titles, keys, one example) and trilingual Instructions
    const workbook = await loadWorkbook(template)
    assert.deepEqual(
      workbook.worksheets.map((sheet) => sheet.name),
      ['Creators', 'Instructions']
    )
    const sheet = workbook.getWorksheet('Creators')!
    const keys = [...keyColumns(sheet).keys()]
    assert.deepEqual(
      keys,
      IMPORT_COLUMNS.map((column) => column.key)
    )
    assert.includeMembers(keys, [
      'brand_no',
      'contractor_name',
      ...PRIVATE_FIELD_KEYS,
      'cp_team',
      'haokan_uid',
      'bilibili_fans',
      'xigua_uid',
      'weibo_fans',
      'douyin_uid',
      'youtube_uid',
      'youtube_fans',
    ])
    assert.isFalse(
      keys.some((key) => /token|cookie/.test(key)),
      'no secrets in Excel'
    )
    assert.equal(sheet.getRow(1).getCell(4).value, 'Contractor Name *')
    assert.equal(sheet.getRow(3).getCell(1).value, 'EXAMPLE')
    // drop-down lists on the data rows (exceljs reads ranges back cell by cell)
    const validations = (sheet as any).dataValidations.model as Record<string, any>
    assert.deepEqual(validations.C3?.formulae, ['"CR,IP,CH"'])
    assert.deepEqual(validations.C5002?.formulae, ['"CR,IP,CH"'])
    assert.isTrue(
      Object.values(validations).some((rule) => rule.formulae?.[0] === '"yes,no"'),
      'yes/no lists'
    )
    const instructions: string[] = []
    workbook.getWorksheet('Instructions')!.eachRow((row) => {
      instructions.push(((row.values as unknown[]) ?? []).join(' '))
    })
    const text = instructions.join('\n')
    assert.include(text, 'passport_no')
    assert.match(text, /[\uac00-\ud7a3]/, 'Korean')
    assert.match(text, /[\u4e00-\u9fff]/, 'Chinese')

    // fill three rows below the example and upload
    const filled = await fillTemplate(
      [
        creatorRow(1, { uploader: 'uploader@mcn.local' }),
        creatorRow(2, { kind: 'IP', category: 'game', youtube_uid: 'UCtest0002', youtube_fans: 7 }),
        creatorRow(3, { brand_no: 'MCN-90001', contract_no: undefined, phone: '01012345678' }),
      ],
      template
    )
    const report = await importThroughApi(client, given.admin, filled)
    assert.containsSubset(report, {
      status: 'completed',
      total_rows: 3,
      processed_rows: 3,
      created_count: 3,
      updated_count: 0,
      errors: [],
    })
    assert.isNotNull(report.finished_at)

    assert.equal(await rowCount('creators'), 3)
    assert.isNull(await Creator.findBy('brand_no', 'EXAMPLE'), 'the example row is skipped')
    const first = await Creator.findByOrFail('contract_no', 'T-2025-001')
    assert.match(first.brandNo, /^MCN-\d{5}$/)
    assert.equal(first.contractorName, '김테스트1')
    assert.equal(first.kind, 'CR')
    assert.equal(first.category, 'food')
    assert.equal(first.contractDate?.toISODate(), '2024-01-01')
    assert.equal(first.endDate?.toISODate(), '2026-12-31')
    assert.isTrue(Boolean(first.hasAuthorizationDoc))
    assert.deepEqual(first.contractedPlatforms, ['bilibili', 'douyin'])
    assert.equal(first.adIncomeRatio, 70)
    assert.equal(first.uploaderId, uploader.id)
    assert.equal(first.createdBy, given.admin.id)
    assert.equal(first.totalFans, 1000 + 500)

    // private data: encrypted at rest, masked copy for lists, decrypts to the value
    assert.equal(first.getPrivate('phone'), '010-5555-0001')
    assert.equal(first.getPrivate('passport_no'), 'M7700001')
    assert.equal(first.getPrivate('bank_account'), '123-45-678001')
    assert.equal(first.getPrivate('birth_date'), '1994-05-17')
    assert.equal(first.getPrivate('email'), 'creator001@example.com')
    assert.equal(first.phoneMasked, '010****0001')
    const rawRows = await rawCreatorRows()
    const raw = rawRows.join('\n')
    for (const plain of [
      '010-5555-0001',
      '01055550001',
      'M7700001',
      '123-45-678001',
      'creator001@example.com',
      '테스트로 1',
      'KIM TEST1',
      '1994-05-17',
    ]) {
      assert.notInclude(raw, plain, `${plain} is stored in plain text`)
    }

    const second = await Creator.findByOrFail('contract_no', 'T-2025-002')
    await second.load('accounts')
    assert.sameMembers(
      second.accounts.map((account) => `${account.platform}:${account.uid}:${account.fans}`),
      ['bilibili:98765002:2000', 'douyin:MS4wTest002:1000', 'youtube:UCtest0002:7']
    )
    assert.equal(second.totalFans, 3007)
    // a new account has no token yet: it is only not connected, the creator is not failing
    assert.isFalse(Boolean(second.failing))
    assert.isTrue(second.accounts.every((account) => account.tokenEncrypted === null))

    const third = await Creator.findByOrFail('brand_no', 'MCN-90001')
    assert.equal(third.getPrivate('phone'), '01012345678')
    // generated numbers continue above the highest one in use
    assert.isTrue([first.brandNo, second.brandNo].every((no) => no > 'MCN-90001'))

    // the upload does not outlive its import; the import is audited
    const record = await CreatorImport.findOrFail(report.id)
    assert.isFalse(existsSync(CreatorImportService.pathOf(record)))
    assert.equal(record.userId, given.admin.id)
    const audit = await AuditLog.query().where('action', 'creator.import').firstOrFail()
    assert.containsSubset(audit.meta, { created: 3, updated: 0, rows: 3 })
  })

  test('progress is reported while the import runs, and a finished import is never run again', async ({
    client,
    assert,
  }) => {
    const rows = Array.from({ length: 250 }, (_, index) => creatorRow(index + 1))
    const uploaded = await upload(client, given.admin, await fillTemplate(rows))
    uploaded.assertStatus(202)
    uploaded.assertBodyContains({ status: 0 })
    const id = uploaded.body().data.id

    const pending = await client.get(`/api/creators/imports/${id}`).loginAs(given.admin)
    pending.assertBodyContains({ status: 0, data: { id, status: 'pending', processed_rows: 0 } })

    const seen: number[] = []
    const original = CreatorImport.prototype.save
    CreatorImport.prototype.save = async function (this: CreatorImport) {
      if (this.id === id && this.status === 'running') seen.push(this.processedRows)
      return original.call(this)
    }
    try {
      await runImport(id)
    } finally {
      CreatorImport.prototype.save = original
    }
    assert.includeMembers(seen, [100, 200, 250])

    const done = await CreatorImport.findOrFail(id)
    assert.equal(done.status, 'completed')
    assert.equal(done.totalRows, 250)
    assert.equal(done.createdCount, 250)

    await CreatorImportService.run(id)
    assert.equal(await rowCount('creators'), 250)
    const again = await CreatorImport.findOrFail(id)
    assert.equal(again.updatedCount, 0)
  })
})

test.group('creators import / errors', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  group.each.setup(removeLeftUploads)

  test('every error is reported by row and column and nothing is written', async ({
    client,
    assert,
  }) => {
    const buffer = await fillTemplate([
      creatorRow(1),
      creatorRow(2, { phone: '010-12ab', kind: 'XX', min_monthly_videos: -1 }),
      creatorRow(3),
      creatorRow(4, {
        contractor_name: null,
        end_date: '2023-01-01',
        ad_income_ratio: 80,
        other_income_ratio: 30,
        birth_date: '2999-01-01',
        email: 'not-an-email',
        has_authorization_doc: 'maybe',
        cp_team: 'cp9',
        uploader: 'nobody@example.com',
        youtube_fans: 10,
      }),
      creatorRow(5, { video_exclusive_china: 'yes' }),
    ])
    const report = await importThroughApi(client, given.admin, buffer)

    assert.equal(report.status, 'failed')
    assert.equal(report.created_count, 0)
    assert.equal(report.total_rows, 5)
    const found = report.errors.map((error) => `${error.row}|${error.column}|${error.message}`)
    assert.includeMembers(found, [
      '5|Kind|Must be one of: CR, IP, CH.',
      '5|Phone|Digits, spaces and dashes only.',
      '5|Min. Monthly Videos|Minimum monthly videos cannot be negative',
      '7|Contractor Name|This column is required.',
      '7|Email|Must be a valid email address.',
      '7|Birth Date|The birth date must be in the past.',
      '7|End Date|The end date must be on or after the contract date.',
      '7|Authorization Document|Must be yes or no.',
      '7|Other Income Ratio (%)|Ad and other income ratios together must not exceed 100.',
      '7|Uploader (email)|No active staff member has this email or id.',
      "7|YouTube Fans|Fill in this platform's UID too.",
      '8|Contracted Platforms|Leave empty when the video is exclusive in China.',
    ])
    assert.isTrue(found.some((line) => line.startsWith('7|CP Team|Must be one of:')))
    assert.isFalse(report.errors.some((error) => error.row === 4 || error.row === 6))
    // sorted by row, then by the column's place in the template
    const rowsInOrder = report.errors.map((error) => error.row)
    assert.deepEqual(
      rowsInOrder,
      [...rowsInOrder].sort((a, b) => a - b)
    )
    assert.equal(report.errors[0].field, 'kind')

    // nothing was written: not even the valid rows
    assert.equal(await rowCount('creators'), 0)
    assert.equal(
      await db
        .from('creator_platform_accounts')
        .count('* as total')
        .first()
        .then((row) => Number(row.total)),
      0
    )

    // the same report in the caller's language
    const korean = await client
      .get(`/api/creators/imports/${report.id}`)
      .header('lang', 'kr')
      .loginAs(given.admin)
    const messages = korean.body().data.errors.map((error: { message: string }) => error.message)
    assert.include(messages, '월 최소 영상 수는 음수일 수 없습니다')
    assert.include(messages, '필수 항목입니다.')
    const chinese = await client
      .get(`/api/creators/imports/${report.id}`)
      .header('lang', 'ch')
      .loginAs(given.admin)
    assert.include(
      chinese.body().data.errors.map((error: { message: string }) => error.message),
      '此列为必填项。'
    )
  })

  test('duplicate keys inside one file are row errors naming the first row', async ({
    client,
    assert,
  }) => {
    const buffer = await fillTemplate([
      creatorRow(1, { brand_no: 'MCN-70001' }),
      creatorRow(2, { brand_no: 'mcn-70001' }),
      creatorRow(3, { contract_no: 'T-2025-001' }),
      creatorRow(4, { bilibili_uid: '98765001' }),
      creatorRow(5, { contract_no: null, contractor_name: 'Same', channel_name: 'Pair' }),
      creatorRow(6, { contract_no: null, contractor_name: 'same', channel_name: 'PAIR' }),
    ])
    const report = await importThroughApi(client, given.admin, buffer)
    assert.equal(report.status, 'failed')
    const found = report.errors.map((error) => `${error.row}|${error.column}|${error.message}`)
    assert.sameMembers(found, [
      '5|Brand No.|Row 4 has the same value.',
      '6|Contract No.|Row 4 has the same value.',
      '7|Bilibili UID|Row 4 has the same value.',
      '9|Channel Name|Row 8 has the same value.',
    ])
    assert.equal(await rowCount('creators'), 0)
  })

  test('a uid owned by another creator, or a contract number of another creator, is a row error', async ({
    client,
    assert,
  }) => {
    await CreatorFactory.merge({ brandNo: 'MCN-00900', contractNo: 'OWN-1' })
      .with('accounts', 1, (account) => account.merge({ platform: 'bilibili', uid: 'TAKEN-1' }))
      .create()

    const report = await importThroughApi(
      client,
      given.admin,
      await fillTemplate([
        creatorRow(1, { bilibili_uid: 'TAKEN-1' }),
        creatorRow(2, { brand_no: 'MCN-00950', contract_no: 'OWN-1' }),
      ])
    )
    assert.equal(report.status, 'failed')
    assert.sameMembers(
      report.errors.map((error) => `${error.row}|${error.column}|${error.message}`),
      [
        '4|Bilibili UID|This UID belongs to creator MCN-00900.',
        '5|Contract No.|This contract number belongs to creator MCN-00900.',
      ]
    )
    assert.equal(await rowCount('creators'), 1)

    // the owner itself may keep (and re-import) its uid
    const own = await importThroughApi(
      client,
      given.admin,
      await fillTemplate([
        creatorRow(3, { brand_no: 'MCN-00900', contract_no: 'OWN-1', bilibili_uid: 'TAKEN-1' }),
      ])
    )
    assert.equal(own.status, 'completed')
    assert.equal(own.updated_count, 1)
  })

  test('a file without the header rows, or without rows, is refused as a whole', async ({
    client,
    assert,
  }) => {
    const { default: ExcelJS } = await import('exceljs')
    const other = new ExcelJS.Workbook()
    other.addWorksheet('Sheet1').addRow(['name', 'age'])
    other.getWorksheet('Sheet1')!.addRow(['Kim', 30])
    const noHeader = await importThroughApi(
      client,
      given.admin,
      Buffer.from(await other.xlsx.writeBuffer())
    )
    assert.equal(noHeader.status, 'failed')
    assert.deepEqual(noHeader.errors, [
      {
        row: 0,
        column: '',
        field: null,
        message:
          "No sheet has the template's header rows: keep the 'Creators' sheet with its title and key rows.",
      },
    ])

    const empty = await importThroughApi(client, given.admin, await fillTemplate([]))
    assert.equal(empty.status, 'failed')
    assert.equal(empty.errors[0].message, 'The file has no creator rows.')

    // a header row of titles only (no key row) is read too, and a required column may not be missing
    const titles = new ExcelJS.Workbook()
    const sheet = titles.addWorksheet('Creators')
    sheet.addRow(['Contractor Name', 'Channel Name', 'Phone'])
    sheet.addRow(['박제목', 'Titles Only', '010-1111-2222'])
    const byTitles = await importThroughApi(
      client,
      given.admin,
      Buffer.from(await titles.xlsx.writeBuffer())
    )
    assert.equal(byTitles.status, 'completed')
    assert.equal(byTitles.created_count, 1)

    const missing = new ExcelJS.Workbook()
    missing.addWorksheet('Creators').addRow(['channel_name', 'phone'])
    missing.getWorksheet('Creators')!.addRow(['No Contractor', '010'])
    const noContractor = await importThroughApi(
      client,
      given.admin,
      Buffer.from(await missing.xlsx.writeBuffer())
    )
    assert.equal(noContractor.status, 'failed')
    assert.deepEqual(
      noContractor.errors.map((error) => `${error.row}|${error.column}|${error.message}`),
      ['1|Contractor Name|This required column is missing from the header row.']
    )
  })
})

test.group('creators import / idempotency', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  group.each.setup(removeLeftUploads)

  test('re-importing the same file updates the creators and creates no duplicates', async ({
    client,
    assert,
  }) => {
    const rows = [
      creatorRow(1),
      creatorRow(2, { contract_no: null }),
      creatorRow(3, { brand_no: 'MCN-80003' }),
    ]
    const buffer = await fillTemplate(rows)

    const first = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(first, { status: 'completed', created_count: 3, updated_count: 0 })
    const before = await Creator.query().orderBy('id')
    const accountsBefore = await CreatorPlatformAccount.query().orderBy('id')

    // the same file again: every row matches its creator, and nothing needs writing
    await db.from('creators').update({ updated_at: '2020-01-01 00:00:00' })
    const second = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(second, {
      status: 'completed',
      created_count: 0,
      updated_count: 0,
      unchanged_count: 3,
    })
    const untouched = await db
      .from('creators')
      .where('updated_at', '>', '2020-01-02')
      .count('* as total')
    assert.equal(Number(untouched[0].total), 0)
    const after = await Creator.query().orderBy('id')
    assert.deepEqual(
      after.map((creator) => [creator.id, creator.brandNo, creator.totalFans]),
      before.map((creator) => [creator.id, creator.brandNo, creator.totalFans])
    )
    const accountsAfter = await CreatorPlatformAccount.query().orderBy('id')
    assert.deepEqual(
      accountsAfter.map((account) => account.id),
      accountsBefore.map((account) => account.id)
    )

    // a changed file: matched by brand_no, contract_no, or contractor + channel name
    const byName = after.find((creator) => creator.channelName === 'Test Channel 2')!
    const changed = await fillTemplate([
      creatorRow(1, { category: 'travel', bilibili_fans: 5000, phone: '010-9999-0001' }),
      creatorRow(2, { contract_no: null, remark: 'matched by names', douyin_fans: null }),
      creatorRow(3, { brand_no: 'mcn-80003', contract_no: 'T-2025-NEW', weibo_uid: 'wb3' }),
    ])
    const third = await importThroughApi(client, given.admin, changed)
    assert.containsSubset(third, { status: 'completed', created_count: 0, updated_count: 3 })
    assert.equal(await rowCount('creators'), 3)

    const one = await Creator.findByOrFail('contract_no', 'T-2025-001')
    assert.equal(one.category, 'travel')
    assert.equal(one.getPrivate('phone'), '010-9999-0001')
    assert.equal(one.totalFans, 5000 + 500)
    const two = await Creator.findOrFail(byName.id)
    assert.equal(two.remark, 'matched by names')
    assert.equal(two.getPrivate('passport_no'), 'M7700002', 'untouched cells keep their value')
    const three = await Creator.findByOrFail('brand_no', 'MCN-80003')
    assert.equal(three.contractNo, 'T-2025-NEW')
    await three.load('accounts')
    assert.sameMembers(
      three.accounts.map((account) => account.platform),
      ['bilibili', 'douyin', 'weibo']
    )
  })

  test('two rows that resolve to the same creator are an error', async ({ client, assert }) => {
    await importThroughApi(
      client,
      given.admin,
      await fillTemplate([creatorRow(1, { brand_no: 'MCN-60001' })])
    )
    const report = await importThroughApi(
      client,
      given.admin,
      await fillTemplate([
        creatorRow(1, { brand_no: 'MCN-60001', contract_no: null }),
        creatorRow(9, { brand_no: null, contract_no: 'T-2025-001' }),
      ])
    )
    assert.equal(report.status, 'failed')
    assert.deepEqual(
      report.errors.map((error) => `${error.row}|${error.column}|${error.message}`),
      ['5|Contract No.|Row 4 already updates this creator.']
    )
  })
})

test.group('creators import / uploads', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  group.each.setup(removeLeftUploads)

  test('only admins import; staff and managers may download the template; creators and companies may not', async ({
    client,
    assert,
  }) => {
    const buffer = await fillTemplate([creatorRow(1)])
    const uploaded = await upload(client, given.admin, buffer)
    uploaded.assertStatus(202)
    const id = uploaded.body().data.id

    const statusOf = async (request: { status(): number } | Promise<{ status(): number }>) => {
      const response = await request
      return response.status()
    }
    for (const state of ['manager', 'staff'] as const) {
      const user =
        state === 'staff' ? await UserFactory.create() : await UserFactory.apply(state).create()
      const refused = await upload(client, user, buffer)
      refused.assertStatus(403)
      refused.assertBodyContains({ status: 403 })
      assert.equal(await statusOf(client.get(`/api/creators/imports/${id}`).loginAs(user)), 403)
      assert.equal(await statusOf(client.get('/api/creators/template').loginAs(user)), 200)
    }
    for (const state of ['creator', 'company'] as const) {
      const user = await UserFactory.apply(state).create()
      assert.equal(await statusOf(upload(client, user, buffer)), 403)
      assert.equal(await statusOf(client.get('/api/creators/template').loginAs(user)), 403)
      assert.equal(await statusOf(client.get(`/api/creators/imports/${id}`).loginAs(user)), 403)
    }
    assert.equal(await statusOf(client.get('/api/creators/template')), 401)
    assert.equal(
      await statusOf(client.get(`/api/creators/imports/${id + 1000}`).loginAs(given.admin)),
      404
    )
    assert.equal(await statusOf(client.get('/api/creators/imports/abc').loginAs(given.admin)), 404)
  })

  test('anything but an .xlsx workbook is refused with a message, and nothing is queued', async ({
    client,
    assert,
  }) => {
    const post = () => client.post('/api/creators/imports').loginAs(given.admin)

    const none = await post().field('note', 'no file')
    none.assertStatus(422)
    none.assertBody({ status: 422, message: 'Choose an Excel file (.xlsx) to import.' })

    const csv = await post().file('file', Buffer.from('a,b\n1,2\n'), { filename: 'creators.csv' })
    csv.assertStatus(422)
    csv.assertBody({ status: 422, message: 'Only Excel workbooks (.xlsx) can be imported.' })

    const renamed = await post().file('file', Buffer.from('hello, not a workbook at all'), {
      filename: 'creators.xlsx',
    })
    renamed.assertStatus(422)
    renamed.assertBody({ status: 422, message: 'Only Excel workbooks (.xlsx) can be imported.' })

    // a ZIP that is not a workbook (a workbook with its workbook part renamed)
    const valid = await fillTemplate([creatorRow(1)])
    const notWorkbook = Buffer.from(valid)
    for (
      let index = notWorkbook.indexOf('xl/workbook.xml');
      index >= 0;
      index = notWorkbook.indexOf('xl/workbook.xml', index + 1)
    ) {
      notWorkbook.write('xl/workbooK.xml', index)
    }
    const zip = await post().file('file', notWorkbook, { filename: 'creators.xlsx' })
    zip.assertStatus(422)

    const korean = await post()
      .header('lang', 'kr')
      .file('file', Buffer.from('plain text'), { filename: 'creators.xlsx' })
    korean.assertBody({ status: 422, message: '엑셀 통합 문서(.xlsx)만 가져올 수 있습니다.' })

    const tooLarge = await post().file('file', Buffer.alloc(21 * 1024 * 1024, 1), {
      filename: 'creators.xlsx',
    })
    tooLarge.assertStatus(413)
    tooLarge.assertBody({ status: 413, message: 'The file is larger than 20 MB.' })

    assert.equal(
      await CreatorImport.query()
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      0
    )
    assert.equal(
      await db
        .from('queue_jobs')
        .count('* as total')
        .first()
        .then((row) => Number(row.total)),
      0
    )
  })

  test('garbage inside a workbook never gives a 5xx: broken files fail, odd cells become row errors', async ({
    client,
    assert,
  }) => {
    // a ZIP header followed by noise, and a workbook cut in half
    const noise = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5000, 7)])
    const noiseUpload = await upload(client, given.admin, noise)
    assert.isBelow(noiseUpload.status(), 500)
    assert.isAtLeast(noiseUpload.status(), 400)

    const valid = await fillTemplate([creatorRow(1)])
    const truncated = Buffer.concat([
      valid.subarray(0, Math.floor(valid.length / 2)),
      valid.subarray(valid.length - 22),
    ])
    const cut = await upload(client, given.admin, truncated)
    assert.isBelow(cut.status(), 500)
    if (cut.status() === 202) {
      await runImport(cut.body().data.id)
      const record = await CreatorImport.findOrFail(cut.body().data.id)
      assert.equal(record.status, 'failed')
    }

    // odd cells: formulas, rich text, hyperlinks, error values, huge texts, numbers for text
    // (a phone typed as a number lost its leading zero: refused, never guessed back)
    const weird = await fillTemplate([
      creatorRow(1, {
        contractor_name: { richText: [{ text: '리치' }, { text: '텍스트' }] },
        channel_name: { formula: 'CONCAT("A","B")', result: 'AB' },
        youtube_url: { text: 'my channel', hyperlink: 'https://www.youtube.com/@x' },
        remark: 'x'.repeat(5000),
        phone: 1012345678,
        area_code: 82,
        bilibili_fans: '1,234',
      }),
      creatorRow(2, {
        channel_name: { error: '#N/A' },
        email: '😀@😀',
        contract_date: '2024-13-45',
        end_date: 46000,
        ad_income_ratio: 'seventy',
        contracted_platforms: 'bilibili,,douyin ; youtube',
        douyin_fans: 1.5,
      }),
    ])
    const report = await importThroughApi(client, given.admin, weird)
    assert.equal(report.status, 'failed')
    const found = report.errors.map((error) => `${error.row}|${error.field}`)
    assert.sameMembers(found, [
      '4|youtube_url',
      '4|phone',
      '4|remark',
      '5|channel_name',
      '5|email',
      '5|contract_date',
      '5|ad_income_ratio',
      '5|douyin_fans',
    ])
    assert.equal(await rowCount('creators'), 0)
  })

  test('uploads whose job never ran are deleted after two days and their imports failed', async ({
    client,
    assert,
  }) => {
    const { mkdirSync, utimesSync, writeFileSync } = await import('node:fs')
    const folder = CreatorImportService.uploadsFolder()
    mkdirSync(folder, { recursive: true })
    const stalePath = `${folder}/stale-test-upload.xlsx`
    writeFileSync(stalePath, 'private data')
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000)
    utimesSync(stalePath, threeDaysAgo, threeDaysAgo)
    const stale = await CreatorImportFactory.merge({
      fileName: 'stale.xlsx',
      filePath: 'storage/imports/stale-test-upload.xlsx',
      createdAt: DateTime.utc().minus({ days: 3 }),
    }).create()

    const fresh = await upload(client, given.admin, await fillTemplate([creatorRow(1)]))
    fresh.assertStatus(202)

    assert.isFalse(existsSync(stalePath))
    await stale.refresh()
    assert.equal(stale.status, 'failed')
    assert.equal(
      stale.errors[0].message,
      'The import stopped unexpectedly; nothing was written. Please try again.'
    )
    const current = await CreatorImport.findOrFail(fresh.body().data.id)
    assert.equal(current.status, 'pending')
    assert.isTrue(existsSync(CreatorImportService.pathOf(current)))
  })
})
