import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import UploadPublication from '#models/upload_publication'
import PublicationRunner from '#services/uploads/publication_runner'
import Transfers from '#services/uploads/transfers'
import { lapsedLeases } from '#support/lease'
import { sqlDateTime } from '#support/sql'

/** A waiting publication this long past due has lost its job (its own job runs it before). */
export const UPLOAD_SWEEP_GRACE_MS = 60_000
/** Publications run per sweep (the next sweep goes on). */
const BATCH = 5
/** Unfinished transfers are looked for at most this often. */
const TRANSFER_SWEEP_EVERY_MS = 3600_000

/**
 * Restart recovery of the upload ledger ('uploads:sweep', every minute).
 * The publication rows are the ledger and the queue carries only ids, so
 * whatever the queue lost (an emptied queue, a Redis without persistence, a
 * worker killed with the job in hand) is found here: a waiting publication
 * more than a minute past due, and a publication `uploading` whose lease
 * expired or whose worker process is gone, are run now, oldest first
 * (PublicationRunner takes the lease, so a job that still turns up runs
 * nothing twice). Unfinished transfers older than a day are removed.
 */
export default class UploadSweep {
  static #transfersSweptAt = 0

  static async run(now: DateTime = DateTime.utc()) {
    const due = await UploadPublication.query()
      .whereIn('status', ['requesting', 'scheduled'])
      .where(
        'next_attempt_at',
        '<=',
        sqlDateTime(now.minus({ milliseconds: UPLOAD_SWEEP_GRACE_MS }))
      )
      .orderBy('next_attempt_at', 'asc')
      .orderBy('id', 'asc')
      .limit(BATCH)
    const abandoned = await lapsedLeases(
      'upload_publications',
      (query) => query.where('status', 'uploading'),
      { now, limit: 200 }
    )
    const ids = [...abandoned, ...due].slice(0, BATCH).map((row) => row.id)
    const outcomes: Record<string, number> = {}
    for (const id of ids) {
      const outcome = await PublicationRunner.run(id, { now })
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    }
    let transfers = 0
    if (Date.now() - this.#transfersSweptAt >= TRANSFER_SWEEP_EVERY_MS) {
      this.#transfersSweptAt = Date.now()
      transfers = await Transfers.sweep().catch((error) => {
        logger.warn({ err: error }, 'unfinished uploads could not be swept')
        return 0
      })
    }
    if (ids.length || transfers) {
      logger.info({ publications: ids, outcomes, transfers }, 'uploads swept')
    }
    return { publications: ids, outcomes, transfers }
  }
}
