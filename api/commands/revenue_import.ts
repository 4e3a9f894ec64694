import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { resolve } from 'node:path'
import { MONTH_PATTERN } from '#shared/settlement'

/**
 * Imports a month's platform revenue from a workbook, the way an upload on
 * the settlement screen does (importRevenue): every row checked, all or
 * nothing, stored rows of the same creator, platform, kind and currency
 * updated.
 *
 *   node ace revenue:import 2026-10 path/to/revenue.xlsx [--dry-run]
 *
 * Columns: Brand No. (typed text), Platform, Kind (ad or other), Currency
 * (CNY, USD, KRW), Amount, and optionally Note and Month. Exits with 1 when
 * the file has errors.
 */
export default class RevenueImport extends BaseCommand {
  static commandName = 'revenue:import'
  static description = "Import a month's platform revenue from Excel (all rows or none)"
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The month, YYYY-MM' })
  declare month: string

  @args.string({ description: 'Path of the .xlsx file' })
  declare file: string

  @flags.boolean({ description: 'Check every row and report, without saving anything' })
  declare dryRun: boolean

  async run() {
    if (!MONTH_PATTERN.test(this.month)) {
      this.logger.error('Write the month as YYYY-MM')
      this.exitCode = 1
      return
    }
    const { importRevenue } = await import('#services/settlement/revenue_import')
    const { default: i18nManager } = await import('@adonisjs/i18n/services/main')
    const i18n = i18nManager.locale('en')
    const result = await importRevenue(null, resolve(process.cwd(), this.file), this.month, {
      dryRun: this.dryRun,
      t: (key, data) => i18n.t(key, data),
    })
    if ('fileError' in result) {
      this.logger.error(result.fileError!)
      this.exitCode = 1
      return
    }
    for (const warning of result.warnings) this.logger.warning(JSON.stringify(warning))
    if (result.errors.length) {
      for (const error of result.errors) {
        this.logger.error(`row ${error.row}, ${error.column}: ${error.message}`)
      }
      this.logger.error(`Nothing was imported: ${result.errors.length} problems to fix`)
      this.exitCode = 1
      return
    }
    const verb = this.dryRun ? 'would be ' : ''
    this.logger.info(
      `${this.month}: ${result.created} rows ${verb}created, ${result.updated} ${verb}updated, ${result.unchanged} unchanged${this.dryRun ? ' (dry run: nothing saved)' : ''}`
    )
  }
}
