import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import MetricCollectionRun, { type RunPause } from '#models/metric_collection_run'
import PlatformPause from '#models/platform_pause'
import NotificationService from '#services/notifications/notification_service'

/** Runs looked through for a paused platform's newest deferred count. */
const RECENT_RUNS = 30

/**
 * The platforms the per-platform breaker holds paused (tripped and not yet
 * answering normally again), each with the newest run's deferred count —
 * what the collection alert says instead of counting deferred accounts as
 * failures.
 */
async function pausedPlatforms(client?: TransactionClientContract) {
  const pauses = await PlatformPause.query({ client })
    .where('trips', '>', 0)
    .whereNotNull('paused_until')
    .orderBy('platform')
  if (!pauses.length) return []
  const runs = await MetricCollectionRun.query({ client })
    .whereNotNull('paused')
    .orderBy('id', 'desc')
    .limit(RECENT_RUNS)
  return pauses.map((pause) => {
    let entry: RunPause | undefined
    for (const run of runs) {
      entry = run.paused?.find((item) => item.platform === pause.platform)
      if (entry) break
    }
    return {
      platform: pause.platform,
      code: pause.code ?? 'rate_limited',
      upstreamCode: pause.upstreamCode,
      openedAt: pause.openedAt!,
      until: pause.pausedUntil!,
      trips: Number(pause.trips),
      deferred: entry?.deferred ?? 0,
    }
  })
}

/**
 * One headline notification per pause (a platform tripped again is a new
 * pause): "Bilibili paused (rate limited): 118 accounts deferred, retried
 * after 14:20", to admins and managers.
 */
export async function notifyPausedPlatforms(trx: TransactionClientContract) {
  const paused = await pausedPlatforms(trx)
  for (const pause of paused) {
    await NotificationService.notify(
      {
        kind: 'platform_paused',
        roles: ['admin', 'manager'],
        params: {
          platform: pause.platform,
          reason: pause.code,
          upstream_code: pause.upstreamCode,
          count: pause.deferred,
          until: pause.until.toUTC().toISO(),
        },
        link: '/app/dashboard',
        dedupeKey: `alerts:paused:${pause.platform}:${pause.openedAt.toUTC().toISO()}`,
      },
      trx
    )
  }
  return paused.length
}
