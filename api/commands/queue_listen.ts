import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Runs a queue worker (and the schedules) without the HTTP server:
 * `node ace queue:listen`. SIGTERM and SIGINT stop it after the job in hand.
 */
export default class QueueListen extends BaseCommand {
  static commandName = 'queue:listen'
  static description = 'Process queued jobs and run the schedules'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { default: QueueService } = await import('#services/queue_service')
    await QueueService.startWorker()
    const stop = async () => {
      this.logger.info('stopping the queue worker after the job in hand')
      await this.app.terminate()
    }
    process.once('SIGTERM', stop)
    process.once('SIGINT', stop)
  }
}
