import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Finding } from '#services/alerts/alert_scan_service'
import { VIDEO_ALERT_WINDOW_HOURS, type AlertRules } from '#shared/alerts'
import GrowthMedians from '#services/videos/growth/growth_medians'
import { utcOf as toUtc } from '#support/dates'

/*
| The alert scan's check of new videos against their creator's median
| (alert_scan_service.ts): a surge or an underperformer at 24 hours.
*/

/**
 * New videos against their creator's median at 24 hours (the growth-hacking
 * window, api/services/videos/growth): views at least `videoSurgeMultiplier`
 * times the median raise `video_surge`, at most `videoUnderRatio` times it
 * `video_under` (a median of at least 3 previous videos). Reads the 24-hour
 * windows measured in the 3 days before `now`, or those of `videoIds`.
 */
export async function videoFindings(
  rules: AlertRules,
  now: DateTime,
  videoIds?: number[]
): Promise<Finding[]> {
  const query = db
    .from('video_growth_points as g')
    .join('videos as v', 'v.id', 'g.video_id')
    .join('creators as c', 'c.id', 'v.creator_id')
    .where('g.window_hours', VIDEO_ALERT_WINDOW_HOURS)
    .whereIn('g.status', ['taken', 'late'])
    .where('c.contract_status', 'valid')
    .select(
      'g.video_id',
      'g.status',
      'g.views',
      'g.taken_at',
      'v.creator_id',
      'v.account_id',
      'v.platform',
      'v.title',
      'v.published_at',
      'c.channel_name'
    )
  if (videoIds) query.whereIn('g.video_id', videoIds.length ? videoIds : [0])
  else {
    query.where('g.taken_at', '>=', now.minus({ days: 3 }).toUTC().toFormat('yyyy-MM-dd HH:mm:ss'))
  }
  const rows = await query
  if (!rows.length) return []
  const medians = await GrowthMedians.of(
    rows.map((row) => ({
      id: Number(row.video_id),
      creatorId: Number(row.creator_id),
      publishedAt: toUtc(row.published_at),
    }))
  )
  const findings: Finding[] = []
  for (const row of rows) {
    const videoId = Number(row.video_id)
    const [flag] = GrowthMedians.flags(
      [{ window_hours: VIDEO_ALERT_WINDOW_HOURS, status: row.status, views: Number(row.views) }],
      medians.get(videoId) ?? [],
      rules
    )
    if (!flag) continue
    const surge = flag.flag === 'out'
    findings.push({
      key: `video-${surge ? 'surge' : 'under'}:${videoId}`,
      kind: surge ? 'video_surge' : 'video_under',
      severity: surge ? 'warning' : 'info',
      creatorId: Number(row.creator_id),
      creatorName: row.channel_name,
      accountId: Number(row.account_id),
      platform: row.platform,
      day: (toUtc(row.taken_at) ?? now).toISODate()!,
      figures: {
        video_id: videoId,
        title: String(row.title ?? '').slice(0, 200),
        window_hours: VIDEO_ALERT_WINDOW_HOURS,
        views: flag.value,
        median: flag.median,
        ratio: flag.ratio,
        videos: flag.videos,
      },
    })
  }
  return findings
}
