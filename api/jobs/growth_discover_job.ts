import { Job } from '@rlanz/bull-queue'

/**
 * Hourly (GROWTH_DISCOVERY_CRON): the newest uploads of every collected
 * account, so that a video uploaded after the daily collection gets its
 * 6 and 12-hour growth windows (GrowthDiscovery).
 */
export default class GrowthDiscoverJob extends Job {
  static jobName = 'videos:growth:discover'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: GrowthDiscovery } = await import('#services/videos/growth/growth_discovery')
    await GrowthDiscovery.run()
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'videos:growth:discover failed')
  }
}
