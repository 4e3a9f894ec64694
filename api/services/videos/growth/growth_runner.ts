import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import AlertScanService from '#services/alerts/alert_scan_service'
import { VIDEO_ALERT_WINDOW_HOURS } from '#shared/alerts'
import GrowthMeasure from '#services/videos/growth/growth_measure'
import GrowthWindows from '#services/videos/growth/growth_windows'

/**
 * One video's delayed job: measure its due windows, then queue the next
 * one — at the end of the pause when its platform is paused, never again
 * when none is left. A measured 24-hour window raises the video alerts
 * (video_surge, video_under) at once. A failed measurement is left to the sweep (no tight
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
    if (result.recorded.get(videoId)?.includes(VIDEO_ALERT_WINDOW_HOURS)) {
      // its 24-hour window against the creator's median: an alert now, not at the next daily scan
      await AlertScanService.raiseVideoAlerts([videoId], now).catch((error) =>
        logger.warn(
          { err: error, videoId },
          'video alerts could not be raised; the daily scan does'
        )
      )
    }
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
