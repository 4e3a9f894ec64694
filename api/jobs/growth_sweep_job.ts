import { Job } from '@rlanz/bull-queue'

/**
 * Every 10 minutes: the growth-hacking windows the queue lost or could not
 * run are measured (late, with their real age) — GrowthSweep.
 */
export default class GrowthSweepJob extends Job {
  static jobName = 'videos:growth:sweep'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(): Promise<void> {
    const { default: GrowthSweep } = await import('#services/videos/growth/growth_sweep')
    await GrowthSweep.run()
  }

  async rescue(_payload: unknown, error: Error) {
    this.logger.error({ err: error }, 'videos:growth:sweep failed')
  }
}
