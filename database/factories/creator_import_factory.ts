import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import CreatorImport from '#models/creator_import'
import { nextPadded } from '#database/factories/sequence'

/**
 * An Excel import waiting for its job (status pending, nothing counted yet);
 * merge `userId` for the admin who uploaded it, and the counters a test
 * needs. States: `running`, `completed` (finished now), `failed` (with the
 * one row error its report shows).
 */
export const CreatorImportFactory = factory
  .define(CreatorImport, () => {
    const name = `creators-${nextPadded()}.xlsx`
    return {
      userId: null,
      fileName: name,
      filePath: `storage/imports/${name}`,
      status: 'pending' as const,
      totalRows: 0,
      processedRows: 0,
      createdCount: 0,
      updatedCount: 0,
      errors: [],
      finishedAt: null,
    }
  })
  .state('running', (row) => {
    row.status = 'running'
  })
  .state('completed', (row) => {
    row.status = 'completed'
    row.finishedAt ??= DateTime.utc()
  })
  .state('failed', (row) => {
    row.status = 'failed'
    row.errors = [{ row: 4, column: 'Channel Name', message: 'The channel name is required.' }]
    row.finishedAt ??= DateTime.utc()
  })
  .build()
