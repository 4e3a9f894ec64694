import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { resolve } from 'node:path'

/**
 * Imports creators from a filled Excel template, the same way an upload in
 * the creator list does (CreatorImportService): every row validated, all or
 * nothing, existing creators updated rather than duplicated.
 *
 *   node ace creators:import path/to/creators.xlsx [--dry-run]
 *
 * A real run is recorded as a creator_imports row; --dry-run validates and
 * writes inside a transaction that is rolled back, and records nothing.
 * Exits with 1 when the file has errors.
 */
export default class CreatorsImport extends BaseCommand {
  static commandName = 'creators:import'
  static description = 'Import creators from the Excel template (all rows or none)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Path of the .xlsx file' })
  declare file: string

  @flags.boolean({ description: 'Check every row and report, without saving anything' })
  declare dryRun: boolean

  async run() {
    const { default: CreatorImport } = await import('#models/creator_import')
    const { default: CreatorImportService } =
      await import('#services/creators/excel/import_service')
    const path = resolve(process.cwd(), this.file)

    let record: InstanceType<typeof CreatorImport> | null = null
    if (!this.dryRun) {
      record = await CreatorImport.create({
        userId: null,
        fileName: path.split(/[\\/]/).pop()!.slice(0, 255),
        filePath: path,
        status: 'running',
      })
    }

    const logged: Record<string, number> = {}
    const started = Date.now()
    const { withLease } = await import('#support/lease')
    const { default: LeaseSweeper } = await import('#services/lease_sweeper')
    await LeaseSweeper.sweep()
    const importFile = () =>
      CreatorImportService.importFile(path, {
        importId: record?.id ?? null,
        dryRun: this.dryRun,
        onProgress: async (progress, phase) => {
          if (phase !== 'reading') {
            if (logged.reading === undefined) {
              this.logger.info(`${progress.totalRows} rows read`)
              logged.reading = progress.totalRows
            }
            const done =
              phase === 'validating'
                ? progress.processedRows
                : progress.createdCount + progress.updatedCount + progress.unchangedCount
            const last = logged[phase] ?? 0
            if (done > last && (done - last >= 1000 || done === progress.totalRows)) {
              this.logger.info(
                phase === 'validating'
                  ? `checked ${done} of ${progress.totalRows} rows`
                  : `${this.dryRun ? 'would write' : 'written'} ${done} of ${progress.totalRows} rows (${progress.createdCount} ${this.dryRun ? 'to create' : 'created'}, ${progress.updatedCount} ${this.dryRun ? 'to update' : 'updated'})`
              )
              logged[phase] = done
            }
          }
          if (record && phase !== 'writing') {
            record.merge(progress)
            await record.save()
          }
        },
      })
    const outcome = record
      ? await withLease('creator_imports', record.id, importFile)
      : await importFile()
    const seconds = (Date.now() - started) / 1000

    if (record) await CreatorImportService.recordOutcome(record, outcome)
    for (const warning of outcome.warnings) this.logger.warning(warning.message)

    if (outcome.status === 'failed') {
      this.logger.error(
        `${outcome.errorCount} error(s) in ${this.file}; nothing was imported${record ? ` (import #${record.id})` : ''}`
      )
      for (const error of outcome.errors) {
        const where = error.row ? `row ${error.row}` : 'file'
        this.logger.error(`${where}${error.column ? `, ${error.column}` : ''}: ${error.message}`)
      }
      this.exitCode = 1
      return
    }

    const summary = `${outcome.totalRows} rows: ${outcome.createdCount} created, ${outcome.updatedCount} updated, ${outcome.unchangedCount} unchanged`
    const speed = `${seconds.toFixed(1)} s, ${Math.round(outcome.totalRows / Math.max(seconds, 0.001))} rows/s`
    if (this.dryRun) this.logger.success(`Dry run, nothing saved. ${summary} (${speed})`)
    else this.logger.success(`Imported ${summary} (import #${record!.id}, ${speed})`)
  }
}
