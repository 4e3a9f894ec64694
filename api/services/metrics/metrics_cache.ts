import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import { VersionedCache } from '#support/versioned_cache'

/** How long a process trusts its view of the data version without a shared bus. */
const VERSION_TTL_MS = 5_000
/** With the bus (Redis), a safety net for a message lost while Redis was away. */
const VERSION_TTL_WITH_BUS_MS = 60_000

/**
 * Answers of the metric endpoints, kept in memory until the data changes,
 * within 52 % of the cache budget (the video endpoints have 8 %) (least recently used first out).
 *
 * Metrics change only when a collection (or backfill) rewrites a day and
 * rebuilds metric_daily_totals. The writer clears this cache through the
 * registry (api/services/caches.ts), which tells every other instance
 * through Redis when it is configured: then no request asks the database
 * whether its answer is still valid (only once a minute, in case a message
 * was lost). Without Redis the newest `updated_at` of metric_daily_totals
 * is the version, re-read at most every 5 seconds, so a CLI collection in
 * another process shows within 5 seconds.
 */
class MetricsCache extends VersionedCache {
  /** Set by the registry while cache messages reach this process. */
  busConnected: () => boolean = () => false

  constructor() {
    super(
      Math.floor(studioConfig.cacheBudgetBytes * 0.46),
      async () => {
        const row = await db
          .from('metric_daily_totals')
          .max('updated_at as updated')
          .count('* as rows')
          .first()
        return `${row?.updated ?? ''}|${row?.rows ?? 0}`
      },
      () => (this.busConnected() ? VERSION_TTL_WITH_BUS_MS : VERSION_TTL_MS)
    )
  }

  /** The data changed: forget every answer. */
  bump() {
    this.clear()
  }
}

export default new MetricsCache()
