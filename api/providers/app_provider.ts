import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'

/**
 * Starts the queue worker inside the web server (unless QUEUE_WORKER=false,
 * for API-only instances beside `node ace queue:listen` workers) and stops it
 * gracefully on SIGTERM/SIGINT: the job in hand finishes first.
 */
export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    if (env.get('QUEUE_WORKER') === false) return
    const { default: QueueService } = await import('#queue/main')
    await QueueService.startWorker()
  }

  async shutdown() {
    const { default: QueueService } = await import('#queue/main')
    await QueueService.stop()
  }
}
