import { DateTime } from 'luxon'
import GrowthMeasure from '#services/videos/growth/growth_measure'
import GrowthWindows from '#services/videos/growth/growth_windows'

/**
 * One video's delayed job: measure its due windows, then queue the next
 * one — at the end of the pause when its platform is paused, never again
 * when none is left. A failed measurement is left to the sweep (no tight
 * loop against a failing platform).
 */
export default class GrowthRunner {
  static async measureVideo(videoId: number, now: DateTime = DateTime.utc()) {
    const result = await GrowthMeasure.measure([videoId], now)
    const pause = result.deferred.get(videoId)
    let next: DateTime | null = null
    if (pause) {
      next = pause.until
    } else if (!result.failed.includes(videoId)) {
      const due = await GrowthWindows.nextDue(videoId)
      next = due && due < now ? now : due
    }
    if (next) await GrowthWindows.queue(videoId, next, now)
    return {
      taken: result.taken,
      late: result.late,
      missed: result.missed,
      deferred: Boolean(pause),
      failed: result.failed.length > 0,
      next: next?.toISO() ?? null,
    }
  }
}
