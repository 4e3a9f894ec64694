import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import GrowthMeasure from '#services/videos/growth/growth_measure'
import { GROWTH_GIVE_UP_HOURS, GROWTH_SWEEP_GRACE_MINUTES } from '#shared/growth'
import { affectedRows, sqlDateTime } from '#support/sql'

/** Videos measured per pass of the sweep. */
const BATCH = 200
/** At most this many batches per sweep (the next sweep goes on). */
const MAX_BATCHES = 25

/**
 * Restart recovery of the growth-hacking windows. The table is the ledger
 * and the queue carries only ids, so whatever the queue lost (a Redis
 * without persistence, a process killed with jobs in hand) is found here:
 * every pending window more than GROWTH_SWEEP_GRACE_MINUTES past due is
 * measured as soon as possible (late, with its real age, when it is), and a
 * window still pending GROWTH_GIVE_UP_HOURS after it was due is given up
 * (missed). Runs every 10 minutes ('videos:growth:sweep').
 */
export default class GrowthSweep {
  static async run(now: DateTime = DateTime.utc()) {
    const givenUp = affectedRows(
      await db
        .from('video_growth_points')
        .where('status', 'pending')
        .where('due_at', '<', sqlDateTime(now.minus({ hours: GROWTH_GIVE_UP_HOURS })))
        .update({ status: 'missed', taken_at: sqlDateTime(now), updated_at: sqlDateTime() })
    )
    const totals = { videos: 0, taken: 0, late: 0, missed: givenUp, deferred: 0, failed: 0 }
    const skip = new Set<number>()
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const query = db
        .from('video_growth_points')
        .where('status', 'pending')
        .where('due_at', '<=', sqlDateTime(now.minus({ minutes: GROWTH_SWEEP_GRACE_MINUTES })))
        .distinct('video_id')
        .orderBy('video_id')
        .limit(BATCH)
      if (skip.size) query.whereNotIn('video_id', [...skip])
      const rows = await query
      const ids = rows.map((row) => Number(row.video_id))
      if (!ids.length) break
      const result = await GrowthMeasure.measure(ids, now)
      totals.videos += ids.length
      totals.taken += result.taken
      totals.late += result.late
      totals.missed += result.missed
      totals.deferred += result.deferred.size
      totals.failed += result.failed.length
      // what could not be measured now waits for the next sweep
      for (const id of [...result.deferred.keys(), ...result.failed]) skip.add(id)
      if (ids.length < BATCH) break
    }
    if (totals.videos || givenUp) logger.info(totals, 'growth windows swept')
    return totals
  }
}
