import { Readable } from 'node:stream'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Creator from '#models/creator'
import CreatorPlatformAccount from '#models/creator_platform_account'
import { UserFactory } from '#database/factories/user_factory'
import { rowCount, setupGroupWith } from '#tests/helpers/functional'
import { loadWorkbook } from '#tests/helpers/excel'
import {
  creatorRow,
  fillTemplate,
  importThroughApi,
  removeLeftUploads,
  runImport,
  upload,
} from '#tests/helpers/imports'
import { workbookFiles } from '#support/workbook_stream'
import { repackedWorkbook, titledWorkbook, zipEntryNames } from '#tests/helpers/workbooks'

/*
| Workbooks as staff fill them in other tools: identifiers typed as numbers,
| full-width text, group rows, merged titles, near-miss titles, .XLSX names
| and unchanged re-imports.
*/

const ENTER_AS_TEXT =
  'Excel holds a number here, which loses leading zeros and long digits: enter it as text (format the column as Text, or type an apostrophe first).'

test.group('creators import / workbooks as staff fill them', (group) => {
  const given = setupGroupWith(group, async () => ({
    admin: await UserFactory.apply('admin').create(),
  }))
  group.each.setup(removeLeftUploads)

  test('an identifier typed as a number (or a date) is refused for its row: never guessed back', async ({
    client,
    assert,
  }) => {
    const buffer = await titledWorkbook({
      rows: [
        [
          'Contractor Name',
          'Channel Name',
          'Contract No.',
          'Phone',
          'Bank Account',
          'Bilibili UID',
          'Passport No.',
        ],
        ['김하나', 'Hana TV', 'C-001', 1012345678, 6222021234567890000, '332704117', 'M123'],
        ['이두리', 'Duri TV', 20240001, '010-2222-3333', '110-222-333333', 332704118, 12345678],
        ['박세나', 'Sena TV', 'C-003', '01055556666', '110-333-444444', '332704119', 'M125'],
        ['최네오', 'Neo TV', new Date(Date.UTC(2024, 0, 1)), null, null, null, null],
      ],
      // the Phone column formatted as Text: its typed text is fine, a number still is not
      formats: { D: '@' },
    })
    const report = await importThroughApi(client, given.admin, buffer)
    assert.equal(report.status, 'failed')
    assert.deepEqual(
      report.errors.map((error) => `${error.row}|${error.field}|${error.column}`),
      [
        '2|phone|Phone',
        '2|bank_account|Bank Account',
        '3|contract_no|Contract No.',
        '3|passport_no|Passport No.',
        '3|bilibili_uid|Bilibili UID',
        '5|contract_no|Contract No.',
      ]
    )
    assert.isTrue(report.errors.every((error) => error.message === ENTER_AS_TEXT))
    assert.equal(await rowCount('creators'), 0)

    const id = report.id
    const korean = await client
      .get(`/api/creators/imports/${id}`)
      .header('lang', 'kr')
      .loginAs(given.admin)
    assert.include(korean.body().data.errors[0].message, '텍스트로 입력하세요')
    const japanese = await client
      .get(`/api/creators/imports/${id}`)
      .header('lang', 'jp')
      .loginAs(given.admin)
    assert.include(japanese.body().data.errors[0].message, '文字列として入力してください')
  })

  test('full-width digits, letters and spaces are normalised before the checks (inline strings)', async ({
    client,
    assert,
  }) => {
    const buffer = await titledWorkbook({
      inline: true,
      rows: [
        [
          'Contractor Name',
          'Channel Name',
          'Contract No.',
          'Phone',
          'Bilibili UID',
          'Bilibili Fans',
          'Nationality',
          'Email',
        ],
        [
          '\u3000김지수\u3000',
          'Jisoo\u00a0Daily ',
          'Ｃ－２０２４－０１',
          '０１０－１２３４－５６７８',
          '３３２７０４１１７',
          '１５２，０００',
          'ｋｒ',
          'ｊｉｓｏｏ＠ｅｘａｍｐｌｅ．ｃｏｍ',
        ],
      ],
    })
    // zip entry names are stored as is: no shared strings part, every string is in its cell
    assert.notInclude(buffer.toString('latin1'), 'sharedStrings.xml')
    const report = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(report, { status: 'completed', created_count: 1, errors: [] })

    const creator = await Creator.findByOrFail('contract_no', 'C-2024-01')
    assert.equal(creator.contractorName, '김지수')
    assert.equal(creator.channelName, 'Jisoo Daily')
    assert.equal(creator.nationality, 'KR')
    assert.equal(creator.getPrivate('phone'), '010-1234-5678')
    assert.equal(creator.getPrivate('email'), 'jisoo@example.com')
    const account = await CreatorPlatformAccount.findByOrFail('creator_id', creator.id)
    assert.deepEqual(
      [account.platform, account.uid, Number(account.fans)],
      ['bilibili', '332704117', 152000]
    )
  })

  test('a group row above the template titles is not a creator: the title row is found below it', async ({
    client,
    assert,
  }) => {
    const filled = await fillTemplate([creatorRow(1), creatorRow(2)])
    const workbook = await loadWorkbook(filled)
    const sheet = workbook.getWorksheet('Creators')!
    sheet.spliceRows(1, 0, ['Contractor', null, null, null, 'Platforms'])
    sheet.mergeCells('A1:D1')
    sheet.mergeCells('E1:H1')
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer())

    const report = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(report, { status: 'completed', created_count: 2, warnings: [] })
    const creators = await Creator.all()
    const names = creators.map((creator) => creator.contractorName)
    assert.sameMembers(names, ['김테스트1', '김테스트2'])
  })

  test('titles merged over two rows beside titles under a group cell are all read', async ({
    client,
    assert,
  }) => {
    const buffer = await titledWorkbook({
      inline: true,
      rows: [
        ['Contractor', null, 'Bilibili UID', 'Bilibili Fans', 'Douyin', null],
        ['Contractor Name', 'Channel Name', null, null, 'Douyin UID', 'Douyin Fans'],
        ['김지수', 'Jisoo Daily', '332704117', 152000, 'MS4wLjABAAAAx', 48500],
      ],
      merges: ['A1:B1', 'C1:C2', 'D1:D2', 'E1:F1'],
    })
    const report = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(report, { status: 'completed', created_count: 1, warnings: [] })
    const creator = await Creator.firstOrFail()
    assert.equal(creator.contractorName, '김지수')
    await creator.load('accounts')
    assert.sameMembers(
      creator.accounts.map((account) => `${account.platform}:${account.uid}:${account.fans}`),
      ['bilibili:332704117:152000', 'douyin:MS4wLjABAAAAx:48500']
    )
    assert.equal(creator.totalFans, 152000 + 48500)
  })

  test('near-miss and unknown titles are warnings naming the column; clear aliases are read', async ({
    client,
    assert,
  }) => {
    const buffer = await titledWorkbook([
      [
        'Contractor Name',
        'channel  name',
        'Phone Number',
        'Bilibili ID',
        'ＥＭＡＩＬ',
        'Favourite Food',
        '手机号',
      ],
      [
        '김지수',
        'Jisoo Daily',
        '010-1234-5678',
        '332704117',
        'jisoo@example.com',
        'kimchi',
        '010-0000-0000',
      ],
    ])
    const report = await importThroughApi(client, given.admin, buffer)
    assert.containsSubset(report, { status: 'completed', created_count: 1 })
    const warnings = (report as unknown as { warnings: Record<string, string | null>[] }).warnings
    assert.deepEqual(
      warnings.map((warning) => [warning.kind, warning.column, warning.title, warning.meant]),
      [
        ['alias', 'B', 'channel  name', 'Channel Name'],
        ['alias', 'C', 'Phone Number', 'Phone'],
        ['near', 'D', 'Bilibili ID', 'Bilibili UID'],
        ['alias', 'E', 'ＥＭＡＩＬ', 'Email'],
        ['unknown', 'F', 'Favourite Food', null],
        ['duplicate', 'G', '手机号', 'Phone'],
      ]
    )
    assert.equal(
      warnings[2].message,
      'Column D “Bilibili ID” is not a template column and was not imported: did you mean “Bilibili UID”?'
    )
    const creator = await Creator.firstOrFail()
    assert.equal(creator.getPrivate('phone'), '010-1234-5678', 'the first phone column is read')
    assert.equal(creator.getPrivate('email'), 'jisoo@example.com')
    assert.equal(await rowCount('creator_platform_accounts'), 0, 'a near miss is never read')

    const chinese = await client
      .get(`/api/creators/imports/${report.id}`)
      .header('lang', 'ch')
      .loginAs(given.admin)
    assert.equal(
      chinese.body().data.warnings[2].message,
      '第 D 列“Bilibili ID”不是模板中的列，未导入：您是指“Bilibili UID”吗？'
    )
  })

  test('the parts of the file in any order: sheets stored before the workbook part are read', async ({
    client,
    assert,
  }) => {
    const filled = await fillTemplate([creatorRow(1), creatorRow(2)])
    const names = await zipEntryNames(filled)
    const sheets = names.filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    assert.lengthOf(sheets, 2, 'the creators sheet and the instructions')
    // shared strings and relationships first, the sheets next, workbook.xml last
    const late = await repackedWorkbook(filled, {
      first: ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', ...sheets.toReversed()],
    })
    const order = await zipEntryNames(late)
    assert.isBelow(order.indexOf(sheets[0]), order.indexOf('xl/workbook.xml'))

    const report = await importThroughApi(client, given.admin, late)
    assert.containsSubset(report, { status: 'completed', created_count: 2, errors: [] })
    assert.equal(await rowCount('creators'), 2)
  })

  test('a read that ends before parts the file lists is read again; one that keeps ending early is refused', async ({
    client,
    assert,
  }) => {
    const filled = await fillTemplate([creatorRow(1), creatorRow(2)])
    // what a read that ended early passes on: everything but the last part
    const cut = await repackedWorkbook(filled, { without: ['xl/workbook.xml'] })
    const open = workbookFiles.open
    let opened = 0
    try {
      workbookFiles.open = (path) => (++opened === 1 ? Readable.from([cut]) : open(path))
      const report = await importThroughApi(client, given.admin, filled)
      assert.containsSubset(report, { status: 'completed', created_count: 2, errors: [] })
      assert.equal(opened, 2, 'read again once')

      opened = 0
      workbookFiles.open = () => {
        opened++
        return Readable.from([cut])
      }
      const refused = await importThroughApi(
        client,
        given.admin,
        await fillTemplate([creatorRow(3)])
      )
      assert.equal(refused.status, 'failed')
      assert.deepEqual(
        refused.errors.map((error) => error.message),
        ['The file could not be read as an Excel workbook.']
      )
      assert.equal(opened, 3, 'three reads, then refused')
      assert.equal(await rowCount('creators'), 2, 'nothing of the refused file')
    } finally {
      workbookFiles.open = open
    }
  })

  test('a file named .XLSX is imported over HTTP; its bytes are still checked', async ({
    client,
    assert,
  }) => {
    const buffer = await fillTemplate([creatorRow(1)])
    const uploaded = await upload(client, given.admin, buffer, 'CREATORS.XLSX')
    uploaded.assertStatus(202)
    await runImport(uploaded.body().data.id)
    assert.equal(await rowCount('creators'), 1)

    const fake = await upload(client, given.admin, Buffer.from('a,b\n1,2\n'), 'CREATORS.XLSX')
    fake.assertStatus(422)
    fake.assertBody({ status: 422, message: 'Only Excel workbooks (.xlsx) can be imported.' })
    const csv = await upload(client, given.admin, buffer, 'creators.xlsx.csv')
    csv.assertStatus(422)
  })

  test('re-importing an unchanged file counts its rows as unchanged and writes nothing', async ({
    client,
    assert,
  }) => {
    const rows = (fans: number) => [
      ['Contractor Name', 'Channel Name', 'Phone', 'Bilibili UID', 'Bilibili Fans'],
      ['김하나', 'Hana TV', '010-1111-2222', '332704117', fans],
      ['이두리', 'Duri TV', '010-3333-4444', '332704118', 2000],
    ]
    const first = await importThroughApi(client, given.admin, await titledWorkbook(rows(1000)))
    assert.containsSubset(first, { status: 'completed', created_count: 2, unchanged_count: 0 })

    await db.from('creators').update({ updated_at: '2020-01-01 00:00:00' })
    await db.from('creator_platform_accounts').update({ updated_at: '2020-01-01 00:00:00' })
    const logged = await rowCount('audit_logs')
    const again = await importThroughApi(client, given.admin, await titledWorkbook(rows(1000)))
    assert.containsSubset(again, {
      status: 'completed',
      created_count: 0,
      updated_count: 0,
      unchanged_count: 2,
    })
    for (const table of ['creators', 'creator_platform_accounts']) {
      const bumped = await db.from(table).where('updated_at', '>', '2020-01-02').count('* as n')
      assert.equal(Number(bumped[0].n), 0, `${table} not written`)
    }
    // the upload itself is logged; the import, which changed nothing, is not
    assert.equal(await rowCount('audit_logs'), logged + 1)
    assert.equal(await rowCount('audit_logs', { action: 'creator.import' }), 1)

    const changed = await importThroughApi(client, given.admin, await titledWorkbook(rows(1500)))
    assert.containsSubset(changed, { created_count: 0, updated_count: 1, unchanged_count: 1 })
    const hana = await Creator.findByOrFail('channel_name', 'Hana TV')
    assert.equal(hana.totalFans, 1500)
  })
})
