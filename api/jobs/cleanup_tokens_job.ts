import { Job } from '@rlanz/bull-queue'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import TokenService from '#services/auth/token_service'

interface CleanupTokensPayload {
  /** Days to keep finished rows of the in-process queue. */
  keepFinishedJobsDays?: number
}

/**
 * Daily housekeeping: removes expired access and refresh tokens and old
 * finished rows of the in-process queue.
 */
export default class CleanupTokensJob extends Job {
  static jobName = 'tokens:cleanup'

  static get $$filepath() {
    return import.meta.url
  }

  async handle(payload: CleanupTokensPayload): Promise<void> {
    const tokens = await TokenService.prune()
    const cutoff = DateTime.utc().minus({ days: payload.keepFinishedJobsDays ?? 7 })
    const jobs = await db
      .from('queue_jobs')
      .whereIn('status', ['completed', 'failed'])
      .where('finished_at', '<', cutoff.toSQL({ includeOffset: false }))
      .delete()
    this.logger.info({ tokens, jobs: Number(jobs) }, 'tokens:cleanup finished')
  }

  async rescue(_payload: CleanupTokensPayload, error: Error) {
    this.logger.error({ err: error }, 'tokens:cleanup failed')
  }
}
