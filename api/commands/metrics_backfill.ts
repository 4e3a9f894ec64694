import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import vine from '@vinejs/vine'
import { METRICS_RANGE_MAX_DAYS, PLATFORMS } from '#shared/constants'

const backfillValidator = vine.compile(
  vine.object({
    days: vine.number().withoutDecimals().min(1).max(METRICS_RANGE_MAX_DAYS),
    platform: vine.enum(PLATFORMS).optional(),
    until: vine
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
)

/**
 * Fills history from the simulator for the demo (MetricBackfillService):
 * `days` daily snapshots of every active account of a valid creator, ending
 * yesterday (or --until), their totals, and the accounts' latest fans.
 *
 *   node ace metrics:backfill --days 400 [--platform=bilibili] [--until=YYYY-MM-DD]
 *
 * Running it again rewrites the same rows. Prints the rows written per second.
 */
export default class MetricsBackfill extends BaseCommand {
  static commandName = 'metrics:backfill'
  static description = 'Fill N days of simulated metrics history (demo data)'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Number of days, ending yesterday', required: true })
  declare days: number

  @flags.string({ description: 'Only this platform, e.g. bilibili' })
  declare platform?: string

  @flags.string({ description: 'Last day, YYYY-MM-DD (default: yesterday)' })
  declare until?: string

  async run() {
    const { DateTime } = await import('luxon')
    const { default: MetricBackfillService } = await import('#services/metrics/backfill_service')

    const [error, input] = await backfillValidator.tryValidate({
      days: this.days,
      platform: this.platform,
      until: this.until,
    })
    if (error || (input.until && !DateTime.fromISO(input.until).isValid)) {
      for (const message of (error as any)?.messages ?? [
        { field: 'until', message: 'not a date' },
      ]) {
        this.logger.error(`${message.field}: ${message.message}`)
      }
      this.exitCode = 1
      return
    }

    let reported = 0
    const result = await MetricBackfillService.backfill({
      days: input.days,
      until: input.until ?? null,
      platform: input.platform ?? null,
      onProgress: (written, total) => {
        if (written - reported >= 100_000 || written === total) {
          this.logger.info(`${written} of ${total} rows written`)
          reported = written
        }
      },
    })
    const seconds = (result.durationMs / 1000).toFixed(1)
    this.logger.success(
      `Backfilled ${result.from} … ${result.until}: ${result.accounts} accounts × ${result.days} days = ` +
        `${result.rows} rows in ${seconds} s (${result.rowsPerSecond} rows/s, run #${result.runId})`
    )
  }
}
