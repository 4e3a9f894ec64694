import { withLease } from '#support/lease'
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, stat, unlink } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import db from '@adonisjs/lucid/services/db'
import CreatorImportJob from '#jobs/creator_import_job'
import CreatorImport from '#models/creator_import'
import QueueService from '#queue/main'
import AuditService from '#services/audit/audit_service'
import { ErrorList, type StoredImportError } from '#services/creators/excel/import_errors'
import { IMPORT_COLUMNS } from '#services/creators/excel/import_columns'
import { inspectWorkbookFile } from '#services/creators/excel/inspect'
import { readRows } from '#services/creators/excel/read'
import { validateRows } from '#services/creators/excel/validate'
import { writePlans } from '#services/creators/excel/write'
import type { Actor } from '#support/actor'
import { storeTitleWarnings, type StoredTitleWarning } from '#support/workbook_warnings'
import { sqlDateTime } from '#support/sql'

/**
 * Imports creators from the Excel template (api/services/creators/excel/).
 *
 * All or nothing: the file is read, then EVERY row is validated (VineJS row
 * rules, cross-field rules against the creator the row updates, duplicates
 * inside the file, uids owned by other creators); if any row has an error
 * nothing is written and the report lists every error by row and column.
 * Otherwise every write happens in ONE transaction.
 *
 * Idempotent: a row updates the creator it matches instead of creating a
 * duplicate — by brand_no; when brand_no is empty by contract_no; when both
 * are empty by contractor_name + channel_name (case-insensitive; several
 * matches are an error asking for the brand number). New rows without a
 * brand_no get `${APP_BRAND}-00001`-style numbers. On an update an empty
 * cell keeps the stored value (the import never clears a value) and only
 * values that differ are written, so importing the same file twice writes
 * nothing the second time: `updated_count` counts the rows that changed an
 * existing creator, `unchanged_count` those whose every filled cell already
 * held the stored value (they are not written, and leave no studio-log
 * entry). Titles read as another column's or not read at all are reported
 * as warnings (an import with warnings still runs).
 *
 * Progress: `processed_rows` counts validated rows (every ~100), then
 * `created_count` / `updated_count` grow while writing. On SQLite the one
 * connection belongs to the write transaction, so writing-phase progress is
 * only visible when the import ends.
 */

interface ImportProgress {
  totalRows: number
  processedRows: number
  createdCount: number
  updatedCount: number
  /** Rows that match a creator and hold exactly what is stored: nothing was written for them. */
  unchangedCount: number
}

type ImportPhase = 'reading' | 'validating' | 'writing'

interface ImportOptions {
  userId?: number | null
  importId?: number | null
  /** Validate and write inside a transaction that is rolled back. */
  dryRun?: boolean
  onProgress?: (progress: ImportProgress, phase: ImportPhase) => Promise<void> | void
}

interface ImportOutcome extends ImportProgress {
  status: 'completed' | 'failed'
  dryRun: boolean
  errors: StoredImportError[]
  errorCount: number
  /** Titles read as another column's, or not read at all. */
  warnings: StoredTitleWarning[]
}

class DryRunRollback extends Error {}

export default class CreatorImportService {
  /** Where uploads wait for their job (deleted once the import has finished). */
  static uploadsFolder() {
    return app.makePath('storage/imports')
  }

  /**
   * Takes an uploaded workbook (already checked by the controller): stores
   * it under the uploads folder, records the import and queues its job.
   */
  static async queueUpload(file: MultipartFile, actor: Actor) {
    const folder = this.uploadsFolder()
    QueueService.assertAvailable()
    await mkdir(folder, { recursive: true })
    await this.pruneStaleUploads()
    const name = `${randomUUID()}.xlsx`
    await file.move(folder, { name })
    const clientName = [...(file.clientName || 'creators.xlsx')]
      .filter((char) => char.charCodeAt(0) >= 0x20)
      .join('')
    const record = await CreatorImport.create({
      userId: actor.user.id,
      fileName: clientName.slice(0, 255),
      filePath: `storage/imports/${name}`,
      status: 'pending',
    })
    try {
      await QueueService.dispatch(CreatorImportJob, { importId: record.id })
    } catch (error) {
      await this.markInterrupted(record.id)
      throw error
    }
    await AuditService.log(actor, 'creator.import_upload', ['creator_import', record.id], {
      file_name: record.fileName,
    })
    return record
  }

  /** An import's row (404 when there is none). */
  static async find(importId: number) {
    const record = await CreatorImport.findOrFail(importId)
    return record
  }

  /**
   * Runs the import of a creator_imports row (the job's work): pending →
   * running → completed | failed, progress written as it goes. A row that
   * already finished is left alone, so a retried job changes nothing.
   */
  static async run(importId: number) {
    const record = await CreatorImport.find(importId)
    if (!record) return null
    if (record.status === 'completed' || record.status === 'failed') return record

    record.merge({
      status: 'running',
      totalRows: 0,
      processedRows: 0,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
      errors: [],
      warnings: [],
      finishedAt: null,
    })
    await record.save()

    const sqlite = db.connection().dialect.name.includes('sqlite')
    const outcome = await withLease('creator_imports', record.id, () =>
      this.importFile(this.pathOf(record), {
        userId: record.userId,
        importId: record.id,
        onProgress: async (progress, phase) => {
          // SQLite has one connection, held by the write transaction: report at the end
          if (phase === 'writing' && sqlite) return
          record.merge(progress)
          await record.save()
        },
      })
    )

    await this.recordOutcome(record, outcome)
    await this.discardUpload(record)
    return record
  }

  /** Writes a finished import's figures and errors into its row. */
  static async recordOutcome(record: CreatorImport, outcome: ImportOutcome) {
    record.merge({
      status: outcome.status,
      totalRows: outcome.totalRows,
      processedRows: outcome.processedRows,
      createdCount: outcome.createdCount,
      updatedCount: outcome.updatedCount,
      unchangedCount: outcome.unchangedCount,
      errors: outcome.errors as any,
      warnings: outcome.warnings,
      finishedAt: DateTime.utc(),
    })
    await record.save()
  }

  /** After the job's last failed attempt: the import is failed and its upload removed. */
  static async markInterrupted(importId: number) {
    const record = await CreatorImport.find(importId)
    if (!record || record.status === 'completed') return
    const errors = new ErrorList()
    errors.add(0, null, 'errors.interrupted')
    record.merge({ status: 'failed', errors: errors.report() as any, finishedAt: DateTime.utc() })
    await record.save()
    await this.discardUpload(record)
  }

  /**
   * Uploads whose job never ran (a worker that was down, a crash) would keep
   * private data on disk: files older than `maxAgeHours` are deleted and their
   * unfinished imports marked failed. Runs before each new upload.
   */
  static async pruneStaleUploads(maxAgeHours = 48) {
    const folder = this.uploadsFolder()
    const cutoff = Date.now() - maxAgeHours * 3600 * 1000
    const names = await readdir(folder).catch(() => [] as string[])
    for (const name of names) {
      const path = join(folder, name)
      const stats = await stat(path).catch(() => null)
      if (stats?.isFile() && stats.mtimeMs < cutoff) await unlink(path).catch(() => {})
    }
    const stale = await CreatorImport.query()
      .whereIn('status', ['pending', 'running'])
      .where('created_at', '<', sqlDateTime(DateTime.fromMillis(cutoff)))
    for (const record of stale) await this.markInterrupted(record.id)
  }

  static pathOf(record: CreatorImport) {
    return isAbsolute(record.filePath) ? record.filePath : app.makePath(record.filePath)
  }

  /** Uploaded files hold private data in plain text: they never outlive their import. */
  static async discardUpload(record: CreatorImport) {
    const path = resolve(this.pathOf(record))
    const inside = relative(this.uploadsFolder(), path)
    if (inside.startsWith('..') || isAbsolute(inside)) return
    await unlink(path).catch(() => {})
  }

  /** The import itself, for the job and for `node ace creators:import`. */
  static async importFile(path: string, options: ImportOptions = {}): Promise<ImportOutcome> {
    const progress: ImportProgress = {
      totalRows: 0,
      processedRows: 0,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 0,
    }
    const errors = new ErrorList()
    let warnings: StoredTitleWarning[] = []
    const report = (phase: ImportPhase) => options.onProgress?.({ ...progress }, phase)
    const fail = (): ImportOutcome => ({
      ...progress,
      status: 'failed',
      dryRun: Boolean(options.dryRun),
      errors: errors.report(),
      errorCount: errors.count,
      warnings,
    })

    const problem = await inspectWorkbookFile(path)
    if (problem) {
      errors.add(0, null, `errors.${problem.key}`, 'data' in problem ? problem.data : {})
      return fail()
    }

    const read = await readRows(path, async (count) => {
      progress.totalRows = count
      await report('reading')
    })
    if ('fileError' in read) {
      errors.add(0, null, read.fileError.key, read.fileError.data)
      return fail()
    }
    const rows = read.rows
    warnings = storeTitleWarnings(read.warnings)
    progress.totalRows = rows.length
    await report('reading')
    const missing = IMPORT_COLUMNS.filter(
      (column) => column.required && !read.columns.has(column.key)
    )
    if (missing.length) {
      for (const column of missing) errors.add(read.headerRow, column.key, 'errors.missing_column')
      return fail()
    }
    if (rows.length === 0) {
      errors.add(0, null, 'errors.no_rows')
      return fail()
    }

    const plans = await validateRows(rows, errors, async (processed) => {
      progress.processedRows = processed
      await report('validating')
    })
    progress.processedRows = rows.length
    await report('validating')
    if (errors.count > 0) return fail()

    try {
      await db.transaction(async (trx) => {
        await writePlans(plans, trx, options, async (counts) => {
          progress.createdCount = counts.created
          progress.updatedCount = counts.updated
          progress.unchangedCount = counts.unchanged
          await report('writing')
        })
        if (options.dryRun) throw new DryRunRollback()
      })
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error
    }
    return {
      ...progress,
      status: 'completed',
      dryRun: Boolean(options.dryRun),
      errors: [],
      errorCount: 0,
      warnings,
    }
  }
}
