import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { MONTH_PATTERN } from '#shared/settlement'

/**
 * Runs a month's settlement the way POST /api/settlements/run does
 * (SettlementRunService.run): a draft statement for every creator with revenue,
 * a carried-over amount or a correction; drafts replaced, confirmed and paid
 * statements kept; one transaction; recorded in the studio log.
 *
 *   node ace settlement:run 2026-10 [--rate-date=2026-11-05]
 *
 * Exchange rates are the newest on or before the rate date (default today).
 */
export default class SettlementRun extends BaseCommand {
  static commandName = 'settlement:run'
  static description = "Compute a month's draft settlement statements (YYYY-MM)"
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The month, YYYY-MM' })
  declare month: string

  @flags.string({ description: 'Use the exchange rates of this day (YYYY-MM-DD); default today' })
  declare rateDate?: string

  async run() {
    if (!MONTH_PATTERN.test(this.month)) {
      this.logger.error('Write the month as YYYY-MM')
      this.exitCode = 1
      return
    }
    const { isDay } = await import('#validators/rules')
    if (this.rateDate !== undefined && !isDay(this.rateDate)) {
      this.logger.error('Write the rate date as YYYY-MM-DD')
      this.exitCode = 1
      return
    }
    const { default: SettlementRunService } =
      await import('#services/settlement/settlement_run_service')
    const { default: StudioException } = await import('#exceptions/studio_exception')
    const { default: i18nManager } = await import('@adonisjs/i18n/services/main')
    try {
      const result = await SettlementRunService.run(null, this.month, this.rateDate)
      this.logger.info(
        `${this.month}: ${result.drafts} draft statements (${result.replaced} replaced, ${result.kept} confirmed or paid kept), rates of ${result.rate_date}, rates version ${result.rate_set_id}`
      )
      for (const [currency, used] of Object.entries(result.rates)) {
        this.logger.info(`${currency}: ${used!.rate} (${used!.date}, ${used!.source})`)
      }
    } catch (error) {
      if (!(error instanceof StudioException)) throw error
      this.logger.error(i18nManager.locale('en').t(error.messageKey, error.data))
      this.exitCode = 1
    }
  }
}
