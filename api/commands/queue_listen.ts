import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Runs a queue worker (and the schedules) without the HTTP server:
 * `node ace queue:listen`. SIGTERM (bin/console.ts) and SIGINT stop it after
 * the job in hand: the app provider's shutdown stops the worker.
 */
export default class QueueListen extends BaseCommand {
  static commandName = 'queue:listen'
  static description = 'Process queued jobs and run the schedules'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { default: QueueService } = await import('#queue/main')
    await QueueService.startWorker()
    process.once('SIGINT', () => process.kill(process.pid, 'SIGTERM'))
  }
}
