import { Job } from '@rlanz/bull-queue'

/**
 * Every minute: the outside crawl tasks and videos tracked by link that are
 * due, and those a killed worker left, crawled in priority order with
 * bounded concurrency under the lease (OutsideCrawlSweep).
 */
export default class OutsideCrawlSweepJob extends Job {
  static jobName = 'outside:crawl:sweep'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: OutsideCrawlSweep } = await import('#services/outside/crawl_sweep')
    await OutsideCrawlSweep.run()
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'outside:crawl:sweep failed')
  }
}
