import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Collects one day's metrics now, in this process, the same way the daily
 * 13:00 job does (MetricCollectionService):
 *
 *   node ace metrics:collect [--date=YYYY-MM-DD] [--platform=bilibili] [--creator=1,2]
 *
 * The day is yesterday (studio time zone) unless --date is given. Prints one
 * summary line; exits with 1 when the run fails (a crash, or every account
 * failed) or another run of the same scope is in progress.
 */
export default class MetricsCollect extends BaseCommand {
  static commandName = 'metrics:collect'
  static description = "Collect one day's platform metrics now (yesterday by default)"
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Day to collect, YYYY-MM-DD (default: yesterday)' })
  declare date?: string

  @flags.string({ description: 'Only this platform, e.g. bilibili' })
  declare platform?: string

  @flags.string({ description: 'Only these creators: ids separated by commas' })
  declare creator?: string

  async run() {
    const { collectValidator } = await import('#validators/metrics_collection')
    const { default: MetricCollectionService, yesterday } =
      await import('#services/metrics/collection_service')

    const [error, input] = await collectValidator.tryValidate({
      date: this.date,
      platform: this.platform,
      creator_ids: this.creator,
    })
    if (error) {
      for (const message of (error as any).messages ?? []) {
        this.logger.error(`${message.field}: ${message.message}`)
      }
      this.exitCode = 1
      return
    }

    const scope = {
      date: input.date ?? yesterday(),
      platform: input.platform ?? null,
      creatorIds: input.creator_ids?.length ? (input.creator_ids as number[]) : null,
    }
    if (scope.creatorIds) {
      const { default: Creator } = await import('#models/creator')
      const known = await Creator.query().whereIn('id', scope.creatorIds).select('id')
      const missing = scope.creatorIds.filter((id) => !known.some((creator) => creator.id === id))
      if (missing.length) {
        this.logger.error(`No creator with id ${missing.join(', ')}: nothing collected`)
        this.exitCode = 1
        return
      }
    }
    const running = await MetricCollectionService.overlapping(scope)
    if (running) {
      this.logger.error(
        `A collection of ${running.snapshotDate} is already ${running.status} (run #${running.id})`
      )
      this.exitCode = 1
      return
    }

    const run = await MetricCollectionService.createRun({ ...scope, trigger: 'cli' })
    try {
      await MetricCollectionService.collect({ runId: run.id, trigger: 'cli' })
    } catch (crash) {
      this.logger.error(`Run #${run.id} of ${scope.date} failed: ${(crash as Error).message}`)
      this.exitCode = 1
      return
    }
    await run.refresh()

    const seconds = ((run.durationMs ?? 0) / 1000).toFixed(1)
    const summary =
      `Run #${run.id}, ${run.snapshotDate}${run.platform ? ` (${run.platform})` : ''}: ` +
      `${run.total} accounts, ${run.succeeded} collected, ${run.failed} failed, ` +
      `${run.skipped} skipped${run.deferred ? `, ${run.deferred} deferred` : ''}` +
      `${run.videosFailed ? `, videos of ${run.videosFailed} accounts not written` : ''} in ${seconds} s`
    if (run.status === 'failed') {
      this.logger.error(`${summary}. ${run.error ?? ''}`.trim())
      this.exitCode = 1
    } else if (run.failed > 0 || run.deferred > 0 || run.videosFailed > 0) {
      this.logger.warning(summary)
    } else {
      this.logger.success(summary)
    }
    for (const pause of run.paused ?? []) {
      this.logger.warning(
        `  ${pause.platform} paused (${pause.code}${pause.upstream_code ? ` ${pause.upstream_code}` : ''}) until ${pause.until}: ` +
          `${pause.deferred} accounts deferred, ` +
          (pause.retry_at ? `retried after ${pause.retry_at}` : 'left to the next daily run')
      )
    }
    for (const failure of (run.failures ?? []).slice(0, 10)) {
      this.logger.info(
        `  account ${failure.account_id} (${failure.platform}, creator ${failure.creator_id}): ${failure.code} ${failure.message}`
      )
    }
  }
}
