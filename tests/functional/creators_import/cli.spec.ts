import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Creator from '#models/creator'
import CreatorImport from '#models/creator_import'
import CreatorsImport from '#commands/creators_import'
import { rawAceOutput, rowCount, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorRow, fillTemplate } from '#tests/helpers/imports'
import { titledWorkbook } from '#tests/helpers/workbooks'

test.group('creators import / node ace creators:import', (group) => {
  setupFunctionalGroup(group)
  let folder: string
  group.each.setup(rawAceOutput)
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'creators-import-'))
    return () => {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  async function file(name: string, buffer: Buffer) {
    const path = join(folder, name)
    writeFileSync(path, buffer)
    return path
  }

  test('--dry-run checks every row and saves nothing; a real run imports and records the import', async ({
    assert,
  }) => {
    const path = await file('creators.xlsx', await fillTemplate([creatorRow(1), creatorRow(2)]))

    const dry = await runAce(CreatorsImport, [path, '--dry-run'])
    dry.assertSucceeded()
    dry.assertLogMatches(/Dry run, nothing saved\. 2 rows: 2 created, 0 updated/)
    assert.equal(await rowCount('creators'), 0)
    assert.equal(await rowCount('creator_platform_accounts'), 0)
    assert.equal(await rowCount('creator_imports'), 0)

    const real = await runAce(CreatorsImport, [path])
    real.assertSucceeded()
    real.assertLogMatches(/Imported 2 rows: 2 created, 0 updated/)
    assert.equal(await rowCount('creators'), 2)
    const creator = await Creator.findByOrFail('contract_no', 'T-2025-001')
    assert.equal(creator.getPrivate('passport_no'), 'M7700001')
    const record = await CreatorImport.firstOrFail()
    assert.containsSubset(record.toJSON(), {
      status: 'completed',
      totalRows: 2,
      processedRows: 2,
      createdCount: 2,
      updatedCount: 0,
      userId: null,
    })
    assert.isNotNull(record.finishedAt)

    // the same file again: nothing differs, so nothing is written; the caller's file is kept
    const again = await runAce(CreatorsImport, [path])
    again.assertSucceeded()
    again.assertLogMatches(/0 created, 0 updated, 2 unchanged/)
    assert.equal(await rowCount('creators'), 2)
    const { existsSync } = await import('node:fs')
    assert.isTrue(existsSync(path))
  })

  test('errors are printed by row and column, exit code 1, nothing imported', async ({
    assert,
  }) => {
    const path = await file(
      'bad.xlsx',
      await fillTemplate([creatorRow(1), creatorRow(2, { phone: 'call me', kind: 'ZZ' })])
    )
    const dry = await runAce(CreatorsImport, [path, '--dry-run'])
    dry.assertFailed()
    assert.equal(dry.exitCode, 1)
    dry.assertLogMatches(/2 error\(s\)/)
    dry.assertLogMatches(/row 5, Kind: Must be one of: CR, IP, CH\./)
    dry.assertLogMatches(/row 5, Phone: Digits, spaces and dashes only\./)

    const real = await runAce(CreatorsImport, [path])
    real.assertFailed()
    assert.equal(await rowCount('creators'), 0)
    const record = await CreatorImport.firstOrFail()
    assert.equal(record.status, 'failed')
    assert.lengthOf(record.errors, 2)

    const missing = await runAce(CreatorsImport, [join(folder, 'nope.xlsx')])
    missing.assertFailed()
    missing.assertLogMatches(/file: The file could not be read as an Excel workbook\./)
  })

  test('titles read as another column or not read are printed as warnings, in a dry run too', async ({
    assert,
  }) => {
    const path = await file(
      'Staff.XLSX',
      await titledWorkbook([
        ['Contractor Name', 'Channel Name', 'Phone Number', 'Bilibili ID'],
        ['김지수', 'Jisoo Daily', '010-1234-5678', '332704117'],
      ])
    )
    const dry = await runAce(CreatorsImport, [path, '--dry-run'])
    dry.assertSucceeded()
    dry.assertLogMatches(/Column C “Phone Number” was read as “Phone”\./)
    dry.assertLogMatches(
      /Column D “Bilibili ID” is not a template column and was not imported: did you mean “Bilibili UID”\?/
    )
    dry.assertLogMatches(/Dry run, nothing saved\. 1 rows: 1 created/)
    assert.equal(await rowCount('creators'), 0)

    const real = await runAce(CreatorsImport, [path])
    real.assertSucceeded()
    const record = await CreatorImport.firstOrFail()
    assert.deepEqual(
      record.warnings.map((warning) => `${warning.key}:${warning.column}:${warning.meant}`),
      ['alias:C:Phone', 'near:D:Bilibili UID']
    )
    assert.equal(await rowCount('creator_platform_accounts'), 0, 'a near miss is not read')
  })
})
