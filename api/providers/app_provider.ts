import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'

/**
 * - Follows Redis (when configured) in every process but the REPL, so rate
 *   limits, the queue and cache messages know at once whether it answers.
 * - Web servers sweep abandoned runs and imports at start and every 15 s
 *   (api/services/lease_sweeper.ts).
 * - Starts the queue worker inside the web server (unless QUEUE_WORKER=false,
 *   for API-only instances beside `node ace queue:listen` workers) and stops
 *   it gracefully on SIGTERM/SIGINT: the job in hand finishes first.
 */
export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() === 'repl') return
    const { default: redisLink } = await import('#support/redis_link')
    await redisLink.watch()
    const { default: Caches } = await import('#services/caches')
    await Caches.listen()
    if (this.app.getEnvironment() !== 'web') return
    const { default: LeaseSweeper } = await import('#services/lease_sweeper')
    LeaseSweeper.start()
    if (env.get('QUEUE_WORKER') === false) return
    const { default: QueueService } = await import('#queue/main')
    await QueueService.startWorker()
  }

  async shutdown() {
    // work begun after a commit (e.g. planning new videos' growth windows) ends before the database closes
    const { settleWork } = await import('#support/after_commit_work')
    await settleWork()
    const { default: LeaseSweeper } = await import('#services/lease_sweeper')
    LeaseSweeper.stop()
    // an upload in hand goes back to waiting at its last step instead of holding the shutdown
    const { default: PublicationRunner } = await import('#services/uploads/publication_runner')
    PublicationRunner.stopAll()
    // a Labs video download in hand stops its downloader and ends "interrupted"
    const { default: VideoDownloadRunner } = await import('#services/labs/video_download_runner')
    VideoDownloadRunner.stopAll()
    const { default: QueueService } = await import('#queue/main')
    await QueueService.stop()
  }
}
