import { test } from '@japa/runner'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Creator from '#models/creator'
import CreatorImport from '#models/creator_import'
import CreatorsImport from '#commands/creators_import'
import { rawAceOutput, rowCount, runAce, setupFunctionalGroup } from '#tests/helpers/functional'
import { creatorRow, fillTemplate } from '#tests/helpers/imports'

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

    // the same file again: updates, and the command keeps the caller's file
    const again = await runAce(CreatorsImport, [path])
    again.assertSucceeded()
    again.assertLogMatches(/0 created, 2 updated/)
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
})
