import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Runs the alert scan now, as the daily 13:30 job does:
 *
 *   node ace alerts:scan [--day=YYYY-MM-DD]
 */
export default class AlertsScan extends BaseCommand {
  static commandName = 'alerts:scan'
  static description = 'Scan tokens, cookies, failed collections and follower changes for alerts'
  static options: CommandOptions = { startApp: true }

  @flags.string({
    description: 'Snapshot day for growth and loss, YYYY-MM-DD (default: the newest)',
  })
  declare day?: string

  async run() {
    const { alertScanValidator } = await import('#validators/alert')
    const { default: AlertScanService } = await import('#services/alerts/alert_scan_service')
    const [error, input] = await alertScanValidator.tryValidate({ day: this.day })
    if (error) {
      this.logger.error(`--day must be a date written YYYY-MM-DD`)
      this.exitCode = 1
      return
    }
    const result = await AlertScanService.scan({ day: input.day })
    this.logger.success(
      `alerts for ${result.day}: ${result.found} conditions, ${result.created} new, ${result.updated} refreshed, ${result.resolved} resolved`
    )
  }
}
