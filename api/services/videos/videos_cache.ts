import db from '@adonisjs/lucid/services/db'
import studioConfig from '#config/studio'
import { VersionedCache } from '#support/versioned_cache'

/** How long a process trusts its view of the data version. */
const VERSION_TTL_MS = 5_000

/**
 * Answers of the video endpoints (dashboard, list pages, suggestions), kept
 * until the video data changes, within 8 % of the cache budget (least
 * recently used first out). Registered as `videos` in api/services/caches.ts:
 * the ingest clears it through `Caches.afterCommit(trx, 'videos')`, which
 * reaches every process through Redis when configured. Without a clear the
 * version (newest video id and `updated_at`, newest snapshot id: three
 * index look-ups) is re-read at most every 5 seconds, so a write from
 * another process shows within 5 seconds.
 */
export default new VersionedCache(
  Math.floor(studioConfig.cacheBudgetBytes * 0.08),
  async () => {
    const [videos, snapshots] = await Promise.all([
      db.from('videos').max('id as id').max('updated_at as updated').first(),
      db.from('video_snapshots').max('id as id').first(),
    ])
    return `${videos?.id ?? 0}|${videos?.updated ?? ''}|${snapshots?.id ?? 0}`
  },
  () => VERSION_TTL_MS
)
